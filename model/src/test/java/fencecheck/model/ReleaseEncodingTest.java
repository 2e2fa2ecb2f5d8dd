package fencecheck.model;

import static fencecheck.model.Scenario.S;
import static fencecheck.model.Scenario.TTL;
import static org.assertj.core.api.Assertions.assertThat;

import fencecheck.api.Boundary;
import fencecheck.api.Lease;
import fencecheck.api.ModelConfig;
import fencecheck.api.Outcome;
import fencecheck.api.Outcome.Applied;
import fencecheck.api.Outcome.Busy;
import fencecheck.api.Outcome.Granted;
import fencecheck.api.Outcome.ReleaseRejected;
import fencecheck.api.Outcome.Released;
import fencecheck.api.Outcome.RenewRejected;
import fencecheck.api.Outcome.Renewed;
import fencecheck.api.Outcome.Stale;
import fencecheck.api.ReleaseEncoding;
import fencecheck.api.TimeResolution;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class ReleaseEncodingTest {

    private static Scenario released(ReleaseEncoding encoding, Boundary boundary) {
        Scenario s = Scenario.with(ModelConfig.reference().withRelease(encoding).withBoundary(boundary));
        s.acquire("job", "a");
        s.at(3 * S);
        assertThat(s.release("job", "a", 1)).isEqualTo(new Released());
        return s;
    }

    // --- EXPIRE_AT_NOW ---------------------------------------------------------------------------------------------

    @Test
    void releaseAtNowStoresNowAsTheEnd() {
        Scenario s = released(ReleaseEncoding.EXPIRE_AT_NOW, Boundary.INCLUSIVE);

        assertThat(s.lease("job")).isEqualTo(new Lease("a", 3 * S, 1));
    }

    @Test
    void releaseAtNowUnderInclusiveLeavesTheLeaseValidAtThatInstant() {
        Scenario s = released(ReleaseEncoding.EXPIRE_AT_NOW, Boundary.INCLUSIVE);

        assertThat(s.lease("job").isHeldAt(3 * S, Boundary.INCLUSIVE)).isTrue();
        assertThat(s.acquire("job", "b")).as("another owner, same instant").isEqualTo(new Busy());
        assertThat(s.acquire("job", "a")).as("the releasing owner: a re-grant of the shortened lease")
                .isEqualTo(new Granted(1, 3 * S));
        s.at(3 * S + 1);
        assertThat(s.acquire("job", "b")).as("one microsecond later").isEqualTo(new Granted(2, 3 * S + 1 + TTL));
    }

    @Test
    void releaseAtNowUnderInclusiveLetsTheOwnerRenewAtThatInstant() {
        Scenario s = released(ReleaseEncoding.EXPIRE_AT_NOW, Boundary.INCLUSIVE);

        assertThat(s.renew("job", "a", 1)).isEqualTo(new Renewed(3 * S + TTL));
        s.at(3 * S + 1);
        assertThat(s.acquire("job", "b")).isEqualTo(new Busy());
    }

    @Test
    void releaseAtNowUnderInclusiveCannotBeRenewedAMicrosecondLater() {
        Scenario s = released(ReleaseEncoding.EXPIRE_AT_NOW, Boundary.INCLUSIVE);
        s.at(3 * S + 1);

        assertThat(s.renew("job", "a", 1)).isEqualTo(new RenewRejected());
    }

    @Test
    void releaseAtNowUnderExclusiveExpiresTheLeaseAtOnce() {
        Scenario s = released(ReleaseEncoding.EXPIRE_AT_NOW, Boundary.EXCLUSIVE);

        assertThat(s.renew("job", "a", 1)).isEqualTo(new RenewRejected());
        assertThat(s.acquire("job", "b")).isEqualTo(new Granted(2, 3 * S + TTL));
    }

    @ParameterizedTest
    @EnumSource(Boundary.class)
    void releaseAtNowInMillisecondsMayLeaveTheLeaseValidUntilNowRoundedUp(Boundary boundary) {
        Scenario s = Scenario.with(ModelConfig.reference().withRelease(ReleaseEncoding.EXPIRE_AT_NOW)
                .withResolution(TimeResolution.MILLISECONDS).withBoundary(boundary));
        s.acquire("job", "a");
        s.at(3 * S + 600);

        s.release("job", "a", 1);

        assertThat(s.lease("job").until()).isEqualTo(3 * S + 1_000);
        s.at(3 * S + 999);
        assertThat(s.acquire("job", "b")).isEqualTo(new Busy());
        s.at(3 * S + 1_000);
        assertThat(s.acquire("job", "b")).isEqualTo(boundary == Boundary.INCLUSIVE ? new Busy() : new Granted(2, 3 * S + 1_000 + TTL));
    }

    @ParameterizedTest
    @EnumSource(Boundary.class)
    void releaseAtNowInMillisecondsMayExpireTheLeaseBeforeNow(Boundary boundary) {
        Scenario s = Scenario.with(ModelConfig.reference().withRelease(ReleaseEncoding.EXPIRE_AT_NOW)
                .withResolution(TimeResolution.MILLISECONDS).withBoundary(boundary));
        s.acquire("job", "a");
        s.at(3 * S + 400);

        s.release("job", "a", 1);

        assertThat(s.lease("job").until()).isEqualTo(3 * S);
        assertThat(s.acquire("job", "b")).isEqualTo(new Granted(2, 3 * S + TTL));
    }

    // --- KEEP_TOKEN_MARK_RELEASED ------------------------------------------------------------------------------------

    @ParameterizedTest
    @EnumSource(Boundary.class)
    void keepAndMarkKeepsTheRowItsTokenAndItsEnd(Boundary boundary) {
        Scenario s = released(ReleaseEncoding.KEEP_TOKEN_MARK_RELEASED, boundary);

        assertThat(s.lease("job")).isEqualTo(new Lease("a", TTL, 1, true));
        assertThat(s.lease("job").isHeldAt(s.now(), boundary)).isFalse();
    }

    @ParameterizedTest
    @EnumSource(Boundary.class)
    void keepAndMarkLetsAnotherOwnerAcquireAtOnceWithTheNextToken(Boundary boundary) {
        Scenario s = released(ReleaseEncoding.KEEP_TOKEN_MARK_RELEASED, boundary);

        assertThat(s.acquire("job", "b")).isEqualTo(new Granted(2, 3 * S + TTL));
        assertThat(s.lease("job")).isEqualTo(new Lease("b", 3 * S + TTL, 2));
    }

    @Test
    void keepAndMarkNeverRevivesAReleasedLease() {
        Scenario s = released(ReleaseEncoding.KEEP_TOKEN_MARK_RELEASED, Boundary.INCLUSIVE);

        assertThat(s.renew("job", "a", 1)).isEqualTo(new RenewRejected());
        assertThat(s.acquire("job", "a")).as("the releasing owner gets a new grant, not its old lease back")
                .isEqualTo(new Granted(2, 3 * S + TTL));
    }

    @Test
    void keepAndMarkAcceptsASecondReleaseAndChangesNothing() {
        Scenario s = released(ReleaseEncoding.KEEP_TOKEN_MARK_RELEASED, Boundary.INCLUSIVE);
        Lease before = s.lease("job");
        s.at(4 * S);

        assertThat(s.release("job", "a", 1)).isEqualTo(new Released());
        assertThat(s.lease("job")).isEqualTo(before);
        assertThat(s.release("job", "b", 1)).isEqualTo(new ReleaseRejected());
    }

    @Test
    void keepAndMarkKeepsTheFenceUntilATakeover() {
        Scenario s = released(ReleaseEncoding.KEEP_TOKEN_MARK_RELEASED, Boundary.INCLUSIVE);

        assertThat(s.writeFenced("job", 1, "r1", "late")).as("fencing is not a wall clock").isEqualTo(new Applied());
        s.acquire("job", "b");
        assertThat(s.writeFenced("job", 1, "r2", "later")).isEqualTo(new Stale());
    }

    @Test
    void keepAndMarkContinuesTheTokenSequenceOverManyReleases() {
        Scenario s = Scenario.with(ModelConfig.reference().withRelease(ReleaseEncoding.KEEP_TOKEN_MARK_RELEASED));
        for (long token = 1; token <= 4; token++) {
            assertThat(s.acquire("job", "run-" + token)).isEqualTo(new Granted(token, s.now() + TTL));
            assertThat(s.release("job", "run-" + token, token)).isEqualTo(new Released());
        }
        assertThat(s.lease("job")).isEqualTo(new Lease("run-4", TTL, 4, true));
    }

    // --- EXPIRE_BEFORE_NOW, the reference ----------------------------------------------------------------------------

    @Test
    void expireBeforeNowIsTheReferencesRelease() {
        Scenario s = released(ReleaseEncoding.EXPIRE_BEFORE_NOW, Boundary.INCLUSIVE);

        assertThat(s.lease("job")).isEqualTo(new Lease("a", 3 * S - 1, 1));
        assertThat(ModelConfig.reference().release()).isEqualTo(ReleaseEncoding.EXPIRE_BEFORE_NOW);
    }
}
