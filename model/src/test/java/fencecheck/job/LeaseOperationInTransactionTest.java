package fencecheck.job;

import fencecheck.api.Lease;
import fencecheck.api.ModelConfig;
import fencecheck.api.Outcome;
import fencecheck.job.JobCommand.Begin;
import fencecheck.job.JobCommand.Commit;
import fencecheck.job.JobCommand.LeaseOperation;
import fencecheck.job.JobCommand.Rollback;
import fencecheck.model.Command;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A lease operation inside an open transaction, as a service calls renew or release inside its own transactional
 * work: it sees and writes the lease row of its transaction, which nobody else sees until the commit, and a
 * rollback takes it back.
 */
class LeaseOperationInTransactionTest {

    private static final long TTL = 1_000_000;
    private final JobModel model = new JobModel(ModelConfig.reference());

    private JobState heldByW1InATransaction() {
        JobState s = model.step(model.init(0), new LeaseOperation("w1", new Command.Acquire("k", "w1", TTL))).next();
        s = model.step(s, new Begin("w1")).next();
        return model.step(s, new JobCommand.AdvanceClock(500_000)).next();
    }

    private JobTransition renewInside(JobState s) {
        return model.complete(s, new LeaseOperation("w1", new Command.Renew("k", "w1", 1, TTL)), s.now());
    }

    @Test
    void aRenewInsideATransactionIsSeenByItAloneUntilItCommits() {
        JobTransition renewed = renewInside(heldByW1InATransaction());
        assertThat(renewed.outcome()).isEqualTo(new JobOutcome.Answered(new Outcome.Renewed(1_500_000)));
        JobState s = renewed.next();
        assertThat(s.rows("k", "w1").protocol().lease()).isEqualTo(new Lease("w1", 1_500_000, 1));
        assertThat(s.rows("k", null).protocol().lease()).as("uncommitted").isEqualTo(new Lease("w1", TTL, 1));
        JobState committed = model.step(s, new Commit("w1")).next();
        assertThat(committed.rows("k", null).protocol().lease()).isEqualTo(new Lease("w1", 1_500_000, 1));
    }

    @Test
    void aRollbackTakesTheRenewBack() {
        JobState s = model.step(renewInside(heldByW1InATransaction()).next(), new Rollback("w1")).next();
        assertThat(s.rows("k", null).protocol().lease()).isEqualTo(new Lease("w1", TTL, 1));
    }

    @Test
    void anotherSessionsAcquireWaitsForTheTransactionThatRenewed() {
        JobState s = renewInside(heldByW1InATransaction()).next();
        assertThat(model.wouldWaitFor(s, "w2", new LeaseOperation("w2", new Command.Acquire("k", "w2", TTL)))).isEqualTo("k");
        JobTransition afterExpiry = model.step(s, new JobCommand.AdvanceClock(TTL + 1));
        JobTransition w2 = model.step(afterExpiry.next(), new LeaseOperation("w2", new Command.Acquire("k", "w2", TTL)));
        assertThat(w2.outcome()).as("it waits for the row w1's transaction updated").isEqualTo(new JobOutcome.Waiting());
        JobTransition commit = model.step(w2.next(), new Commit("w1"));
        assertThat(commit.resumed()).singleElement().satisfies(r -> assertThat(r.outcome())
                .as("w1's committed renewal holds the lease past the clock").isEqualTo(new JobOutcome.Answered(new Outcome.Busy())));
    }
}
