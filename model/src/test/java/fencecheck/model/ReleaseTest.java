package fencecheck.model;

import static fencecheck.model.Scenario.S;
import static fencecheck.model.Scenario.TTL;
import static org.assertj.core.api.Assertions.assertThat;

import fencecheck.api.Boundary;
import fencecheck.api.Lease;
import fencecheck.api.Outcome;
import fencecheck.api.Outcome.Busy;
import fencecheck.api.Outcome.Granted;
import fencecheck.api.Outcome.ReleaseRejected;
import fencecheck.api.Outcome.Released;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class ReleaseTest {

    @ParameterizedTest
    @EnumSource(Boundary.class)
    void releaseExpiresTheLeaseButKeepsOwnerAndToken(Boundary boundary) {
        Scenario s = Scenario.with(boundary);
        s.acquire("job", "a");
        s.at(3 * S);

        assertThat(s.release("job", "a", 1)).isEqualTo(new Released());
        Lease lease = s.lease("job");
        assertThat(lease).isNotNull();
        assertThat(lease.owner()).isEqualTo("a");
        assertThat(lease.token()).isEqualTo(1);
        assertThat(boundary.isExpired(s.now(), lease.until())).isTrue();
    }

    @ParameterizedTest
    @EnumSource(Boundary.class)
    void acquireAfterReleaseAtTheSameInstantGetsTheNextToken(Boundary boundary) {
        Scenario s = Scenario.with(boundary);
        s.acquire("job", "a");
        s.at(3 * S);
        s.release("job", "a", 1);

        assertThat(s.acquire("job", "b")).isEqualTo(new Granted(2, 3 * S + TTL));
    }

    @Test
    void tokensDoNotRestartAfterManyReleases() {
        Scenario s = Scenario.reference();
        for (long token = 1; token <= 5; token++) {
            String owner = "run-" + token;
            assertThat(s.acquire("job", owner)).isEqualTo(new Granted(token, s.now() + TTL));
            s.after(S);
            assertThat(s.release("job", owner, token)).isEqualTo(new Released());
        }
        assertThat(s.lease("job").token()).isEqualTo(5);
    }

    @Test
    void sameOwnerAcquiringAfterReleaseGetsTheNextTokenNotARegrant() {
        Scenario s = Scenario.reference();
        s.acquire("job", "a");
        s.at(3 * S);
        s.release("job", "a", 1);

        assertThat(s.acquire("job", "a")).isEqualTo(new Granted(2, 3 * S + TTL));
    }

    @Test
    void wrongOwnerIsRejectedAndTheLeaseStaysValid() {
        Scenario s = Scenario.reference();
        s.acquire("job", "a");
        s.at(3 * S);
        ProtocolState before = s.state();

        assertThat(s.release("job", "b", 1)).isEqualTo(new ReleaseRejected());
        assertThat(s.state()).isEqualTo(before);
        assertThat(s.acquire("job", "b")).isEqualTo(new Busy());
    }

    @Test
    void wrongTokenIsRejectedAndTheLeaseStaysValid() {
        Scenario s = Scenario.reference();
        s.acquire("job", "a");
        s.at(3 * S);
        ProtocolState before = s.state();

        assertThat(s.release("job", "a", 2)).isEqualTo(new ReleaseRejected());
        assertThat(s.release("job", "a", 0)).isEqualTo(new ReleaseRejected());
        assertThat(s.state()).isEqualTo(before);
        assertThat(s.acquire("job", "b")).isEqualTo(new Busy());
    }

    @Test
    void absentKeyIsRejected() {
        Scenario s = Scenario.reference();

        assertThat(s.release("job", "a", 1)).isEqualTo(new ReleaseRejected());
        assertThat(s.lease("job")).isNull();
    }

    @Test
    void previousHolderCannotReleaseTheNewHoldersLease() {
        Scenario s = Scenario.reference();
        s.acquire("job", "a");
        s.at(TTL + 1);
        s.acquire("job", "b");
        ProtocolState before = s.state();

        assertThat(s.release("job", "a", 1)).isEqualTo(new ReleaseRejected());
        assertThat(s.release("job", "a", 2)).isEqualTo(new ReleaseRejected());
        assertThat(s.state()).isEqualTo(before);
        assertThat(s.acquire("job", "c")).isEqualTo(new Busy());
    }

    @Test
    void releasingAnExpiredButNotTakenOverLeaseKeepsItsToken() {
        Scenario s = Scenario.reference();
        s.acquire("job", "a");
        s.at(TTL + 5 * S);

        assertThat(s.release("job", "a", 1)).isEqualTo(new Released());
        assertThat(s.lease("job")).isEqualTo(new Lease("a", TTL, 1));
        assertThat(s.acquire("job", "b")).isEqualTo(new Granted(2, TTL + 5 * S + TTL));
    }

    @Test
    void releasingTwiceKeepsTheLeaseExpiredWithItsToken() {
        Scenario s = Scenario.reference();
        s.acquire("job", "a");
        s.at(3 * S);
        s.release("job", "a", 1);
        Lease afterFirst = s.lease("job");
        s.at(4 * S);

        assertThat(s.release("job", "a", 1)).isEqualTo(new Released());
        assertThat(s.lease("job")).isEqualTo(afterFirst);
        assertThat(s.acquire("job", "b")).isEqualTo(new Granted(2, 4 * S + TTL));
    }

    @ParameterizedTest
    @EnumSource(Boundary.class)
    void releaseExactlyAtTheBoundaryExpiresTheLease(Boundary boundary) {
        Scenario s = Scenario.with(boundary);
        s.acquire("job", "a");
        s.at(TTL);

        assertThat(s.release("job", "a", 1)).isEqualTo(new Released());
        assertThat(boundary.isExpired(TTL, s.lease("job").until())).isTrue();
        assertThat(s.acquire("job", "b")).isEqualTo(new Granted(2, 2 * TTL));
    }
}
