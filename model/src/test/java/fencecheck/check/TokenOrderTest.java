package fencecheck.check;

import static org.assertj.core.api.Assertions.assertThat;

import fencecheck.api.Boundary;
import fencecheck.api.Outcome;
import fencecheck.model.Command;
import java.util.List;
import org.junit.jupiter.api.Test;

class TokenOrderTest {

    private static List<Violation> check(History h) {
        return Invariants.tokensStrictlyIncreasing(h.events());
    }

    private static void assertSingleViolationAt(List<Violation> found, int step) {
        assertThat(found).singleElement().satisfies(v -> {
            assertThat(v.invariant()).isEqualTo(Invariant.TOKENS_STRICTLY_INCREASING);
            assertThat(v.step()).isEqualTo(step);
        });
    }

    @Test
    void increasingTokensAreFine() {
        History h = new History()
                .granted(0, "job", "a", 1, 10)
                .granted(11, "job", "b", 2, 21)
                .granted(22, "job", "c", 3, 32);

        assertThat(check(h)).isEmpty();
    }

    @Test
    void gapsAreFine() {
        History h = new History()
                .granted(0, "job", "a", 1, 10)
                .granted(11, "job", "b", 5, 21);

        assertThat(check(h)).isEmpty();
    }

    @Test
    void tokenReusedByAnotherOwnerIsAViolation() {
        History h = new History()
                .granted(0, "job", "a", 1, 10)
                .granted(11, "job", "b", 1, 21);

        List<Violation> found = check(h);

        assertSingleViolationAt(found, 2);
        assertThat(found.get(0).explanation()).contains("granted to b").contains("granted to a");
    }

    /** A renewal whose answer was lost lengthened the lease; the holder's re-grant answers the longer lease, same token. */
    @Test
    void theHoldersRegrantAfterAnUnseenRenewalIsNoNewGrant() {
        History h = new History()
                .granted(0, "job", "a", 1, 10)
                // renewed at 3 (the answer lost): the lease ends at 13, and the re-grant at 5 hands that back
                .event(5, new Command.Acquire("job", "a", 10), new Outcome.Granted(1, 13));

        assertThat(check(h)).isEmpty();
    }

    /**
     * Two renewals in a row lost their answers, the second read while only the first had lengthened the lease:
     * the holder's re-grant reveals the chain (the history a real-time run on the reference produced).
     */
    @Test
    void theHoldersRegrantAfterAChainOfUnseenRenewalsIsNoNewGrant() {
        History h = new History()
                .granted(0, "job", "a", 1, 10)
                // the first renewal read the clock at 9 (lease to 19), its answer due at 15; the second at 18 (lease to 28), due at 21
                .event(15, new Command.Renew("job", "a", 1, 10), null)
                .event(21, new Command.Renew("job", "a", 1, 10), null)
                .event(22, new Command.Acquire("job", "a", 10), new Outcome.Granted(1, 28));

        assertThat(check(h)).isEmpty();
    }

    /** Without a renewal that could have lengthened it, the holder's lease read after it ended is a new grant and needs a new token. */
    @Test
    void theSameTokenAfterTheLeaseEndedWithNoRenewalIsAViolation() {
        History h = new History()
                .granted(0, "job", "a", 1, 10)
                .event(22, new Command.Acquire("job", "a", 10), new Outcome.Granted(1, 28));

        assertSingleViolationAt(check(h), 2);
    }

    /**
     * The same token to the same owner, computed after its lease ended (ttl 3 before its end of 14, at 11): a new
     * lease under the old token, whether its end is later or, here, no later than a re-grant's could be.
     */
    @Test
    void theSameTokenToTheSameOwnerAfterItsLeaseEndedIsAViolation() {
        History h = new History()
                .granted(0, "job", "a", 1, 10)
                .event(12, new Command.Acquire("job", "a", 3), new Outcome.Granted(1, 14));

        assertSingleViolationAt(check(h), 2);
    }

    @Test
    void tokenGoingDownIsAViolation() {
        History h = new History()
                .granted(0, "job", "a", 1, 10)
                .granted(11, "job", "b", 2, 21)
                .granted(22, "job", "c", 1, 32);

        List<Violation> found = check(h);

        assertSingleViolationAt(found, 3);
        assertThat(found.get(0).explanation()).contains("token 1").contains("after token 2");
    }

    @Test
    void tokenRestartingAtOneAfterAReleaseIsAViolation() {
        History h = new History()
                .granted(0, "job", "a", 1, 10)
                .released(3, "job", "a", 1)
                .granted(3, "job", "b", 1, 13);

        assertSingleViolationAt(check(h), 3);
    }

    @Test
    void tokenGoingDownForTheSameOwnerIsAViolation() {
        History h = new History()
                .granted(0, "job", "a", 2, 10)
                .granted(11, "job", "a", 1, 21);

        assertSingleViolationAt(check(h), 2);
    }

    @Test
    void sameOwnerRegrantIsNotAViolation() {
        History h = new History()
                .granted(0, "job", "a", 1, 10)
                .granted(3, "job", "a", 1, 10)
                .granted(5, "job", "a", 1, 10);

        assertThat(check(h)).isEmpty();
        assertThat(Invariants.check(h.events(), Boundary.INCLUSIVE)).isEmpty();
    }

    @Test
    void regrantAfterATakeoverIsTheNewHoldersOnly() {
        History h = new History()
                .granted(0, "job", "a", 1, 10)
                .granted(11, "job", "b", 2, 21)
                .granted(12, "job", "b", 2, 21)
                .granted(13, "job", "a", 2, 21);

        assertSingleViolationAt(check(h), 4);
    }

    @Test
    void tokensArePerKey() {
        History h = new History()
                .granted(0, "x", "a", 1, 10)
                .granted(0, "y", "b", 1, 10)
                .granted(11, "x", "c", 2, 21)
                .granted(11, "y", "c", 2, 21);

        assertThat(check(h)).isEmpty();
    }

    @Test
    void onlyGrantsCount() {
        History h = new History()
                .granted(0, "job", "a", 2, 10)
                .busy(1, "job", "b")
                .renewed(2, "job", "a", 2, 12)
                .renewRejected(3, "job", "b", 1)
                .released(4, "job", "a", 2)
                .granted(4, "job", "b", 3, 14);

        assertThat(check(h)).isEmpty();
    }

    @Test
    void sameOwnerGetsTheSameTokenAgainAfterExpiryIsAViolation() {
        History h = new History()
                .granted(0, "job", "a", 1, 10)
                .granted(20, "job", "a", 1, 30);

        assertSingleViolationAt(check(h), 2);
    }
}
