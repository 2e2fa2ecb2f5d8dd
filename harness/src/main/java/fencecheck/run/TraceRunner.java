package fencecheck.run;

import fencecheck.api.Conformance;
import fencecheck.api.LeaseProtocol;
import fencecheck.db.Database;
import fencecheck.db.ReplicatedDatabase;
import fencecheck.db.TestBed;
import fencecheck.db.VirtualClock;
import fencecheck.db.VirtualTimeClock;
import fencecheck.job.JobModel;
import fencecheck.trace.Trace;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Runs job traces statement by statement, the way PostgreSQL's isolation
 * tester runs its permutations: each worker has a session of its own; a
 * statement that blocks on another session's lock is seen blocked with
 * {@code pg_isolation_test_session_is_blocked} and left waiting while the
 * next step runs. Sessions are kept across tries; one whose transaction or
 * statement a try left behind (a try that diverged) is closed when the try ends, and its server process awaited.
 */
public final class TraceRunner implements AutoCloseable {

    /** How long a statement may run, neither answering nor blocked by another session of the try, before the try ends. */
    static final long STATEMENT_MILLIS = 10_000;

    /** How long a statement run on the runner's own thread may take before the try counts it as waiting after all. */
    static final int INLINE_LIMIT_MILLIS = 2_000;

    /**
     * Whether a statement may run on the runner's own thread when no other
     * session of the try has a transaction open or a statement running. Off for
     * good once one such statement waited anyway: the implementation holds locks
     * outside transactions (a session-level advisory lock, say).
     */
    private volatile boolean inlineStatements = true;

    /** {@code -Dfencecheck.strictLocks=true}: hold every statement to the reference's waits too. */
    public static final String STRICT_LOCKS_PROPERTY = "fencecheck.strictLocks";

    private final long statementMillis;
    private final boolean strictLocks;
    private final Conformance conformance;
    private final boolean throughFaultProxies;
    private final Database database;
    /** What the current try did to the standby of a replicated database. */
    private final Standby standby;
    private final LeaseProtocol protocol;
    private final JobModel model;
    private final TestBed testBed;
    /** The virtual time as a Java clock, for an implementation that reads time from Java. */
    private final VirtualTimeClock clock = new VirtualTimeClock();
    /**
     * Runs each statement on a thread of its own, so one that waits for a lock can be seen waiting. Platform
     * threads, kept for reuse: a blocking socket read on a virtual thread goes through the poller and back,
     * which costs more than the statement itself here.
     */
    private final ExecutorService statements = Executors.newCachedThreadPool(
            Thread.ofPlatform().name("fencecheck-statement-", 0).daemon().factory());
    private final Sessions sessions;
    private final LockWaits lockWaits;
    /** A clock move the database does not show yet (see {@link #moveClock}); null when it shows the Java clock's time. */
    private Long unsentClock;
    private final OperationMetrics metrics = new OperationMetrics();
    private final TryLog tries = new TryLog();
    private final FaultTimings faultTimings = new FaultTimings();

    public TraceRunner(Database database, LeaseProtocol protocol) {
        this(database, protocol, false);
    }

    /** @param throughFaultProxies whether worker sessions go through fault proxies of their own, so traces may hold network faults */
    public TraceRunner(Database database, LeaseProtocol protocol, boolean throughFaultProxies) {
        this(database, protocol, STATEMENT_MILLIS, Boolean.getBoolean(STRICT_LOCKS_PROPERTY), throughFaultProxies);
    }

    /**
     * @param statementMillis how long a statement may run, neither answering nor blocked by the try's sessions
     * @param strictLocks     whether a statement must also wait exactly where the reference would (an opt-in
     *                        check of the reference's own lock behaviour; a correct implementation may lock otherwise)
     */
    public TraceRunner(Database database, LeaseProtocol protocol, long statementMillis, boolean strictLocks) {
        this(database, protocol, statementMillis, strictLocks, false);
    }

    private TraceRunner(Database database, LeaseProtocol protocol, long statementMillis, boolean strictLocks,
                      boolean throughFaultProxies) {
        this(database, protocol, statementMillis, strictLocks, throughFaultProxies, protocol.conformance());
    }

    /**
     * @param conformance how closely the implementation is held to the reference: under {@link Conformance#STRICT}
     *                    any difference ends a try as a failure; under {@link Conformance#SAFETY} only an unsafe
     *                    answer or a broken invariant does, and an admissible difference is a note
     */
    public TraceRunner(Database database, LeaseProtocol protocol, boolean throughFaultProxies, Conformance conformance) {
        this(database, protocol, STATEMENT_MILLIS, Boolean.getBoolean(STRICT_LOCKS_PROPERTY), throughFaultProxies, conformance);
    }

    private TraceRunner(Database database, LeaseProtocol protocol, long statementMillis, boolean strictLocks,
                        boolean throughFaultProxies, Conformance conformance) {
        this.conformance = conformance;
        this.throughFaultProxies = throughFaultProxies;
        this.strictLocks = strictLocks;
        this.statementMillis = statementMillis;
        this.database = database;
        this.standby = new Standby(database);
        this.protocol = protocol;
        this.model = new JobModel(protocol.modelConfig());
        this.testBed = new TestBed(database, protocol);
        this.sessions = new Sessions(database, protocol, throughFaultProxies, statementMillis, statements,
                () -> inlineStatements);
        this.lockWaits = new LockWaits(sessions, statementMillis);
        protocol.useClock(clock);
    }

    public LeaseProtocol protocol() {
        return protocol;
    }

    /** How closely this runner holds the implementation to the reference. */
    public Conformance conformance() {
        return conformance;
    }

    public Database database() {
        return database;
    }

    /**
     * Moves the Java clock now and the database's before the next step that can run anything there
     * ({@link #sendClock}): between steps no statement runs (each has answered or waits for a lock, and reads the
     * clock only once it goes on), so clock moves in a row are seen as their last, and a move the trace ends
     * with is seen by nobody. That saves a round trip per such move.
     */
    void moveClock(long micros) {
        clock.set(micros);
        unsentClock = micros;
    }

    /** The clock the database shows the next statement: the last {@link #moveClock} move, sent or not. */
    long clockForNextStatement() throws SQLException {
        return unsentClock != null ? unsentClock : VirtualClock.read(observer());
    }

    /** Sets the database's clock to the last {@link #moveClock} move, when it does not show it yet. */
    void sendClock() throws SQLException {
        if (unsentClock != null) {
            VirtualClock.move(sessions.observer().connection, unsentClock);
            unsentClock = null;
        }
    }

    /** How long the injected faults took in real time (database restarts above all). */
    public FaultTimings faultTimings() {
        return faultTimings;
    }

    /** What every try this runner ran since the last {@link TryLog#reset()} reached, and the last that failed. */
    public TryLog tries() {
        return tries;
    }

    /** Figures over every try this runner ran since the last {@link OperationMetrics#reset()}. */
    public OperationMetrics metrics() {
        return metrics;
    }

    /**
     * Runs one try of the trace from empty tables and clock zero.
     *
     * @throws IllegalArgumentException when the trace runs job statements or the outbox relay and the implementation has none
     *                                  (begin, commit and rollback around lease operations and writes need none)
     */
    public TryResult run(Trace trace) {
        return oneTry(trace, execution -> {
            TryResult result = execution.run();
            metrics.recordTry(result);
            tries.record(result);
            return result;
        });
    }

    /**
     * Runs one try of the trace as {@link #run} does, figures kept, and gives with its result what each session
     * believes it holds at its end, as the runner's workers know it.
     */
    public QuietEnd runToTheEnd(Trace trace) {
        return oneTry(trace, execution -> {
            QuietEnd ended = execution.runKnowing();
            metrics.recordTry(ended.result());
            tries.record(ended.result());
            return ended;
        });
    }

    /**
     * Runs one try of the trace as {@link #run} does, but keeps no figures of it: its result with the events of its
     * history and the state it ends in, quiet.
     */
    TryExecution.Tried tried(Trace trace) {
        return oneTry(trace, TryExecution::runKeepingEvents);
    }

    /** What is done with one try of a trace, from its start to what it gives back. */
    @FunctionalInterface
    private interface TryBody<T> {
        T of(TryExecution execution) throws SQLException;
    }

    private <T> T oneTry(Trace trace, TryBody<T> body) {
        if (trace.needsJobOperations() && !protocol.hasJobTransaction()) {
            throw new IllegalArgumentException("the trace runs the job transaction or the outbox relay, but " + protocol.name()
                    + " has none (its LeaseProtocol does not implement jobClient): give it a trace of lease operations and writes only");
        }
        // one try at a time per database, and alone in the JVM when it shares more than its database (see TryLocks)
        try (TryLocks.Held held = TryLocks.forTry(database, protocol, throughFaultProxies, trace)) {
            sessions.readyForTry();
            resetTables();
            // the virtual clock again before every try: a real-time run between two tries of this runner handed the
            // implementation the real clock, and a library that keeps its clock in a static field still holds it
            protocol.useClock(clock);
            // a fresh try is a fresh application: nothing the coordinator kept belongs to the emptied tables
            protocol.restartCoordinator();
            try {
                T result;
                try {
                    result = body.of(new TryExecution(this, model, trace));
                } catch (StatementWatch.InlineBlocked blocked) {
                    inlineStatements = false;
                    System.err.println("fencecheck: " + protocol.name() + " holds a lock outside any transaction (a statement waited"
                            + " with no other transaction open): from now on every statement runs on a thread of its own, which is slower");
                    sessions.dropConnected();
                    standby.restore();
                    resetTables();
                    protocol.restartCoordinator();
                    result = body.of(new TryExecution(this, model, trace));
                }
                return result;
            } finally {
                // a try that ended at a divergence may leave transactions open and statements waiting: their locks
                // would hold up the next try of any runner on this database, so they go now
                sessions.dropDirty();
                standby.restore();
            }
        } catch (SQLException e) {
            throw new IllegalStateException("the database failed outside any step (" + database.describe() + "): " + e.getMessage(), e);
        }
    }

    /** Empty tables and every clock at 0. */
    private void resetTables() throws SQLException {
        testBed.reset(sessions.observer().connection);
        clock.set(0);
        unsentClock = null;
    }

    /** Whether statements still run on the runner's own thread when nothing else can hold a lock (see {@link #INLINE_LIMIT_MILLIS}). */
    public boolean runsStatementsInline() {
        return inlineStatements();
    }

    boolean inlineStatements() {
        return inlineStatements && !strictLocks;
    }

    boolean strictLocks() {
        return strictLocks;
    }

    long statementMillis() {
        return statementMillis;
    }

    Connection observer() {
        return sessions.observer().connection;
    }

    /** The sessions of the runner's tries and the observer's. */
    Sessions sessions() {
        return sessions;
    }

    /** What the database shows of the try's lock waits. */
    LockWaits lockWaits() {
        return lockWaits;
    }

    ExecutorService statements() {
        return statements;
    }

    /** Whether worker sessions go through fault proxies of their own, so traces may hold network faults. */
    public boolean throughFaultProxies() {
        return throughFaultProxies;
    }

    /**
     * Crashes the server and starts it again on the same data: every session's
     * connection dies with it (a statement still running gets an error), and
     * they reconnect when next used; the observer reconnects now.
     */
    void crashDatabase() throws SQLException {
        long started = System.nanoTime();
        database.crashAndRestart();
        faultTimings.databaseRestart(System.nanoTime() - started);
        sessions.reconnectAfterRestart();
    }

    /**
     * Fails a replicated database over: every session is cut, as in a crash, and the observer reconnects to the new
     * primary at the same address. The old primary comes back as the new standby (a base backup, a second or so),
     * because the next failover, of this try or of any later one (a property runs hundreds, a shrinker more), needs a
     * standby to promote; what the failover lost is settled before, at the promotion.
     *
     * @throws IllegalArgumentException, in one line, when the database has no standby fencecheck can promote
     */
    void failover() throws SQLException {
        long started = System.nanoTime();
        try {
            database.failover(true);
            // the promoted standby's place is taken by the old primary, streaming
            standby.replacedByFailover();
        } catch (UnsupportedOperationException | IllegalStateException e) {
            throw new IllegalArgumentException("the trace fails the database over, but " + e.getMessage(), e);
        }
        faultTimings.databaseRestart(System.nanoTime() - started);
        sessions.reconnectAfterRestart();
    }

    /** The server that is primary now, as {@code port N}, or null when the database is not a pair fencecheck started. */
    String primary() {
        return database instanceof ReplicatedDatabase pair ? "port " + pair.pair().primaryPort() : null;
    }

    /** @see Standby#stop() */
    boolean stopStandby() {
        return standby.stop();
    }

    /** @see Standby#caughtUp(Connection) */
    void standbyCaughtUp() throws SQLException {
        standby.caughtUp(sessions.observer().connection);
    }

    /** @see Standby#holdReplay() */
    boolean holdReplay() throws SQLException {
        return standby.holdReplay();
    }

    static void pause() {
        pause(300);
    }

    static void pause(long micros) {
        try {
            Thread.sleep(micros / 1000, (int) (micros % 1000) * 1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        // not while a try of this runner runs on another thread (a property engine's late shrinking)
        try (TryLocks.Held held = TryLocks.onDatabase(database, false)) {
            sessions.close();
            standby.closeReader();
            statements.shutdownNow();
        }
    }
}
