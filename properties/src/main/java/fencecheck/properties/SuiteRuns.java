package fencecheck.properties;

import fencecheck.api.Check;
import fencecheck.api.FencecheckSuite;
import fencecheck.api.LeaseProtocol;
import fencecheck.db.Databases;
import fencecheck.explore.ExhaustiveResult;
import fencecheck.explore.ExhaustiveRun;
import fencecheck.explore.ExhaustiveScope;
import fencecheck.model.RunStop;
import fencecheck.realtime.RealTimeRun;
import fencecheck.run.TraceRunner;
import fencecheck.run.TryResult;
import fencecheck.trace.Step;
import fencecheck.trace.Trace;
import net.jqwik.api.Arbitrary;
import org.apiguardian.api.API;

import java.sql.SQLException;
import java.util.List;

/** What each property of {@link FencecheckSuite} does with one try: kept here so the suite shows only its properties. */
@API(status = API.Status.INTERNAL)
public final class SuiteRuns {

    private SuiteRuns() {
    }

    /**
     * Runs one lock-step try and counts its situations. A failing try does not fail the property: it is recorded, the
     * property goes on, and its end ({@link FailureReport}) reports every kind of finding, each shrunk, in one failure.
     * An answer from a clock fencecheck does not control, or a library that breaks a promise of the kit, stops the
     * property instead ({@link PropertyStop}).
     */
    public static void lockStep(Class<?> suite, List<Step> steps, Check group, boolean throughFaultProxies) {
        if (!PropertyStop.tryStarts()) {
            return;
        }
        LeaseProtocol protocol = Harnesses.implementationUnderTest(suite);
        TraceRunner runner = Harnesses.runnerFor(protocol, throughFaultProxies);
        TryResult result;
        try {
            result = runner.run(Trace.of(protocol.name(), steps));
        } catch (RunStop stop) {
            PropertyStop.stop(stop);
            return;
        }
        Coverage.collect(result.situations(), group, protocol, runner.tries()::situationsOfTries);
        PropertyFindings.record(result);
    }

    /** Runs one try with a failover of the replicated database. */
    public static void failover(Class<?> suite, List<Step> steps) {
        if (!PropertyStop.tryStarts()) {
            return;
        }
        LeaseProtocol protocol = Harnesses.implementationUnderTest(suite);
        TraceRunner runner = Harnesses.failoverRunnerFor(protocol);
        TryResult result;
        try {
            result = runner.run(Trace.of(protocol.name(), steps));
        } catch (RunStop stop) {
            PropertyStop.stop(stop);
            return;
        }
        Coverage.collect(result.situations(), Check.FAILOVER, protocol, runner.tries()::situationsOfTries);
        PropertyFindings.record(result);
    }

    /**
     * Runs one real-time try and checks its history. A failing history does not fail the property: each key that fails
     * is recorded by its kind, the property goes on, and its end ({@link FailureReport}) reports every kind on every
     * key, each shrunk, in one failure, as lock step does. A history the checker gave up on fails the try, saying so.
     */
    public static void realTime(Class<?> suite, long seed) throws SQLException {
        if (!PropertyStop.tryStarts()) {
            return;
        }
        LeaseProtocol protocol = Harnesses.implementationUnderTest(suite);
        RealTimeRun.Result result;
        try {
            result = RealTimeRun.runAndJudge(Databases.shared(), protocol, RealTimeChecks.settings(seed, suite),
                    Harnesses.conformanceOf(protocol));
        } catch (RunStop stop) {
            PropertyStop.stop(stop);
            return;
        }
        RealTimeRuns.record(result);
        Coverage.collect(result.situations(), Check.REAL_TIME, protocol, RealTimeRuns::situationsOfTries);
        if (result.verdict().undecided()) {
            throw new AssertionError(RealTimeChecks.report(result));
        }
    }

    /**
     * Runs exhaustive mode on the suite's implementation ({@link ExhaustiveChecks} says how deep) and prints its
     * verdict. Its findings are saved and recorded as a lock-step property's, and fail the property with each trace,
     * the shortest that fails, and the command that replays it. A scope that cannot finish in its budget is refused
     * in one line before the first state.
     */
    public static void exhaustive(Class<?> suite, String property) {
        if (!PropertyStop.tryStarts()) {
            return;
        }
        LeaseProtocol protocol = Harnesses.implementationUnderTest(suite);
        ExhaustiveScope scope;
        try {
            scope = ExhaustiveChecks.scope(protocol);
        } catch (IllegalArgumentException e) {
            // the failure report names the implementation and the property before it
            throw new AssertionError(e.getMessage());
        }
        ExhaustiveResult result;
        try {
            // the shard -Dfencecheck.shard names, or the whole run; recorded for the result file and the merge
            TraceRunner runner = Harnesses.runnerFor(protocol, scope.needsFaultProxies());
            result = ExhaustiveRuns.runAsConfigured(new ExhaustiveRun(runner, scope, null));
        } catch (RunStop stop) {
            PropertyStop.stop(stop);
            return;
        }
        System.out.println("fencecheck: " + protocol.name() + ": " + result.verdict());
        if (!result.passed()) {
            throw ExhaustiveChecks.failure(suite.getSimpleName() + "." + property, result, ExhaustiveChecks.record(result, property));
        }
    }

    /** The traces of a property's group. */
    public static Arbitrary<List<Step>> traces(Check group) {
        return switch (group) {
            case LEASES -> Traces.interleavings();
            case LEASE_FAULTS -> FaultTraces.withNetworkFaults();
            case LEASE_CRASH -> FaultTraces.withOneDatabaseCrash();
            case JOBS -> JobTraces.jobTraces();
            case JOB_FAULTS -> JobTraces.withNetworkFaults();
            case JOB_CRASH -> JobTraces.oneCrashAmidJobs();
            case FAILOVER -> FailoverTraces.oneFailover();
            case REAL_TIME -> throw new IllegalArgumentException("real-time tries take a seed, not a trace");
            case EXHAUSTIVE -> throw new IllegalArgumentException("exhaustive mode enumerates its traces itself");
        };
    }
}
