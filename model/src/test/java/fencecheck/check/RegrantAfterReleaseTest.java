package fencecheck.check;

import static org.assertj.core.api.Assertions.assertThat;

import fencecheck.api.Boundary;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Invariant 3 reads re-grants from answers alone, the same under every setting:
 * a release may shorten the holder's lease and leave it valid for an instant
 * (an implementation that stores {@code until = now}), and a renewal answered to
 * the holder moves its expiry whatever token it named (one that binds renew to the owner).
 */
class RegrantAfterReleaseTest {

    private static List<Violation> check(History h) {
        return Invariants.tokensStrictlyIncreasing(h.events());
    }

    @Test
    void regrantOfALeaseShortenedByItsReleaseIsNotAViolation() {
        History h = new History()
                .granted(0, "job", "a", 1, 10)
                .released(3, "job", "a", 1)
                .granted(3, "job", "a", 1, 3)
                .granted(3, "job", "a", 1, 3);

        assertThat(check(h)).isEmpty();
        assertThat(Invariants.check(h.events(), Boundary.INCLUSIVE)).isEmpty();
    }

    @Test
    void theSameTokenWithALaterEndAfterAReleaseIsAViolation() {
        History h = new History()
                .granted(0, "job", "a", 1, 10)
                .released(3, "job", "a", 1)
                .granted(4, "job", "a", 1, 14);

        assertThat(check(h)).extracting(Violation::step).containsExactly(3);
    }

    @Test
    void theSameTokenGrantedAfterTheLeaseEndedIsAViolation() {
        History h = new History()
                .granted(0, "job", "a", 1, 10)
                .granted(12, "job", "a", 1, 15);

        assertThat(check(h)).extracting(Violation::step).containsExactly(2);
    }

    /** A library whose re-lock sets the end from the re-lock's ttl (Spring Integration's) moves it either way. */
    @Test
    void theHoldersRelockWhileItHoldsMayMoveTheEndEitherWay() {
        History h = new History()
                .granted(0, "job", "a", 1, 10)
                .granted(3, "job", "a", 1, 5)
                .granted(4, "job", "a", 1, 24);

        assertThat(check(h)).isEmpty();
        assertThat(Invariants.check(h.events(), Boundary.INCLUSIVE)).isEmpty();
    }

    @Test
    void aReleaseByAnotherOwnerIsNotTheHoldersRelease() {
        History h = new History()
                .granted(0, "job", "a", 1, 10)
                .released(3, "job", "b", 1)
                .granted(4, "job", "a", 1, 14);

        assertThat(check(h)).as("after the holder's own release this is a violation (the test above)").isEmpty();
    }

    @Test
    void aRenewalByTheHolderNamingAnotherTokenMovesTheEnd() {
        History h = new History()
                .granted(0, "job", "a", 1, 10)
                .renewed(5, "job", "a", 7, 15)
                .granted(6, "job", "a", 1, 15);

        assertThat(check(h)).isEmpty();
    }

    @Test
    void aRenewalAfterTheReleaseMakesTheLeaseWholeAgain() {
        History h = new History()
                .granted(0, "job", "a", 1, 10)
                .released(3, "job", "a", 1)
                .renewed(3, "job", "a", 1, 13)
                .granted(4, "job", "a", 1, 12);

        assertThat(check(h)).as("a re-lock of the renewed lease; without the renewal, a grant after the release").isEmpty();
        History withoutRenewal = new History()
                .granted(0, "job", "a", 1, 10)
                .released(3, "job", "a", 1)
                .granted(4, "job", "a", 1, 12);
        assertThat(check(withoutRenewal)).extracting(Violation::step).containsExactly(3);
    }

    @Test
    void aNewGrantAfterAReleaseIsJudgedAsAlways() {
        History h = new History()
                .granted(0, "job", "a", 1, 10)
                .released(3, "job", "a", 1)
                .granted(3, "job", "b", 1, 13);

        assertThat(check(h)).extracting(Violation::step).containsExactly(3);
    }
}
