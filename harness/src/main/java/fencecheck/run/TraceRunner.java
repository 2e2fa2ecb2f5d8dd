package fencecheck.run;

import fencecheck.db.Backends;
import fencecheck.db.Database;
import fencecheck.db.ReplicatedDatabase;
import fencecheck.db.TestBed;
import fencecheck.job.JobModel;
import fencecheck.model.Conformance;
import fencecheck.protocol.LeaseProtocol;
import fencecheck.trace.Trace;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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

    /**
     * One try at a time per JVM: the database is shared, and a property
     * engine may still be shrinking on another thread when the next starts.
     */
    public static final java.util.concurrent.locks.ReentrantLock ONE_TRY_AT_A_TIME = new java.util.concurrent.locks.ReentrantLock();

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
    private static final java.util.concurrent.atomic.AtomicLong PROXY_NUMBER = new java.util.concurrent.atomic.AtomicLong();
    private final Database database;
    /** What the current try did to the standby of a replicated database. */
    private final Standby standby;
    private final LeaseProtocol protocol;
    private final JobModel model;
    private final TestBed testBed;
    /** The virtual time as a Java clock, for an implementation that reads time from Java. */
    private final fencecheck.db.VirtualTimeClock clock = new fencecheck.db.VirtualTimeClock();
    private final Map<String, Session> sessions = new HashMap<>();
    /**
     * Runs each statement on a thread of its own, so one that waits for a lock can be seen waiting. Platform
     * threads, kept for reuse: a blocking socket read on a virtual thread goes through the poller and back,
     * which costs more than the statement itself here.
     */
    private final ExecutorService statements = Executors.newCachedThreadPool(
            Thread.ofPlatform().name("fencecheck-statement-", 0).daemon().factory());
    /** Reads rows and the clock, and asks whether a statement waits; never takes part in a try. */
    private final Session observer = new Session("observer");
    private PreparedStatement isBlocked;
    private PreparedStatement blockingPids;
    private long sessionsOfRestart = -1;
    /** A clock move the database does not show yet (see {@link #moveClock}); null when it shows the Java clock's time. */
    private Long unsentClock;
    private final OperationMetrics metrics = new OperationMetrics();
    private final TryLog tries = new TryLog();
    /**
     * Connections opened ahead, never used: a restart or a fault drops a session, and its successor takes a
     * fresh connection (a new server process, as a real restart gets) without waiting for the connect.
     */
    private final java.util.concurrent.ConcurrentLinkedDeque<Connection> spares = new java.util.concurrent.ConcurrentLinkedDeque<>();
    private static final int SPARES = 2;

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

    /** Sets the database's clock to the last {@link #moveClock} move, when it does not show it yet. */
    void sendClock() throws SQLException {
        if (unsentClock != null) {
            fencecheck.db.VirtualClock.move(observer.connection, unsentClock);
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
        if (trace.needsJobOperations() && !protocol.hasJobTransaction()) {
            throw new IllegalArgumentException("the trace runs the job transaction or the outbox relay, but " + protocol.name()
                    + " has none (its LeaseProtocol does not implement jobClient): give it a trace of lease operations and writes only");
        }
        ONE_TRY_AT_A_TIME.lock();
        try {
            if (database.restarts() != sessionsOfRestart) {
                closeSpares();
                sessions.values().forEach(Session::close);
                sessions.clear();
                observer.close();
                sessionsOfRestart = database.restarts();
            }
            if (observer.connection == null || observer.connection.isClosed()) {
                connectObserver();
            }
            dropDirtySessions();
            resetTables();
            // a fresh try is a fresh application: nothing the coordinator kept belongs to the emptied tables
            protocol.restartCoordinator();
            try {
                TryResult result;
                try {
                    result = new TryExecution(this, model, trace).run();
                } catch (StatementWatch.InlineBlocked blocked) {
                    inlineStatements = false;
                    System.err.println("fencecheck: " + protocol.name() + " holds a lock outside any transaction (a statement waited"
                            + " with no other transaction open): from now on every statement runs on a thread of its own, which is slower");
                    sessions.values().stream().filter(x -> x.connection != null).forEach(this::dropQuietly);
                    standby.restore();
                    resetTables();
                    protocol.restartCoordinator();
                    result = new TryExecution(this, model, trace).run();
                }
                metrics.recordTry(result);
                tries.record(result);
                return result;
            } finally {
                // a try that ended at a divergence may leave transactions open and statements waiting: their locks
                // would hold up the next try of any runner on this database, so they go now
                dropDirtySessions();
                standby.restore();
            }
        } catch (SQLException e) {
            throw new IllegalStateException("the database failed outside any step (" + database.describe() + "): " + e.getMessage(), e);
        } finally {
            ONE_TRY_AT_A_TIME.unlock();
        }
    }

    /** Empty tables and every clock at 0. */
    private void resetTables() throws SQLException {
        testBed.reset(observer.connection);
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

    private void dropQuietly(Session session) {
        try {
            drop(session);
        } catch (SQLException ignored) {
            // its server process goes when its connection does
        }
    }

    boolean strictLocks() {
        return strictLocks;
    }

    long statementMillis() {
        return statementMillis;
    }

    Connection observer() {
        return observer.connection;
    }

    /** The observer's clients, to read rows as committed. */
    Session observerSession() {
        return observer;
    }

    /** Whether the statement of {@code session} waits for a lock another session of the try holds. */
    boolean isBlocked(Session session) throws SQLException {
        List<Integer> others = new ArrayList<>();
        for (Session other : sessions.values()) {
            if (other != session && other.connection != null) {
                others.add(other.backendPid);
            }
        }
        // prepared once per observer connection: a database restart replaces the connection
        if (isBlocked == null || isBlocked.getConnection() != observer.connection) {
            isBlocked = observer.connection.prepareStatement("select pg_catalog.pg_isolation_test_session_is_blocked(?, ?)");
        }
        isBlocked.setInt(1, session.backendPid);
        isBlocked.setArray(2, observer.connection.createArrayOf("int4", others.toArray()));
        try (ResultSet rs = isBlocked.executeQuery()) {
            rs.next();
            return rs.getBoolean(1);
        }
    }

    /**
     * Whether the blocked sessions wait for each other in a cycle, which the
     * database's deadlock detector will break by aborting one of them (after
     * its {@code deadlock_timeout}): until then the try is not quiet.
     */
    boolean waitCycle(List<Session> blocked) throws SQLException {
        if (blocked.size() < 2) {
            return false;
        }
        Map<Integer, List<Integer>> waitsFor = new HashMap<>();
        if (blockingPids == null || blockingPids.getConnection() != observer.connection) {
            blockingPids = observer.connection.prepareStatement("select unnest(pg_catalog.pg_blocking_pids(?))");
        }
        for (Session s : blocked) {
            blockingPids.setInt(1, s.backendPid);
            List<Integer> holders = new ArrayList<>();
            try (ResultSet rs = blockingPids.executeQuery()) {
                while (rs.next()) {
                    holders.add(rs.getInt(1));
                }
            }
            waitsFor.put(s.backendPid, holders);
        }
        for (Integer start : waitsFor.keySet()) {
            if (reaches(waitsFor, start, start, new java.util.HashSet<>())) {
                return true;
            }
        }
        return false;
    }

    private static boolean reaches(Map<Integer, List<Integer>> waitsFor, int from, int target, java.util.Set<Integer> seen) {
        for (int next : waitsFor.getOrDefault(from, List.of())) {
            if (next == target || (seen.add(next) && reaches(waitsFor, next, target, seen))) {
                return true;
            }
        }
        return false;
    }

    ExecutorService statements() {
        return statements;
    }

    /** The session of a worker, the relay or the consumer, connected. */
    Session session(String name) throws SQLException {
        Session session = sessions.computeIfAbsent(name, Session::new);
        if (session.connection == null) {
            connect(session);
        }
        return session;
    }

    boolean throughFaultProxies() {
        return throughFaultProxies;
    }

    /** A worker's session goes through a fault proxy of its own when the runner injects network faults. */
    private void connect(Session session) throws SQLException {
        if (throughFaultProxies && session.proxy == null && session.name.matches("w\\d.*")) {
            try {
                session.proxy = fencecheck.faults.proxy.FaultProxies.server().createProxy(
                        "fencecheck-job-" + PROXY_NUMBER.incrementAndGet(), database.host(), database.port());
            } catch (java.io.IOException e) {
                throw new SQLException("cannot create a fault proxy on " + fencecheck.faults.proxy.FaultProxies.server().description()
                        + ": " + e.getMessage(), e);
            }
        }
        Connection connection;
        if (session.proxy != null) {
            java.net.InetSocketAddress address = fencecheck.faults.proxy.FaultProxies.server().connectAddress(session.proxy);
            connection = database.connectThrough(address.getHostString(), address.getPort());
        } else {
            Connection spare = spares.poll();
            connection = spare != null && !spare.isClosed() ? spare : database.connect();
            replenishSpares();
        }
        session.connection = connection;
        session.backendPid = connection.unwrap(org.postgresql.PGConnection.class).getBackendPID();
        session.lease = protocol.client(connection);
        // a lease-only implementation's writes still run inside begin ... rollback: the runner opens that transaction itself
        session.jobs = protocol.hasJobTransaction() ? protocol.jobClient(connection) : new TransactionsOnly(connection);
    }

    private void dropDirtySessions() throws SQLException {
        for (Session session : sessions.values()) {
            if (session.dirty()) {
                drop(session);
            }
        }
    }

    /** A session that exists, connected or not, without connecting it; null when there is none of that name. */
    Session existing(String name) {
        return sessions.get(name);
    }

    Iterable<Session> sessions() {
        return sessions.values();
    }

    /** Closes a session a try left in a transaction or a statement, and waits, bounded, until its server process is gone. */
    /** Opens connections ahead on a thread of their own, up to {@link #SPARES}; one that fails is simply not there. */
    private void replenishSpares() {
        if (spares.size() >= SPARES || statements.isShutdown()) {
            return;
        }
        long restart = database.restarts();
        statements.submit(() -> {
            try {
                Connection c = database.connect();
                if (database.restarts() == restart && spares.size() < SPARES) {
                    spares.add(c);
                } else {
                    c.close();
                }
            } catch (SQLException | RuntimeException ignored) {
                // the next session connects itself
            }
        });
    }

    private void closeSpares() {
        for (Connection c; (c = spares.poll()) != null; ) {
            try {
                c.close();
            } catch (SQLException ignored) {
                // a spare nobody used
            }
        }
    }

    /**
     * An incarnation dies. A session that holds nothing (no transaction, no
     * statement, no proxy) keeps its connection, parked under the dead
     * incarnation's name until a later try's incarnation of that name takes
     * it, as every session is kept across tries; only the locks it holds
     * outside transactions are released now, as its death would. Any other
     * session is dropped.
     */
    void retire(Session session) throws SQLException {
        if (!inlineStatements || session.proxy != null || session.connection == null || session.dirty()) {
            drop(session);
            return;
        }
        try (java.sql.Statement s = session.connection.createStatement()) {
            s.execute("select pg_catalog.pg_advisory_unlock_all()");
        }
    }

    void drop(Session session) throws SQLException {
        int pid = session.backendPid;
        // a session in a transaction or a statement holds locks others may wait for: its server process must be gone
        // before the try goes on; an idle one holds none, and its process exits on its own when the socket closes
        boolean holdsLocks = session.dirty();
        // the proxy goes first: deleting it cuts its sockets, so a statement it still holds never reaches the
        // database (removing the hold would deliver it), and nothing it holds or loses touches the next connection,
        // which gets a proxy of its own
        session.deleteProxy();
        if (session.pending != null) {
            session.pending.cancel(true);
        }
        session.close();
        if (holdsLocks || !inlineStatements) {
            Backends.terminate(observer.connection, pid, statementMillis);
        }
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
        reconnectAfterRestart();
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
        reconnectAfterRestart();
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
        standby.caughtUp(observer.connection);
    }

    /** @see Standby#holdReplay() */
    boolean holdReplay() throws SQLException {
        return standby.holdReplay();
    }

    private void reconnectAfterRestart() throws SQLException {
        closeSpares();
        for (Session session : sessions.values()) {
            if (session.pending != null) {
                session.pending.cancel(true);
            }
            session.close();
        }
        sessionsOfRestart = database.restarts();
        observer.close();
        connectObserver();
    }

    private void connectObserver() throws SQLException {
        connect(observer);
        try (java.sql.Statement s = observer.connection.createStatement()) {
            // the harness's own commits (the clock) are durable whatever the implementation sets for its sessions
            s.execute("set synchronous_commit to on");
            // the observer reads each key's rows after nearly every step with the same few statements: planned
            // once, not for each read (a row inspection takes about a third less; its answer is the same)
            s.execute("set plan_cache_mode to force_generic_plan");
        }
    }

    /**
     * Where the server process of a session whose client gave up on a
     * statement (its answer lost) stands, once the statement it received is
     * no longer running: waits, bounded, until the process is idle (in a
     * transaction or not), waits for a lock, or is gone. A statement still
     * blocked by a lock did not run, and the drop that follows cancels it.
     */
    ServerSide afterTheClientGaveUp(Session session) throws SQLException {
        long deadline = System.nanoTime() + statementMillis * 1_000_000;
        try (PreparedStatement state = observer.connection.prepareStatement(
                "select state from pg_catalog.pg_stat_activity where pid = ?")) {
            state.setInt(1, session.backendPid);
            while (true) {
                try (ResultSet rs = state.executeQuery()) {
                    if (!rs.next()) {
                        return ServerSide.GONE;
                    }
                    String s = rs.getString(1);
                    if (s != null && s.startsWith("idle")) {
                        return s.equals("idle") ? ServerSide.IDLE : ServerSide.IN_TRANSACTION;
                    }
                }
                if (isBlocked(session) || System.nanoTime() > deadline) {
                    return ServerSide.WAITING;
                }
                pause();
            }
        }
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
        ONE_TRY_AT_A_TIME.lock();
        try {
            sessions.values().forEach(Session::close);
            sessions.values().forEach(Session::deleteProxy);
            sessions.clear();
            closeSpares();
            observer.close();
            standby.closeReader();
            statements.shutdownNow();
        } finally {
            ONE_TRY_AT_A_TIME.unlock();
        }
    }
}
