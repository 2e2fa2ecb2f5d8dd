package fencecheck.api;

import fencecheck.properties.Covers;
import fencecheck.properties.SuiteRuns;
import fencecheck.properties.ThroughFaultProxies;
import fencecheck.trace.Step;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.ShrinkingMode;
import org.apiguardian.api.API;

import java.sql.SQLException;
import java.util.List;

/**
 * Every property fencecheck has, for the implementation a subclass names with {@link Fencecheck}: extend it with a
 * class of your tests and run {@code mvn verify}.
 *
 * <pre>{@code
 * @Fencecheck(implementation = MyLeases.class, checks = {Check.LEASES, Check.LEASE_FAULTS})
 * class MyLeasesTest extends FencecheckSuite {
 * }
 * }</pre>
 *
 * <p>Each property covers one {@link Check} and fails its run when a situation of that group stays under its
 * coverage floor. A property runs all its tries whatever they find and then fails once, listing every distinct
 * finding: in lock step with its shrunk trace and a command that replays it, in real time (each kind on each key) with
 * its shrunk history, in exhaustive mode with the shortest trace that shows it. The properties run one after another
 * on the test JVM's thread; the implementation's calls run on threads of fencecheck's (see {@link LeaseProtocol}).
 * Results, saved traces and the HTML report go under {@code target/fencecheck/}.
 */
@API(status = API.Status.STABLE, since = "0.1")
public abstract class FencecheckSuite {

    /** For subclasses: the suite has no state of its own. */
    protected FencecheckSuite() {
    }

    /**
     * The heart of fencecheck: over generated interleavings of workers, the clock and the nemesis (pauses,
     * restarts, zombies), the database answers as the model admits and breaks no invariant.
     */
    @Property
    @Covers(Check.LEASES)
    void databaseAgreesWithModel(@ForAll("interleavings") List<Step> steps) {
        SuiteRuns.lockStep(getClass(), steps, Check.LEASES, false);
    }

    /**
     * Every worker session goes through its own fault proxy, which loses requests and answers, holds statements
     * past a takeover and resets connections; workers crash mid-transaction; the coordinator restarts. A lost
     * answer costs a client timeout, so this takes fewer tries.
     */
    @Property(tries = 80)
    @ThroughFaultProxies
    @Covers(Check.LEASE_FAULTS)
    void networkFaultsAndRestarts(@ForAll("networkFaults") List<Step> steps) {
        SuiteRuns.lockStep(getClass(), steps, Check.LEASE_FAULTS, true);
    }

    /** The database crashes once: what was committed survives. A crash costs a server restart. */
    @Property(tries = 12)
    @Covers(Check.LEASE_CRASH)
    void databaseCrashes(@ForAll("oneDatabaseCrash") List<Step> steps) {
        SuiteRuns.lockStep(getClass(), steps, Check.LEASE_CRASH, false);
    }

    /**
     * A replicated database ({@code -Dfencecheck.db=replicated}) fails over once per try: right after an acknowledged
     * grant or fenced write, often with a holder's transaction open and a takeover waiting for it; the standby
     * sometimes stopped or its replay held before. What the replication setting lets a failover lose, the invariants
     * judge; what it does not, must survive. A failover costs a promotion and a base backup, so the tries are few.
     * Refused in one line on any other database.
     */
    @Property(tries = 10)
    @Covers(Check.FAILOVER)
    void databaseFailsOver(@ForAll("oneFailover") List<Step> steps) {
        SuiteRuns.failover(getClass(), steps);
    }

    /**
     * Statements of different sessions interleave inside open job transactions: the database answers what the
     * model says once a lock holder ends, and breaks no invariant. As many tries as {@link #databaseAgreesWithModel}
     * ({@code jqwik.tries.default}), so one setting lengthens a campaign of both.
     */
    @Property
    @Covers(Check.JOBS)
    void interleavedTransactionsAgreeWithModel(@ForAll("jobTraces") List<Step> steps) {
        SuiteRuns.lockStep(getClass(), steps, Check.JOBS, false);
    }

    /** The database crashes while jobs are open and statements wait: open transactions and waiting statements vanish. */
    @Property(tries = 12)
    @Covers(Check.JOB_CRASH)
    void openJobsVanishInADatabaseCrash(@ForAll("oneCrashAmidJobs") List<Step> steps) {
        SuiteRuns.lockStep(getClass(), steps, Check.JOB_CRASH, false);
    }

    /** Requests and answers of job statements, the COMMIT's included, are lost in the network. */
    @Property(tries = 100)
    @ThroughFaultProxies
    @Covers(Check.JOB_FAULTS)
    void jobsUnderNetworkFaults(@ForAll("jobNetworkFaults") List<Step> steps) {
        SuiteRuns.lockStep(getClass(), steps, Check.JOB_FAULTS, true);
    }

    /**
     * Several workers at once on real threads, on the server's own clock, with short real leases, pauses past them,
     * restarts and lost answers; each run's history is checked for linearizability against the model and for
     * invariants 1-5. A try's seed picks every random choice but not the threads' timing, so tries are not shrunk:
     * once all have run, one failing history of each kind on each key is, by dropping operations and checking again.
     */
    @Property(tries = 4, shrinking = ShrinkingMode.OFF)
    @Covers(Check.REAL_TIME)
    void historiesAreLinearizable(@ForAll("seeds") long seed) throws SQLException {
        SuiteRuns.realTime(getClass(), seed);
    }

    /**
     * Exhaustive mode: every schedule of two workers on one key up to a depth ({@code -Dfencecheck.exhaustive.depth},
     * 5 by default for a SQL pack; a Java implementation, whose states are not merged, the deepest up to it that fits
     * {@code -Dfencecheck.exhaustive.seconds}), breadth first against the database, with lost answers, restarts,
     * pauses past the lease and clock moves onto each lease's end ({@code -Dfencecheck.exhaustive.actions} narrows
     * them). It prints what it covered; a finding's trace is the shortest that fails, saved and replayed as any other.
     */
    @Example
    @Covers(Check.EXHAUSTIVE)
    void everyScheduleUpToADepth() {
        SuiteRuns.exhaustive(getClass(), "everyScheduleUpToADepth");
    }

    @Provide
    Arbitrary<List<Step>> interleavings() {
        return SuiteRuns.traces(Check.LEASES);
    }

    @Provide
    Arbitrary<List<Step>> networkFaults() {
        return SuiteRuns.traces(Check.LEASE_FAULTS);
    }

    @Provide
    Arbitrary<List<Step>> oneDatabaseCrash() {
        return SuiteRuns.traces(Check.LEASE_CRASH);
    }

    @Provide
    Arbitrary<List<Step>> oneFailover() {
        return SuiteRuns.traces(Check.FAILOVER);
    }

    @Provide
    Arbitrary<List<Step>> jobTraces() {
        return SuiteRuns.traces(Check.JOBS);
    }

    @Provide
    Arbitrary<List<Step>> oneCrashAmidJobs() {
        return SuiteRuns.traces(Check.JOB_CRASH);
    }

    @Provide
    Arbitrary<List<Step>> jobNetworkFaults() {
        return SuiteRuns.traces(Check.JOB_FAULTS);
    }

    @Provide
    Arbitrary<Long> seeds() {
        return Arbitraries.longs();
    }
}
