package fencecheck.job;

import static fencecheck.job.JobScenario.S;
import static fencecheck.job.JobScenario.TTL;
import static fencecheck.job.JobScenario.acquireCommand;
import static fencecheck.job.JobScenario.answered;
import static fencecheck.job.JobScenario.renewCommand;
import static org.assertj.core.api.Assertions.assertThat;

import fencecheck.api.Lease;
import fencecheck.api.Outcome.Busy;
import fencecheck.api.Outcome.Granted;
import fencecheck.api.Outcome.Renewed;
import fencecheck.job.JobOutcome.ClockAt;
import org.junit.jupiter.api.Test;

/** A statement that waited goes on with the clock of its start, not the clock of its resumption. */
class ResumedClockTest {

    /** w1 holds K1 with token 1 until 10s and has an open claim. */
    private static JobScenario openClaim() {
        JobScenario s = JobScenario.reference();
        s.acquire("w1", "K1");
        s.begin("w1");
        s.claim("w1", "K1", 1);
        return s;
    }

    @Test
    void waiterRemembersTheClockOfItsStart() {
        JobScenario s = openClaim();
        s.at(9 * S);
        s.acquire("w2", "K1");
        s.at(20 * S);

        assertThat(s.state().waiting()).singleElement().extracting(Waiter::startedAt).isEqualTo(9 * S);
    }

    @Test
    void acquireStartedBeforeExpiryIsBusyEvenIfTheClockPassedExpiryWhileItWaited() {
        JobScenario s = openClaim();
        s.at(9 * S);
        s.acquire("w2", "K1");
        s.at(TTL + 10 * S);

        s.commit("w1");

        assertThat(s.resumed()).containsExactly(new Resumed("w2", acquireCommand("w2", "K1"), answered(new Busy())));
        assertThat(s.lease("K1")).isEqualTo(new Lease("w1", TTL, 1));
        assertThat(s.now()).isEqualTo(TTL + 10 * S);
    }

    @Test
    void acquireStartedAtTheInclusiveBoundaryIsBusy() {
        JobScenario s = openClaim();
        s.at(TTL);
        s.acquire("w2", "K1");
        s.at(TTL + 1);

        s.commit("w1");

        assertThat(s.resumed()).extracting(Resumed::outcome).containsExactly(answered(new Busy()));
    }

    @Test
    void acquireStartedAfterExpiryIsGrantedUntilItsStartPlusTtl() {
        JobScenario s = openClaim();
        s.at(11 * S);
        s.acquire("w2", "K1");
        s.at(15 * S);

        s.commit("w1");

        assertThat(s.resumed()).containsExactly(
                new Resumed("w2", acquireCommand("w2", "K1"), answered(new Granted(2, 11 * S + TTL))));
        assertThat(s.lease("K1")).isEqualTo(new Lease("w2", 11 * S + TTL, 2));
        assertThat(s.now()).isEqualTo(15 * S);
    }

    @Test
    void renewStartedBeforeExpiryIsRenewedFromItsStart() {
        JobScenario s = JobScenario.reference();
        s.acquire("w1", "K1");
        s.begin("w2");
        s.claim("w2", "K1", 1);
        s.at(9 * S);
        s.renew("w1", "K1", 1);
        s.at(12 * S);

        s.commit("w2");

        assertThat(s.resumed()).containsExactly(
                new Resumed("w1", renewCommand("w1", "K1", 1), answered(new Renewed(9 * S + TTL))));
        assertThat(s.now()).isEqualTo(12 * S);
    }

    @Test
    void clockMovesOnlyForwardAndNeverWakesAWaiter() {
        JobScenario s = openClaim();
        s.at(11 * S);
        s.acquire("w2", "K1");

        assertThat(s.at(5 * S)).isEqualTo(new ClockAt(11 * S));
        assertThat(s.resumed()).isEmpty();
        assertThat(s.at(30 * S)).isEqualTo(new ClockAt(30 * S));
        assertThat(s.resumed()).isEmpty();
        assertThat(s.state().isWaiting("w2")).isTrue();
    }
}
