package fencecheck.job;

import static fencecheck.job.JobScenario.TTL;
import static fencecheck.job.JobScenario.acquireCommand;
import static fencecheck.job.JobScenario.answered;
import static fencecheck.job.JobScenario.claimCommand;
import static org.assertj.core.api.Assertions.assertThat;

import fencecheck.api.Outcome.Granted;
import fencecheck.api.StoredResult;
import fencecheck.job.JobOutcome.AlreadyThere;
import fencecheck.job.JobOutcome.Claimed;
import fencecheck.job.JobOutcome.Inserted;
import fencecheck.job.JobOutcome.NotClaimed;
import fencecheck.job.JobOutcome.Skipped;
import fencecheck.job.JobOutcome.Waiting;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A claim that waits for another claim re-checks its token on the latest committed row (READ COMMITTED). */
class ClaimRecheckTest {

    /** w1 holds K1 with token 1 and has an open claim; w2 runs the same job (token 1) on another connection. */
    private static JobScenario twoSessionsClaimingTokenOne() {
        JobScenario s = JobScenario.reference();
        s.acquire("w1", "K1");
        s.begin("w1");
        s.claim("w1", "K1", 1);
        s.business("w1", "r1", "p");
        s.outbox("w1", "r1", "p");
        s.begin("w2");
        return s;
    }

    @Test
    void claimWithTheSameTokenWaitsForTheOpenClaim() {
        JobScenario s = twoSessionsClaimingTokenOne();

        assertThat(s.claim("w2", "K1", 1)).isEqualTo(new Waiting());
        assertThat(s.state().isWaiting("w2")).isTrue();
        assertThat(s.state().transaction("w2").claimed()).isFalse();
    }

    @Test
    void waitingClaimIsClaimedWhenTheOtherCommits() {
        JobScenario s = twoSessionsClaimingTokenOne();
        s.claim("w2", "K1", 1);

        s.commit("w1");

        assertThat(s.resumed()).containsExactly(new Resumed("w2", claimCommand("w2", "K1", 1), new Claimed(1)));
        assertThat(s.state().transaction("w2").claimedKey()).isEqualTo("K1");
        assertThat(s.state().isWaiting("w2")).isFalse();
    }

    @Test
    void resumedClaimFindsTheCommittedRowsAlreadyThere() {
        JobScenario s = twoSessionsClaimingTokenOne();
        s.claim("w2", "K1", 1);
        s.commit("w1");

        assertThat(s.business("w2", "r1", "p")).isEqualTo(new AlreadyThere());
        assertThat(s.outbox("w2", "r1", "p")).isEqualTo(new AlreadyThere());
        s.commit("w2");

        assertThat(s.committed("K1").outbox()).hasSize(1);
        assertThat(s.committed("K1").business()).containsExactlyEntriesOf(Map.of("r1", new StoredResult(1, "p")));
    }

    @Test
    void waitingClaimIsClaimedWhenTheOtherRollsBack() {
        JobScenario s = twoSessionsClaimingTokenOne();
        s.claim("w2", "K1", 1);

        s.rollback("w1");

        assertThat(s.resumed()).containsExactly(new Resumed("w2", claimCommand("w2", "K1", 1), new Claimed(1)));
        assertThat(s.business("w2", "r1", "p")).isEqualTo(new Inserted());
    }

    @Test
    void waitingClaimIsNotClaimedWhenATakeoverCommittedInBetween() {
        JobScenario s = JobScenario.reference();
        s.acquire("w1", "K1");
        s.begin("w1");
        s.claim("w1", "K1", 1);
        s.at(TTL + 1);
        assertThat(s.acquire("w3", "K1")).isEqualTo(new Waiting());
        s.begin("w2");
        assertThat(s.claim("w2", "K1", 1)).isEqualTo(new Waiting());

        s.commit("w1");

        assertThat(s.resumed()).containsExactly(
                new Resumed("w3", acquireCommand("w3", "K1"), answered(new Granted(2, TTL + 1 + TTL))),
                new Resumed("w2", claimCommand("w2", "K1", 1), new NotClaimed()));
        assertThat(s.state().transaction("w2").claimed()).isFalse();
        assertThat(s.business("w2", "r1", "p")).isEqualTo(new Skipped());
        assertThat(s.outbox("w2", "r1", "p")).isEqualTo(new Skipped());
    }

    @Test
    void claimWithAnOldTokenDoesNotWaitForALockedRow() {
        JobScenario s = JobScenario.reference();
        s.acquire("w1", "K1");
        s.at(TTL + 1);
        s.acquire("w2", "K1");
        s.begin("w2");
        s.claim("w2", "K1", 2);
        s.begin("w1");

        assertThat(s.claim("w1", "K1", 1)).isEqualTo(new NotClaimed());
        assertThat(s.state().waiting()).isEmpty();
    }

    @Test
    void claimOfAnotherKeyDoesNotWait() {
        JobScenario s = twoSessionsClaimingTokenOne();
        s.acquire("w2", "K2");

        assertThat(s.claim("w2", "K2", 1)).isEqualTo(new Claimed(1));
    }
}
