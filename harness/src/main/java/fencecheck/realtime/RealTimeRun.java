package fencecheck.realtime;

import fencecheck.api.Conformance;
import fencecheck.api.KeyState;
import fencecheck.api.Lease;
import fencecheck.api.LeaseClient;
import fencecheck.api.LeaseProtocol;
import fencecheck.api.ModelConfig;
import fencecheck.check.HistoryShrinker;
import fencecheck.check.RealTimeClock;
import fencecheck.check.RealTimeHistory;
import fencecheck.check.RealTimeVerdict;
import fencecheck.db.Database;
import fencecheck.db.ReplicatedDatabase;
import fencecheck.db.TestBed;
import fencecheck.findings.FindingKinds;
import fencecheck.findings.Severity;
import fencecheck.model.ClockBounds;
import fencecheck.model.RunStop;
import fencecheck.run.Situation;
import fencecheck.run.TryLocks;

import java.sql.SQLException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The real-time executor: workers on real threads and real sessions, on the server's own clock,
 * a nemesis, and then the checks of the one model over what was observed. Nothing here
 * moves a clock: leases run out because real time passes.
 */
public final class RealTimeRun {

    /**
     * How long, past the run's end, threads are waited for before the run is reported as stuck. It does not grow
     * with the lease lengths: a worker's sleeps that last about a lease (a zombie's, a pause) end at the run's end,
     * so past it a worker only finishes the call it is in (at most a network timeout, then its session's end).
     */
    private static final long JOIN_GRACE_MILLIS = 15_000;

    /** What to change when a real-time answer shows a clock other than the server's. */
    static final String CLOCK_FIX = "take every instant from the database's clock (now(), clock_timestamp()) or from the"
            + " java.time.Clock that LeaseProtocol.useClock hands over before every try (Clock.systemUTC() in real time), and"
            + " keep the JVM's clock in sync with the server's";
    /**
     * How long the first incarnations are waited for to open their sessions before the run starts: in a fresh JVM on a
     * loaded machine it took up to about 2 s.
     */
    private static final long READY_GRACE_MILLIS = 30_000;

    private RealTimeRun() {
    }

    /**
     * A run and its verdict.
     *
     * @param shrunk   the smallest failing history found, or null when the run passed or was undecided, or was not shrunk
     *                 ({@link #runAndJudge})
     * @param notes    under safety, each kind of admissible answer the witness needed, when the run passed
     * @param severity what the failure weighs ({@link FindingKinds#severityOf(RealTimeHistory, ModelConfig, long)}), or
     *                 null when the run passed or was undecided
     * @param failures each key that fails on its own, unshrunk: the run's distinct findings; empty when it passed or was
     *                 undecided
     * @param errors   each call the implementation failed instead of answering, unknown in the history: said, but no
     *                 failure of the run (a library may throw where concurrent callers race, and the history judges
     *                 what it did)
     */
    public record Result(RealTimeHistory history, RealTimeVerdict verdict, HistoryShrinker.Shrunk shrunk, Set<Situation> situations,
                         long runMillis, long checkMillis, List<RealTimeNotes.Note> notes, Severity severity,
                         List<KeyFailures.KeyFailure> failures, List<KeyFailures.KeyFailure> errors) {

        public Result {
            failures = failures == null ? List.of() : List.copyOf(failures);
            errors = errors == null ? List.of() : List.copyOf(errors);
        }

        public boolean passed() {
            return verdict.passed();
        }
    }

    /** Runs, checks, and shrinks a failing history, holding the implementation to the level it claims. */
    public static Result runAndCheck(Database database, LeaseProtocol protocol, RealTimeSettings settings) throws SQLException {
        return runAndCheck(database, protocol, settings, protocol.conformance());
    }

    /**
     * Runs, checks, and shrinks a failing history; under {@link Conformance#SAFETY} an admissible answer explains
     * an operation too (see {@link fencecheck.model.Admissible}).
     */
    public static Result runAndCheck(Database database, LeaseProtocol protocol, RealTimeSettings settings, Conformance conformance)
            throws SQLException {
        return runChecked(database, protocol, settings, conformance, true);
    }

    /**
     * Runs and checks, naming each key that fails on its own ({@link Result#failures}) but shrinking nothing: a property
     * that runs several tries shrinks one failure of each kind once its tries are done, as lock step does.
     */
    public static Result runAndJudge(Database database, LeaseProtocol protocol, RealTimeSettings settings, Conformance conformance)
            throws SQLException {
        return runChecked(database, protocol, settings, conformance, false);
    }

    private static Result runChecked(Database database, LeaseProtocol protocol, RealTimeSettings settings, Conformance conformance,
                                     boolean shrink) throws SQLException {
        long started = System.nanoTime();
        Ran ran;
        // the tables are shared with the lock-step runners, one of which a property engine may still be shrinking with
        // and the implementation is handed the real clock, which a library may keep in a static field: alone in the JVM
        try (TryLocks.Held alone = TryLocks.alone()) {
            ran = recorded(database, protocol, settings);
        }
        RealTimeHistory history = ran.history();
        long done = System.nanoTime();
        ModelConfig config = protocol.modelConfig().withConformance(conformance);
        Optional<String> foreign = RealTimeClock.firstOutside(history, config.resolution());
        if (foreign.isPresent()) {
            throw ClockBounds.stop(protocol.name(), foreign.get(), CLOCK_FIX);
        }
        RealTimeVerdict verdict = RealTimeVerdict.of(history, config, settings.maxStates());
        long checked = System.nanoTime();
        HistoryShrinker.Shrunk shrunk = null;
        Severity severity = null;
        List<KeyFailures.KeyFailure> failures = List.of();
        if (!verdict.passed() && !verdict.undecided()) {
            failures = KeyFailures.of(history, verdict, config, settings.maxStates());
            if (shrink) {
                shrunk = HistoryShrinker.shrink(history, h -> RealTimeVerdict.of(h, config, settings.maxStates()), settings.shrinkMillis());
                severity = FindingKinds.severityOf(shrunk.history(), config, settings.maxStates());
            } else {
                severity = FindingKinds.severityOf(history, config, settings.maxStates());
            }
        }
        List<RealTimeNotes.Note> notes = RealTimeNotes.of(history, verdict, config, settings.maxStates());
        return new Result(history, verdict, shrunk, RealTimeSituations.of(history), (done - started) / 1_000_000,
                (checked - done) / 1_000_000, notes, severity, failures, KeyFailures.ofErrors(history, ran.errors()));
    }

    /**
     * Runs the workers and the nemesis for the settings' duration, counted from when the workers have their sessions
     * open, and returns what was observed. On a replicated database fencecheck started, with
     * {@link RealTimeSettings#failoverMillis} above 0, it also fails it over ({@link FailoverNemesis}).
     */
    public static RealTimeHistory run(Database database, LeaseProtocol protocol, RealTimeSettings settings) throws SQLException {
        return recorded(database, protocol, settings).history();
    }

    /** What a run observed, and the calls the implementation failed instead of answering (unknown in the history). */
    private record Ran(RealTimeHistory history, List<KeyFailures.ImplementationError> errors) {
    }

    private static Ran recorded(Database database, LeaseProtocol protocol, RealTimeSettings settings) throws SQLException {
        // the real clock, before any worker starts: a library that keeps its clock in a static field may still hold the
        // virtual clock of an earlier lock-step run, and would judge leases on it
        protocol.useClock(Clock.systemUTC());
        new TestBed(database, protocol).install();
        List<String> keys = new ArrayList<>();
        for (int k = 1; k <= settings.keys(); k++) {
            keys.add("K" + k);
        }
        ReplicatedDatabase pair = settings.failoverMillis() > 0 && database instanceof ReplicatedDatabase p ? p : null;
        long reconnectMillis = pair == null ? 0 : Reconnects.FAILOVER_MILLIS;
        try (ControlSession control = ControlSession.open(database, reconnectMillis)) {
            protocol.deleteAllRows(control.connection());
            if (pair != null) {
                // a failover may lose what the standby lacks: the run's empty tables must not be among it, nor may a
                // standby a lock-step try stopped come back with older rows; an earlier run's failover left none
                pair.pair().rejoin();
                pair.pair().startStandby();
                pair.pair().awaitFlushed();
            }
            ServerClock clock = ServerClock.calibrate(control.connection());
            Recorder recorder = new Recorder(clock);
            StartLine startLine = new StartLine(settings.workers());
            Map<String, String> owners = new ConcurrentHashMap<>();
            List<Worker> all = Collections.synchronizedList(new ArrayList<>());
            List<Thread> threads = Collections.synchronizedList(new ArrayList<>());
            Map<String, Integer> incarnations = new ConcurrentHashMap<>();
            Random seeds = new Random(settings.seed());
            Function<String, Worker> start1 = worker -> {
                int n = incarnations.merge(worker, 1, Integer::sum);
                String name = n == 1 ? worker : worker + "." + n;
                Worker w = new Worker(worker, name, protocol.newOwner(worker), database, protocol, settings, recorder, control,
                        reconnectMillis, seeds.nextLong(), startLine, keys);
                owners.put(w.owner.toString(), name);
                all.add(w);
                Thread t = Thread.ofPlatform().name("fencecheck-realtime-" + name).daemon().unstarted(w);
                threads.add(t);
                t.start();
                return w;
            };
            List<Worker> live = new ArrayList<>();
            for (int i = 1; i <= settings.workers(); i++) {
                live.add(start1.apply("w" + i));
            }
            awaitReady(startLine);
            long start = clock.now();
            long deadline = startLine.start(settings.durationMillis());
            Nemesis nemesis = new Nemesis(settings, recorder, seeds.nextLong(), deadline, live, old -> start1.apply(old.worker));
            Thread nemesisThread = Thread.ofPlatform().name("fencecheck-realtime-nemesis").daemon().start(nemesis);
            FailoverNemesis failovers = pair == null ? null
                    : new FailoverNemesis(pair, settings, recorder, control, seeds.nextLong(), deadline);
            Thread failoverThread = failovers == null ? null
                    : Thread.ofPlatform().name("fencecheck-realtime-failover").daemon().start(failovers);
            joinAll(nemesisThread, threads, deadline);
            if (failoverThread != null) {
                join(failoverThread, deadline);
            }
            for (Worker w : List.copyOf(all)) {
                if (w.failure instanceof RunStop stop) {
                    throw stop;
                }
                if (w.failure != null) {
                    throw new IllegalStateException("real-time worker " + w.name + " failed: " + w.failure, w.failure);
                }
            }
            if (nemesis.failure != null) {
                throw new IllegalStateException("the real-time nemesis failed: " + nemesis.failure, nemesis.failure);
            }
            if (failovers != null && failovers.failure != null) {
                throw new IllegalStateException("the real-time failover failed: " + failovers.failure, failovers.failure);
            }
            control.recheck(clock);
            Map<String, KeyState> rows = new TreeMap<>();
            try (LeaseClient reader = protocol.client(control.connection())) {
                for (String key : keys) {
                    KeyState k = reader.inspect(key);
                    Lease lease = k.lease();
                    rows.put(key, lease == null ? k : k.withLease(lease.withOwner(owners.getOrDefault(lease.owner(), lease.owner()))));
                }
            }
            return new Ran(new RealTimeHistory(recorder.operations(), rows, recorder.marks(), start, clock.uncertainty()), recorder.errors());
        }
    }

    /**
     * Waits until the first incarnations have their sessions open: the run's time starts then ({@link StartLine}). One
     * not ready in time ends the run at once and fails it, rather than let it run with fewer workers than it says.
     */
    private static void awaitReady(StartLine startLine) throws SQLException {
        boolean ready;
        try {
            ready = startLine.awaitReady(READY_GRACE_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            startLine.start(0);
            throw new SQLException("interrupted while waiting for the real-time workers' sessions");
        }
        if (!ready) {
            startLine.start(0);
            throw new SQLException("the real-time workers had not opened their sessions " + READY_GRACE_MILLIS + " ms after they started");
        }
    }

    /**
     * Waits for the failover nemesis: a failover it began before the run's end finishes (a second one rejoins the old
     * primary first).
     */
    private static void join(Thread failover, long deadlineNanos) throws SQLException {
        try {
            failover.join(Math.max(1, (deadlineNanos + JOIN_GRACE_MILLIS * 1_000_000 - System.nanoTime()) / 1_000_000));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLException("interrupted while waiting for the real-time failover");
        }
        if (failover.isAlive()) {
            throw new SQLException("the real-time failover was still running " + JOIN_GRACE_MILLIS + " ms after the run's end");
        }
    }

    private static void joinAll(Thread nemesis, List<Thread> threads, long deadlineNanos) throws SQLException {
        long until = deadlineNanos + JOIN_GRACE_MILLIS * 1_000_000;
        try {
            nemesis.join(Math.max(1, (until - System.nanoTime()) / 1_000_000));
            for (Thread t : List.copyOf(threads)) {
                t.join(Math.max(1, (until - System.nanoTime()) / 1_000_000));
                if (t.isAlive()) {
                    t.interrupt();
                    throw new SQLException(t.getName() + " was still running " + JOIN_GRACE_MILLIS + " ms after the run's end");
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLException("interrupted while waiting for the real-time workers");
        }
    }
}
