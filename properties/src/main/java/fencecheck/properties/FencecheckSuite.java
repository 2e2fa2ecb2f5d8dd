package fencecheck.properties;

import fencecheck.db.Databases;
import fencecheck.protocol.LeaseProtocol;
import fencecheck.realtime.RealTimeRun;
import fencecheck.run.Situation.Group;
import fencecheck.run.TraceRunner;
import fencecheck.run.TryResult;
import fencecheck.trace.Step;
import fencecheck.trace.Trace;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.ShrinkingMode;

import java.sql.SQLException;
import java.util.List;

/**
 * Every property fencecheck has, for the implementation a subclass names with {@link Fencecheck}.
 * Each covers one {@link Group} of situations, and fails its run when one of them stays under its
 * coverage floor. A lock-step property runs all its tries whatever they find and then fails once, listing every
 * distinct finding with its shrunk trace and replay command; in real time a failure leaves a shrunk history. The
 * report is under {@code target/fencecheck/}.
 *
 * <pre>{@code
 * @Fencecheck(value = "sql:classpath:/my-lease-pack", checks = {Group.LEASES, Group.LEASE_FAULTS})
 * class MyLeasesTest extends FencecheckSuite {
 * }
 * }</pre>
 */
public abstract class FencecheckSuite {

    /**
     * The heart of fencecheck: over generated interleavings of workers, the clock and the nemesis (pauses,
     * restarts, zombies), the database answers exactly as the model and breaks no invariant.
     */
    @Property
    @Covers(Group.LEASES)
    void databaseAgreesWithModel(@ForAll("interleavings") List<Step> steps) {
        run(steps, Group.LEASES, false);
    }

    /**
     * Every worker session goes through its own fault proxy, which loses requests and answers, holds statements
     * past a takeover and resets connections; workers crash mid-transaction; the coordinator restarts. A lost
     * answer costs a client timeout, so this takes fewer tries.
     */
    @Property(tries = 80)
    @ThroughFaultProxies
    @Covers(Group.LEASE_FAULTS)
    void networkFaultsAndRestarts(@ForAll("networkFaults") List<Step> steps) {
        run(steps, Group.LEASE_FAULTS, true);
    }

    /** The database crashes once: what was committed survives. A crash costs a server restart. */
    @Property(tries = 12)
    @Covers(Group.LEASE_CRASH)
    void databaseCrashes(@ForAll("oneDatabaseCrash") List<Step> steps) {
        run(steps, Group.LEASE_CRASH, false);
    }

    /**
     * A replicated database ({@code -Dfencecheck.db=replicated}) fails over once per try: right after an acknowledged
     * grant or fenced write, often with a holder's transaction open and a takeover waiting for it; the standby
     * sometimes stopped or its replay held before. What the replication setting lets a failover lose, the invariants
     * judge; what it does not, must survive. A failover costs a promotion and a base backup, so the tries are few.
     * Refused in one line on any other database.
     */
    @Property(tries = 10)
    @Covers(Group.FAILOVER)
    void databaseFailsOver(@ForAll("oneFailover") List<Step> steps) {
        LeaseProtocol protocol = Harnesses.implementationUnderTest(getClass());
        TraceRunner runner = Harnesses.failoverRunnerFor(protocol);
        TryResult result = runner.run(Trace.of(protocol.name(), steps));
        Coverage.collect(result.situations(), Group.FAILOVER, protocol, runner.tries()::situationsOfTries);
        PropertyFindings.record(result);
    }

    /**
     * Statements of different sessions interleave inside open job transactions: the database answers what the
     * model says once a lock holder ends, and breaks no invariant. As many tries as {@link #databaseAgreesWithModel}
     * ({@code jqwik.tries.default}), so one setting lengthens a campaign of both.
     */
    @Property
    @Covers(Group.JOBS)
    void interleavedTransactionsAgreeWithModel(@ForAll("jobTraces") List<Step> steps) {
        run(steps, Group.JOBS, false);
    }

    /** The database crashes while jobs are open and statements wait: open transactions and waiting statements vanish. */
    @Property(tries = 12)
    @Covers(Group.JOB_CRASH)
    void openJobsVanishInADatabaseCrash(@ForAll("oneCrashAmidJobs") List<Step> steps) {
        run(steps, Group.JOB_CRASH, false);
    }

    /** Requests and answers of job statements, the COMMIT's included, are lost in the network. */
    @Property(tries = 100)
    @ThroughFaultProxies
    @Covers(Group.JOB_FAULTS)
    void jobsUnderNetworkFaults(@ForAll("jobNetworkFaults") List<Step> steps) {
        run(steps, Group.JOB_FAULTS, true);
    }

    /**
     * Several workers at once on real threads, on the server's own clock, with short real leases, pauses past them,
     * restarts and lost answers; each run's history is checked for linearizability against the model and for
     * invariants 1-5. A try's seed picks every random choice but not the threads' timing, so tries are not shrunk:
     * a failing history is, by dropping operations and checking again.
     */
    @Property(tries = 4, shrinking = ShrinkingMode.OFF)
    @Covers(Group.REAL_TIME)
    void historiesAreLinearizable(@ForAll("seeds") long seed) throws SQLException {
        LeaseProtocol protocol = Harnesses.implementationUnderTest(getClass());
        RealTimeRun.Result result = RealTimeRun.runAndCheck(Databases.shared(), protocol, RealTimeChecks.settings(seed, getClass()),
                Harnesses.conformanceOf(protocol));
        RealTimeRuns.record(result);
        Coverage.collect(result.situations(), Group.REAL_TIME, protocol, RealTimeRuns::situationsOfTries);
        if (!result.passed()) {
            throw new AssertionError(RealTimeChecks.report(result));
        }
    }

    /**
     * Runs one try and counts its situations. A failing try does not fail the property: it is recorded, the property
     * goes on, and its end ({@link FailureReport}) reports every kind of finding, each shrunk, in one failure.
     */
    private void run(List<Step> steps, Group group, boolean throughFaultProxies) {
        LeaseProtocol protocol = Harnesses.implementationUnderTest(getClass());
        TraceRunner runner = Harnesses.runnerFor(protocol, throughFaultProxies);
        TryResult result = runner.run(Trace.of(protocol.name(), steps));
        Coverage.collect(result.situations(), group, protocol, runner.tries()::situationsOfTries);
        PropertyFindings.record(result);
    }

    @Provide
    Arbitrary<List<Step>> interleavings() {
        return Traces.interleavings();
    }

    @Provide
    Arbitrary<List<Step>> networkFaults() {
        return FaultTraces.withNetworkFaults();
    }

    @Provide
    Arbitrary<List<Step>> oneDatabaseCrash() {
        return FaultTraces.withOneDatabaseCrash();
    }

    @Provide
    Arbitrary<List<Step>> oneFailover() {
        return FailoverTraces.oneFailover();
    }

    @Provide
    Arbitrary<List<Step>> jobTraces() {
        return JobTraces.jobTraces();
    }

    @Provide
    Arbitrary<List<Step>> oneCrashAmidJobs() {
        return JobTraces.oneCrashAmidJobs();
    }

    @Provide
    Arbitrary<List<Step>> jobNetworkFaults() {
        return JobTraces.withNetworkFaults();
    }

    @Provide
    Arbitrary<Long> seeds() {
        return Arbitraries.longs();
    }
}
