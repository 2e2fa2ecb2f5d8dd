package fencecheck.job;

import static fencecheck.job.JobScenario.S;
import static fencecheck.job.JobScenario.TTL;
import static fencecheck.job.JobScenario.acquireCommand;
import static fencecheck.job.JobScenario.answered;
import static fencecheck.job.JobScenario.claimCommand;
import static fencecheck.job.JobScenario.renewCommand;
import static org.assertj.core.api.Assertions.assertThat;

import fencecheck.api.Lease;
import fencecheck.api.Outcome.Busy;
import fencecheck.api.Outcome.Granted;
import fencecheck.api.Outcome.RenewRejected;
import fencecheck.api.Outcome.Renewed;
import fencecheck.job.JobOutcome.Claimed;
import fencecheck.job.JobOutcome.Waiting;
import org.junit.jupiter.api.Test;

/** Waiting statements go on first come first when the transaction that holds the row ends. */
class WaitOrderTest {

    /** w1 holds K1 with token 1 until 10s, has an open claim, and the lease has expired. */
    private static JobScenario expiredLeaseWithOpenClaim() {
        JobScenario s = JobScenario.reference();
        s.acquire("w1", "K1");
        s.begin("w1");
        s.claim("w1", "K1", 1);
        s.at(TTL + 1);
        return s;
    }

    @Test
    void waitersAreKeptInTheOrderTheyCame() {
        JobScenario s = expiredLeaseWithOpenClaim();
        s.acquire("w3", "K1");
        s.acquire("w2", "K1");

        assertThat(s.state().waiting()).extracting(Waiter::session).containsExactly("w3", "w2");
    }

    @Test
    void theFirstWaitingAcquireTakesOverAndTheNextIsBusy() {
        JobScenario s = expiredLeaseWithOpenClaim();
        s.acquire("w2", "K1");
        s.acquire("w3", "K1");

        s.commit("w1");

        assertThat(s.resumed()).containsExactly(
                new Resumed("w2", acquireCommand("w2", "K1"), answered(new Granted(2, TTL + 1 + TTL))),
                new Resumed("w3", acquireCommand("w3", "K1"), answered(new Busy())));
        assertThat(s.lease("K1")).isEqualTo(new Lease("w2", TTL + 1 + TTL, 2));
    }

    @Test
    void theOtherOrderGivesTheLeaseToTheOtherSession() {
        JobScenario s = expiredLeaseWithOpenClaim();
        s.acquire("w3", "K1");
        s.acquire("w2", "K1");

        s.commit("w1");

        assertThat(s.resumed()).containsExactly(
                new Resumed("w3", acquireCommand("w3", "K1"), answered(new Granted(2, TTL + 1 + TTL))),
                new Resumed("w2", acquireCommand("w2", "K1"), answered(new Busy())));
    }

    @Test
    void aWaiterThatTakesTheRowAgainHoldsBackTheOnesBehindIt() {
        JobScenario s = expiredLeaseWithOpenClaim();
        s.begin("w2");
        assertThat(s.claim("w2", "K1", 1)).isEqualTo(new Waiting());
        assertThat(s.acquire("w3", "K1")).isEqualTo(new Waiting());

        s.commit("w1");

        assertThat(s.resumed()).containsExactly(new Resumed("w2", claimCommand("w2", "K1", 1), new Claimed(1)));
        assertThat(s.state().waiting()).containsExactly(new Waiter("w3", acquireCommand("w3", "K1"), TTL + 1));

        s.commit("w2");

        assertThat(s.resumed()).containsExactly(
                new Resumed("w3", acquireCommand("w3", "K1"), answered(new Granted(2, TTL + 1 + TTL))));
        assertThat(s.state().waiting()).isEmpty();
    }

    @Test
    void aRenewAheadOfAnAcquireKeepsTheLease() {
        JobScenario s = JobScenario.reference();
        s.acquire("w1", "K1");
        s.begin("w2");
        s.claim("w2", "K1", 1);
        s.at(9 * S);
        s.renew("w1", "K1", 1);
        s.at(TTL + 1);
        s.acquire("w3", "K1");

        s.commit("w2");

        assertThat(s.resumed()).containsExactly(
                new Resumed("w1", renewCommand("w1", "K1", 1), answered(new Renewed(9 * S + TTL))),
                new Resumed("w3", acquireCommand("w3", "K1"), answered(new Busy())));
    }

    @Test
    void aRenewStartedAtTheBoundaryRenewsAheadOfALaterTakeover() {
        JobScenario s = JobScenario.reference();
        s.acquire("w1", "K1");
        s.begin("w2");
        s.claim("w2", "K1", 1);
        s.at(TTL);
        s.renew("w1", "K1", 1);
        s.at(TTL + 1);
        s.acquire("w3", "K1");
        assertThat(s.state().waiting()).extracting(Waiter::session).containsExactly("w1", "w3");

        s.rollback("w2");

        assertThat(s.resumed()).extracting(Resumed::outcome)
                .containsExactly(answered(new Renewed(TTL + TTL)), answered(new Busy()));
    }

    @Test
    void aRenewOfAnExpiredLeaseDoesNotJoinTheQueue() {
        JobScenario s = expiredLeaseWithOpenClaim();
        s.acquire("w3", "K1");

        // w1's renew does not wait: the lease has expired, so its condition fails on the committed row.
        assertThat(s.renew("w1", "K1", 1)).isEqualTo(answered(new RenewRejected()));
        s.commit("w1");

        assertThat(s.resumed()).extracting(Resumed::session).containsExactly("w3");
    }

    @Test
    void aTransactionOnAnotherKeyResumesNothingOfThisKey() {
        JobScenario s = expiredLeaseWithOpenClaim();
        s.acquire("w2", "K1");
        s.acquire("w3", "K2");
        s.begin("w3");
        s.claim("w3", "K2", 1);

        s.commit("w3");

        assertThat(s.resumed()).isEmpty();
        assertThat(s.state().isWaiting("w2")).isTrue();
    }
}
