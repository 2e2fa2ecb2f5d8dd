package fencecheck.realtime;

import fencecheck.api.LeaseProtocol;
import fencecheck.api.Outcome;
import fencecheck.api.Outcome.Granted;
import fencecheck.api.Outcome.Renewed;
import fencecheck.api.SinkKind;
import fencecheck.db.Database;
import fencecheck.model.Command;
import fencecheck.model.Command.Acquire;
import fencecheck.model.Command.Release;
import fencecheck.model.Command.Renew;
import fencecheck.model.Command.Write;
import fencecheck.model.RunStop;

import java.sql.SQLException;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;

/**
 * One incarnation of a worker on a thread of its own: a random mix of acquire, renew, release
 * and writes to both sinks (with its token, a forged one, another key's, a renew with an old
 * one), on its own session, until the run ends or the nemesis stops it. It believes what it was
 * answered and keeps its token after its lease ran out (it does not know): that is how stale
 * writes happen. The model knows it by its incarnation's name ({@code w1}, {@code w1.2}); the
 * database by the owner id the implementation gives it. A first incarnation opens its session before the run's time
 * starts ({@link StartLine}).
 */
final class Worker implements Runnable {

    /** PostgreSQL's SQLSTATE for a statement aborted to break a deadlock. */
    private static final String DEADLOCK_DETECTED = "40P01";
    /** The note of an operation whose session a failover cut: its answer is lost, its outcome unknown. */
    static final String CUT_BY_FAILOVER = "cut by a failover";

    /** What the worker believes it holds on a key. */
    private record Held(long token, long until, long ttl) {
    }

    final String worker;
    final String name;
    final UUID owner;
    private final Database database;
    private final LeaseProtocol protocol;
    private final RealTimeSettings settings;
    private final Recorder recorder;
    private final ControlSession control;
    /** How long a new session is tried for while it cannot be opened: a failover may be under way. */
    private final long reconnectMillis;
    private final Random random;
    private final StartLine startLine;
    /** The run's end, known once it started ({@link StartLine}). */
    private long deadlineNanos;
    private final List<String> keys;
    private final Map<String, Held> held = new HashMap<>();
    private int writes;

    /** Set by the nemesis, read at the top of each round. */
    volatile boolean stopped;
    volatile long pauseMillis;
    volatile WorkerSession.Lost lose;
    /** The nemesis restarted this worker and left this incarnation running: it sleeps, then acts on its old beliefs. */
    volatile boolean zombie;
    /** Whether it believes it holds a lease: the nemesis pauses such a worker rather than an idle one. */
    volatile boolean holding;
    /** A failure of the harness itself (not of the implementation), reported with the run. */
    volatile Throwable failure;

    Worker(String worker, String name, UUID owner, Database database, LeaseProtocol protocol, RealTimeSettings settings,
           Recorder recorder, ControlSession control, long reconnectMillis, long seed, StartLine startLine, List<String> keys) {
        this.worker = worker;
        this.name = name;
        this.owner = owner;
        this.database = database;
        this.protocol = protocol;
        this.settings = settings;
        this.recorder = recorder;
        this.control = control;
        this.reconnectMillis = reconnectMillis;
        this.random = new Random(seed);
        this.startLine = startLine;
        this.keys = keys;
    }

    @Override
    public void run() {
        WorkerSession session = null;
        try {
            try {
                session = open();
            } finally {
                startLine.ready();
            }
            deadlineNanos = startLine.awaitStart();
            boolean wasZombie = false;
            int zombieRounds = 0;
            while (!stopped && System.nanoTime() < deadlineNanos) {
                if (zombie && !wasZombie) {
                    wasZombie = true;
                    sleep(withinRun(settings.ttlMaxMillis() + random.nextInt(100)));
                    // the run may have ended meanwhile
                    continue;
                }
                if (wasZombie && ++zombieRounds > 4) {
                    break;
                }
                long pause = pauseMillis;
                if (pause > 0) {
                    pauseMillis = 0;
                    session = pausePastLease(session, pause);
                    continue;
                }
                session = perform(session, next(), wasZombie ? "zombie" : "");
                sleep(random.nextInt(15));
            }
        } catch (SQLException | RuntimeException e) {
            failure = e;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            if (session != null) {
                session.close();
            }
        }
    }

    /** Sleeps until its lease has run out and a little more, then writes with the token it still believes it holds. */
    private WorkerSession pausePastLease(WorkerSession session, long extraMillis) throws SQLException, InterruptedException {
        // the lease it was told ends last: the one most likely still its own
        Map.Entry<String, Held> lease = held.entrySet().stream().max(Map.Entry.comparingByValue(
                Comparator.comparingLong(Held::until))).orElse(null);
        long sleep = extraMillis;
        if (lease != null) {
            sleep += Math.max(0, (lease.getValue().until() - recorder.clock().now()) / 1_000);
        }
        sleep = withinRun(Math.min(sleep, settings.ttlMaxMillis() + extraMillis));
        recorder.mark(name, "paused for " + sleep + " ms");
        sleep(sleep);
        recorder.mark(name, "resumed");
        if (lease == null || System.nanoTime() >= deadlineNanos) {
            return session;
        }
        Held h = lease.getValue();
        // woken up, it goes on where it was: a renewal (refused, the lease being over) or a write, then the other
        Command renew = new Renew(lease.getKey(), name, h.token(), h.ttl());
        Command write = write(lease.getKey(), h.token(), random.nextBoolean());
        boolean renewFirst = random.nextBoolean();
        session = perform(session, renewFirst ? renew : write, "after pause");
        return perform(session, renewFirst ? write : renew, "after pause");
    }

    private Command next() {
        String key = keys.get(random.nextInt(keys.size()));
        Held h = held.get(key);
        if (h == null) {
            Map.Entry<String, Held> any = held.entrySet().stream().findAny().orElse(null);
            if (any == null || random.nextInt(4) == 0) {
                return new Acquire(key, name, ttl());
            }
            key = any.getKey();
            h = any.getValue();
        }
        int r = random.nextInt(100);
        if (r < 30) {
            return new Renew(key, name, h.token(), h.ttl());
        }
        if (r < 52) {
            return write(key, h.token(), true);
        }
        if (r < 74) {
            return write(key, h.token(), false);
        }
        if (r < 82) {
            return new Release(key, name, h.token());
        }
        if (r < 87) {
            return new Acquire(key, name, h.ttl());
        }
        if (r < 91) {
            return write(key, h.token() + 1 + random.nextInt(2), random.nextBoolean());
        }
        if (r < 95) {
            String other = keys.get((keys.indexOf(key) + 1) % keys.size());
            Held there = held.get(other);
            return write(key, there == null ? h.token() : there.token(), random.nextBoolean());
        }
        return new Renew(key, name, Math.max(1, h.token() - 1), h.ttl());
    }

    private long ttl() {
        return 1_000 * (settings.ttlMinMillis() + random.nextLong(settings.ttlMaxMillis() - settings.ttlMinMillis() + 1));
    }

    private Write write(String key, long token, boolean fenced) {
        int n = ++writes;
        return new Write(fenced ? SinkKind.CURRENT_FENCE : SinkKind.LATEST_TOKEN_WINS, key, token, name + "-" + n, name + "#" + n);
    }

    /**
     * Sends one operation and records it. Its answer is known only when it came over a connection
     * that provably carried it ({@link WorkerSession#intact}). An answer that did not come in time
     * (the nemesis took it, or the server was slow), and one the implementation gave after the
     * connection broke under it (it caught the error and answered without the database), are
     * unknown: the session is abandoned (see {@link WorkerSession#abandon}), the operation's
     * interval ends when its server process is gone, and the worker sometimes retries it, as the
     * same owner with the same result id. A call the implementation failed (it threw) though no fault
     * was armed and the connection is whole is unknown too, and is said as an implementation error.
     */
    private WorkerSession perform(WorkerSession session, Command command, String note) throws SQLException {
        WorkerSession.Lost fault = lose;
        lose = null;
        boolean armed = fault != null && session.proxied();
        if (armed) {
            session.lose(fault, settings.lostMillis());
            note = join(note, fault == WorkerSession.Lost.REQUEST ? "request lost" : "answer lost");
        }
        int id = recorder.nextId();
        long invoke = recorder.clock().now();
        Outcome outcome;
        Exception thrown = null;
        try {
            outcome = call(session, command);
        } catch (SQLException | RuntimeException e) {
            RunStop stop = RunStop.in(e);
            if (stop != null) {
                throw stop; // the implementation's setup: the run ends with it
            }
            outcome = null;
            thrown = e;
        }
        long complete = recorder.clock().now();
        if (outcome != null && session.intact()) {
            // armed and still open: no statement of the call went into the fault (pgjdbc would have timed out and
            // closed the connection), so the answer is the implementation's own
            recorder.operation(id, name, command, invoke, complete, outcome, armed ? join(note, "the fault did not take") : note);
            believe(command, outcome);
            // removing a timeout toxic closes the connection it was armed on: the session cannot go on
            return armed ? replace(session) : session;
        }
        if (outcome != null) {
            note = join(note, "the implementation answered " + outcome.getClass().getSimpleName() + " on a broken connection");
        }
        // neither the network nor a failover took this call: the implementation failed it on a connection still whole
        boolean failedByTheImplementation = thrown != null && !armed && session.intact() && !session.cutByFailover(database)
                && !deadlockVictim(thrown);
        if (failedByTheImplementation) {
            String message = String.valueOf(thrown.getMessage()).lines().findFirst().orElse(thrown.getClass().getSimpleName());
            note = join(note, "the implementation failed it: " + message);
            recorder.error(id, message);
        }
        session.abandon(control);
        // whatever the call did, it did before its server process was gone: the interval ends here
        complete = recorder.clock().now();
        if (session.cutByFailover(database)) {
            note = join(note, CUT_BY_FAILOVER);
        }
        recorder.operation(id, name, command, invoke, complete, null, note.isEmpty() ? "no answer in time" : note);
        WorkerSession fresh = open();
        // past the run's end it retries no more, so a chain of retries cannot hold the run up
        if (random.nextBoolean() && !(command instanceof Release) && System.nanoTime() < deadlineNanos) {
            Command retry = command instanceof Write w
                    ? new Write(w.sink(), w.key(), w.token(), protocol.retryResultId(w.resultId()), w.payload()) : command;
            return perform(fresh, retry, "retry of " + id);
        }
        return fresh;
    }

    /** Whether the database aborted the call's statement to break a cycle of waits: its answer, not a failure of the call. */
    private static boolean deadlockVictim(Throwable thrown) {
        for (Throwable t = thrown; t != null; t = t.getCause()) {
            if (t instanceof SQLException e && DEADLOCK_DETECTED.equals(e.getSQLState())) {
                return true;
            }
        }
        return false;
    }

    /** Abandons the session (its server process is gone when this returns) and opens a fresh one. */
    private WorkerSession replace(WorkerSession session) throws SQLException {
        session.abandon(control);
        return open();
    }

    private WorkerSession open() throws SQLException {
        return WorkerSession.open(database, protocol, settings.networkFaults(), settings.answerMillis(), reconnectMillis);
    }

    private static String join(String note, String more) {
        return note.isEmpty() ? more : note + ", " + more;
    }

    private Outcome call(WorkerSession session, Command command) throws SQLException {
        return switch (command) {
            case Acquire a -> session.client.acquire(a.key(), owner, a.ttl());
            case Renew r -> session.client.renew(r.key(), owner, r.token(), r.ttl());
            case Release r -> session.client.release(r.key(), owner, r.token());
            case Write w -> session.client.write(w.sink(), w.key(), w.token(), w.resultId(), w.payload());
            default -> throw new IllegalArgumentException("a worker sends no " + command);
        };
    }

    /** What the worker concludes from an answer; it never looks at a clock to give a lease up. */
    private void believe(Command command, Outcome outcome) {
        switch (command) {
            case Acquire a when outcome instanceof Granted g -> held.put(a.key(), new Held(g.token(), g.until(), a.ttl()));
            case Renew r when outcome instanceof Renewed rn && held.containsKey(r.key()) && held.get(r.key()).token() == r.token() ->
                    held.put(r.key(), new Held(r.token(), rn.until(), r.ttl()));
            case Renew r when held.containsKey(r.key()) && held.get(r.key()).token() == r.token() -> held.remove(r.key());
            case Release r -> held.remove(r.key());
            case Write w when outcome instanceof Outcome.Stale && held.containsKey(w.key()) && held.get(w.key()).token() == w.token() ->
                    held.remove(w.key());
            default -> {
            }
        }
        holding = !held.isEmpty();
    }

    /**
     * {@code millis}, but not past the run's end: a zombie's sleep and a pause last about a lease, and a long lease
     * ({@code fencecheck.realtime.ttl}) must not keep the run from finishing. A worker woken at the end acts no more.
     */
    private long withinRun(long millis) {
        return Math.max(0, Math.min(millis, (deadlineNanos - System.nanoTime()) / 1_000_000));
    }

    private static void sleep(long millis) throws InterruptedException {
        if (millis > 0) {
            Thread.sleep(millis);
        }
    }
}
