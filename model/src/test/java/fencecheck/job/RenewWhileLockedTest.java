package fencecheck.job;

import static fencecheck.job.JobScenario.S;
import static fencecheck.job.JobScenario.TTL;
import static fencecheck.job.JobScenario.answered;
import static fencecheck.job.JobScenario.releaseCommand;
import static fencecheck.job.JobScenario.renewCommand;
import static org.assertj.core.api.Assertions.assertThat;

import fencecheck.api.Lease;
import fencecheck.api.Outcome.ReleaseRejected;
import fencecheck.api.Outcome.Released;
import fencecheck.api.Outcome.RenewRejected;
import fencecheck.api.Outcome.Renewed;
import fencecheck.job.JobOutcome.Waiting;
import org.junit.jupiter.api.Test;

/** A renew or release waits for a locked lease row only when its condition holds on the committed row. */
class RenewWhileLockedTest {

    /** w1 holds K1 with token 1; at 4s, w2 runs the same job (token 1) and holds the row with an open claim. */
    private static JobScenario rowClaimedByAnotherSession() {
        JobScenario s = JobScenario.reference();
        s.acquire("w1", "K1");
        s.at(4 * S);
        s.begin("w2");
        s.claim("w2", "K1", 1);
        return s;
    }

    @Test
    void renewByANonHolderIsRejectedAtOnceEvenWhenTheRowIsLocked() {
        JobScenario s = rowClaimedByAnotherSession();

        assertThat(s.renew("w3", "K1", 1)).isEqualTo(answered(new RenewRejected()));
        assertThat(s.state().waiting()).isEmpty();
        assertThat(s.lease("K1")).isEqualTo(new Lease("w1", TTL, 1));
    }

    @Test
    void renewByTheHolderWithAWrongTokenIsRejectedAtOnce() {
        JobScenario s = rowClaimedByAnotherSession();

        assertThat(s.renew("w1", "K1", 2)).isEqualTo(answered(new RenewRejected()));
        assertThat(s.state().waiting()).isEmpty();
    }

    @Test
    void renewByTheHolderOfAnExpiredLeaseIsRejectedAtOnce() {
        JobScenario s = rowClaimedByAnotherSession();
        s.at(TTL + 1);

        assertThat(s.renew("w1", "K1", 1)).isEqualTo(answered(new RenewRejected()));
        assertThat(s.state().waiting()).isEmpty();
    }

    @Test
    void renewByTheHolderWaitsWhileAnotherSessionClaimsTheRow() {
        JobScenario s = rowClaimedByAnotherSession();

        assertThat(s.renew("w1", "K1", 1)).isEqualTo(new Waiting());
        assertThat(s.state().isWaiting("w1")).isTrue();
        assertThat(s.lease("K1")).isEqualTo(new Lease("w1", TTL, 1));
    }

    @Test
    void waitingRenewByTheHolderIsRenewedWhenTheOtherCommits() {
        JobScenario s = rowClaimedByAnotherSession();
        s.renew("w1", "K1", 1);

        s.commit("w2");

        assertThat(s.resumed()).containsExactly(
                new Resumed("w1", renewCommand("w1", "K1", 1), answered(new Renewed(4 * S + TTL))));
        assertThat(s.lease("K1")).isEqualTo(new Lease("w1", 4 * S + TTL, 1));
    }

    @Test
    void renewByTheHolderWaitsBehindAFencedWritesShareLock() {
        JobScenario s = JobScenario.reference();
        s.acquire("w1", "K1");
        s.begin("w2");
        s.fencedWrite("w2", "K1", 1, "r1", "p");

        assertThat(s.renew("w1", "K1", 1)).isEqualTo(new Waiting());
        s.rollback("w2");
        assertThat(s.resumed()).containsExactly(
                new Resumed("w1", renewCommand("w1", "K1", 1), answered(new Renewed(TTL))));
    }

    @Test
    void renewByTheHolderDoesNotWaitWhenNoOtherSessionHoldsTheRow() {
        JobScenario s = JobScenario.reference();
        s.acquire("w1", "K1");
        s.at(4 * S);

        assertThat(s.renew("w1", "K1", 1)).isEqualTo(answered(new Renewed(4 * S + TTL)));
    }

    @Test
    void releaseByANonHolderIsRejectedAtOnceEvenWhenTheRowIsLocked() {
        JobScenario s = rowClaimedByAnotherSession();

        assertThat(s.release("w3", "K1", 1)).isEqualTo(answered(new ReleaseRejected()));
        assertThat(s.state().waiting()).isEmpty();
    }

    @Test
    void releaseByTheHolderWaitsAndIsReleasedWhenTheOtherCommits() {
        JobScenario s = rowClaimedByAnotherSession();

        assertThat(s.release("w1", "K1", 1)).isEqualTo(new Waiting());
        s.commit("w2");

        assertThat(s.resumed()).containsExactly(
                new Resumed("w1", releaseCommand("w1", "K1", 1), answered(new Released())));
        assertThat(s.lease("K1").token()).isEqualTo(1);
        assertThat(s.lease("K1").until()).isLessThan(s.now());
    }
}
