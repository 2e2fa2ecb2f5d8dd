package fencecheck.properties;

import fencecheck.protocol.LeaseProtocol;
import fencecheck.run.Situation;
import fencecheck.trace.Step;
import fencecheck.trace.Trace;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AddLifecycleHook;

import java.util.List;

/**
 * Statements of different sessions interleave inside open transactions: the
 * database waits exactly where the model says, answers what the model says
 * once the lock holder ends, and breaks no invariant (1-3 and 5).
 */
@AddLifecycleHook(JobTransactionRequired.class)
class JobTransactionProperties {

    /** As many tries as the main property ({@code jqwik.tries.default}), so one setting lengthens a campaign of both. */
    @Property
    @Covers(Situation.Group.JOBS)
    void interleavedTransactionsAgreeWithModel(@ForAll("jobTraces") List<Step> steps) {
        check(steps, Situation.Group.JOBS);
    }

    /**
     * The database crashes while jobs are open and statements wait: what was
     * committed survives, open transactions and waiting statements vanish,
     * and the jobs that go on afterwards agree with the model. A crash costs a
     * server restart, so this property takes few tries.
     */
    @Property(tries = 12)
    @Covers(Situation.Group.JOB_CRASH)
    void openJobsVanishInADatabaseCrash(@ForAll("oneCrashAmidJobs") List<Step> steps) {
        check(steps, Situation.Group.JOB_CRASH);
    }

    /**
     * Requests and answers of job statements, the COMMIT's included, are lost
     * in the network: the client drops its connection, and the database must
     * hold exactly what the model says ran. Each lost message costs a client
     * timeout, so this property takes fewer tries.
     */
    @Property(tries = 100)
    @ThroughFaultProxies
    @Covers(Situation.Group.JOB_FAULTS)
    void jobsUnderNetworkFaults(@ForAll("withNetworkFaults") List<Step> steps) {
        check(steps, Situation.Group.JOB_FAULTS, true);
    }

    @Provide
    Arbitrary<List<Step>> withNetworkFaults() {
        return JobTraces.withNetworkFaults();
    }

    private static void check(List<Step> steps, Situation.Group group) {
        check(steps, group, false);
    }

    private static void check(List<Step> steps, Situation.Group group, boolean throughFaultProxies) {
        LeaseProtocol protocol = Harnesses.implementationUnderTest();
        Coverage.judge(Harnesses.runnerFor(protocol, throughFaultProxies).run(Trace.of(protocol.name(), steps)), group);
    }

    @Provide
    Arbitrary<List<Step>> oneCrashAmidJobs() {
        return JobTraces.oneCrashAmidJobs();
    }

    @Provide
    Arbitrary<List<Step>> jobTraces() {
        return JobTraces.jobTraces();
    }
}
