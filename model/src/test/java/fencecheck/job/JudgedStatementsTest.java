package fencecheck.job;

import fencecheck.api.Outcome.Applied;
import fencecheck.api.Outcome.Busy;
import fencecheck.api.Outcome.Granted;
import fencecheck.api.Outcome.Stale;
import fencecheck.api.StoredResult;
import org.junit.jupiter.api.Test;

import static fencecheck.job.JobScenario.TTL;
import static fencecheck.job.JobScenario.acquireCommand;
import static fencecheck.job.JobScenario.answered;
import static fencecheck.job.JobScenario.claimCommand;
import static fencecheck.job.JobScenario.latestWriteCommand;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The judge's step: a statement is applied when the database completed it,
 * on the latest committed rows, with the clock of its start, whatever the
 * other open transactions lock; and a latest-token write inside a
 * transaction is private until its commit.
 */
class JudgedStatementsTest {

    @Test
    void aStatementCompletingWhileAnotherTransactionHoldsItsRowIsJudgedOnTheCommittedRows() {
        JobScenario s = JobScenario.reference();
        s.acquire("w1", "K1");
        s.begin("w1");
        s.complete(claimCommand("w1", "K1", 1), 0);
        s.at(TTL + 1);

        // the reference would make this acquire wait; an implementation that does not is judged by its answer
        assertThat(s.complete(acquireCommand("w2", "K1"), TTL + 1)).isEqualTo(answered(new Granted(2, TTL + 1 + TTL)));
        assertThat(s.state().waiting()).isEmpty();
    }

    @Test
    void aStatementThatWaitedIsJudgedWithTheClockOfItsStart() {
        JobScenario s = JobScenario.reference();
        s.acquire("w1", "K1");
        s.at(TTL + 1);

        assertThat(s.complete(acquireCommand("w2", "K1"), TTL)).as("it started while w1's lease was valid").isEqualTo(answered(new Busy()));
    }

    @Test
    void aLatestTokenWriteInATransactionIsPrivateUntilCommit() {
        JobScenario s = JobScenario.reference();
        s.acquire("w1", "K1");
        s.begin("w1");
        assertThat(s.latestWrite("w1", "K1", 1, "mine")).isEqualTo(answered(new Applied()));

        assertThat(s.rows("K1", "w1").protocol().latest()).isEqualTo(new StoredResult(1, "mine"));
        assertThat(s.committed("K1").protocol().latest()).isNull();
        assertThat(s.state().transaction("w1").locks("K1")).as("it reads the grant FOR SHARE").isTrue();

        s.commit("w1");
        assertThat(s.committed("K1").protocol().latest()).isEqualTo(new StoredResult(1, "mine"));
    }

    @Test
    void aRolledBackLatestTokenWriteLeavesNothing_andItsTransactionSeesItsOwnRow() {
        JobScenario s = JobScenario.reference();
        s.acquire("w1", "K1");
        s.at(TTL + 1);
        s.acquire("w2", "K1");
        s.latestWrite("w2", "K1", 2, "new");
        s.begin("w1");
        assertThat(s.complete(latestWriteCommand("w1", "K1", 1, "old"), s.now())).isEqualTo(answered(new Stale()));
        s.rollback("w1");

        assertThat(s.committed("K1").protocol().latest()).isEqualTo(new StoredResult(2, "new"));
    }
}
