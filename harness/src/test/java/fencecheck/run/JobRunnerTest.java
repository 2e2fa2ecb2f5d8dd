package fencecheck.run;

import fencecheck.db.Databases;
import fencecheck.job.JobOutcome;
import fencecheck.protocol.Implementations;
import fencecheck.trace.JobAction;
import fencecheck.trace.JobStep;
import fencecheck.trace.JobTrace;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Hand-written job traces: the waits and re-checks the model predicts happen in PostgreSQL as predicted. */
class JobRunnerTest {

    /** A takeover while the old holder's job is open waits, and is granted when the job commits. */
    static final List<JobStep> TAKEOVER_WAITS_FOR_OPEN_JOB = List.of(
            new JobStep("w1", new JobAction.Acquire("K1")),
            new JobStep("w1", new JobAction.Begin()),
            new JobStep("w1", new JobAction.Claim()),
            new JobStep("clock", new JobAction.AdvanceToExpiry("K1", 1)),
            new JobStep("w2", new JobAction.Acquire("K1")),
            new JobStep("w1", new JobAction.BusinessRow("r1", "done")),
            new JobStep("w1", new JobAction.OutboxRow("r1", "done")),
            new JobStep("w1", new JobAction.Commit()),
            new JobStep("relay", new JobAction.Relay(true)),
            new JobStep("relay", new JobAction.Relay(false)),
            new JobStep("relay", new JobAction.Redeliver()));

    private static JobTryResult run(String implementation, List<JobStep> steps) {
        try (JobRunner runner = new JobRunner(Databases.shared(), Implementations.select(implementation))) {
            return runner.run(JobTrace.of(implementation, steps));
        }
    }

    @Test
    void theReferenceWaitsWhereTheModelSaysAndAgreesOnEveryStatement() {
        JobTryResult result = run("reference", TAKEOVER_WAITS_FOR_OPEN_JOB);
        assertThat(result.passed()).as(result.verdict() + "\n" + JobTraceTable.render(result)).isTrue();
        assertThat(result.history().get(4).observed()).isEqualTo(new JobOutcome.Waiting());
        assertThat(result.situations()).contains(JobSituation.WAIT_OBSERVED, JobSituation.WAIT_RESOLVED_BY_COMMIT,
                JobSituation.TAKEOVER_WHILE_JOB_OPEN, JobSituation.RELAY_CRASH, JobSituation.DUPLICATE_DELIVERY);
    }

    @Test
    void checkThenWriteDoesNotMakeTheTakeoverWait() {
        JobTryResult result = run("check-then-write", TAKEOVER_WAITS_FOR_OPEN_JOB);
        assertThat(result.passed()).isFalse();
        assertThat(result.divergent().step()).isEqualTo(5);
        assertThat(result.divergent().expected()).isEqualTo(new JobOutcome.Waiting());
    }
}
