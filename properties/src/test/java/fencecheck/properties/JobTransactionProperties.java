package fencecheck.properties;

import fencecheck.protocol.LeaseProtocol;
import fencecheck.run.JobSituation;
import fencecheck.run.JobTryResult;
import fencecheck.trace.JobStep;
import fencecheck.trace.JobTrace;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import net.jqwik.api.statistics.Statistics;

import java.util.List;

/**
 * Statements of different sessions interleave inside open transactions: the
 * database waits exactly where the model says, answers what the model says
 * once the lock holder ends, and breaks no invariant (1-3 and 5).
 */
@RunsJobTraces
@AddLifecycleHook(JobTransactionRequired.class)
class JobTransactionProperties {

    /** As many tries as the main property ({@code jqwik.tries.default}), so one setting lengthens a campaign of both. */
    @Property
    void interleavedTransactionsAgreeWithModel(@ForAll("jobTraces") List<JobStep> steps) {
        LeaseProtocol protocol = Harnesses.implementationUnderTest();
        check(steps, JobSituation.Group.INTERLEAVINGS);
    }

    /**
     * The database crashes while jobs are open and statements wait: what was
     * committed survives, open transactions and waiting statements vanish,
     * and the jobs that go on afterwards agree with the model. A crash costs a
     * server restart, so this property takes few tries.
     */
    @Property(tries = 12)
    void openJobsVanishInADatabaseCrash(@ForAll("oneCrashAmidJobs") List<JobStep> steps) {
        check(steps, JobSituation.Group.CRASH);
    }

    /**
     * Requests and answers of job statements, the COMMIT's included, are lost
     * in the network: the client drops its connection, and the database must
     * hold exactly what the model says ran. Each lost message costs a client
     * timeout, so this property takes fewer tries.
     */
    @Property(tries = 100)
    @ThroughFaultProxies
    void jobsUnderNetworkFaults(@ForAll("withNetworkFaults") List<JobStep> steps) {
        check(steps, JobSituation.Group.NETWORK, true);
    }

    @Provide
    Arbitrary<List<JobStep>> withNetworkFaults() {
        return JobTraces.withNetworkFaults();
    }

    private static void check(List<JobStep> steps, JobSituation.Group group) {
        check(steps, group, false);
    }

    private static void check(List<JobStep> steps, JobSituation.Group group, boolean throughFaultProxies) {
        LeaseProtocol protocol = Harnesses.implementationUnderTest();
        JobTryResult result = Harnesses.jobRunnerFor(protocol, throughFaultProxies).run(JobTrace.of(protocol.name(), steps));
        SituationCounts.recordJob(result.situations(), Coverage.FLOOR_PERCENT, group);
        for (JobSituation situation : JobSituation.of(group)) {
            Statistics.label(situation.label()).collect(result.situations().contains(situation));
            Statistics.label(situation.label()).coverage(c -> c.check(true).percentage(p -> p >= Coverage.FLOOR_PERCENT));
        }
        if (!result.passed()) {
            throw new JobTraceFailure(result);
        }
    }

    @Provide
    Arbitrary<List<JobStep>> oneCrashAmidJobs() {
        return JobTraces.oneCrashAmidJobs();
    }

    @Provide
    Arbitrary<List<JobStep>> jobTraces() {
        return JobTraces.jobTraces();
    }
}
