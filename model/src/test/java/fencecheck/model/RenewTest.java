package fencecheck.model;

import static fencecheck.model.Scenario.S;
import static fencecheck.model.Scenario.TTL;
import static org.assertj.core.api.Assertions.assertThat;

import fencecheck.api.Boundary;
import fencecheck.api.Lease;
import fencecheck.api.Outcome;
import fencecheck.api.Outcome.Busy;
import fencecheck.api.Outcome.Granted;
import fencecheck.api.Outcome.RenewRejected;
import fencecheck.api.Outcome.Renewed;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class RenewTest {

    @Test
    void matchingOwnerAndTokenOnValidLeaseExtendsToNowPlusTtl() {
        Scenario s = Scenario.reference();
        s.acquire("job", "a");
        s.at(8 * S);

        assertThat(s.renew("job", "a", 1, 15 * S)).isEqualTo(new Renewed(23 * S));
        assertThat(s.lease("job")).isEqualTo(new Lease("a", 23 * S, 1));
    }

    @Test
    void renewSetsNowPlusTtlEvenWhenThatIsEarlierThanTheCurrentUntil() {
        Scenario s = Scenario.reference();
        s.acquire("job", "a", 60 * S);
        s.at(5 * S);

        assertThat(s.renew("job", "a", 1, 2 * S)).isEqualTo(new Renewed(7 * S));
        assertThat(s.lease("job")).isEqualTo(new Lease("a", 7 * S, 1));
    }

    @Test
    void renewKeepsTheLeaseValidPastTheOriginalUntil() {
        Scenario s = Scenario.reference();
        s.acquire("job", "a");
        s.at(8 * S);
        s.renew("job", "a", 1);
        s.at(15 * S);

        assertThat(s.acquire("job", "b")).isEqualTo(new Busy());
        assertThat(s.renew("job", "a", 1)).isEqualTo(new Renewed(25 * S));
    }

    @Test
    void wrongOwnerIsRejectedAndChangesNothing() {
        Scenario s = Scenario.reference();
        s.acquire("job", "a");
        s.at(3 * S);
        ProtocolState before = s.state();

        assertThat(s.renew("job", "b", 1)).isEqualTo(new RenewRejected());
        assertThat(s.state()).isEqualTo(before);
    }

    @Test
    void wrongTokenIsRejectedAndChangesNothing() {
        Scenario s = Scenario.reference();
        s.acquire("job", "a");
        s.at(3 * S);
        ProtocolState before = s.state();

        assertThat(s.renew("job", "a", 2)).isEqualTo(new RenewRejected());
        assertThat(s.renew("job", "a", 0)).isEqualTo(new RenewRejected());
        assertThat(s.state()).isEqualTo(before);
    }

    @Test
    void absentKeyIsRejected() {
        Scenario s = Scenario.reference();

        assertThat(s.renew("job", "a", 1)).isEqualTo(new RenewRejected());
        assertThat(s.lease("job")).isNull();
    }

    @ParameterizedTest
    @EnumSource(Boundary.class)
    void expiredLeaseIsNeverRevived(Boundary boundary) {
        Scenario s = Scenario.with(boundary);
        s.acquire("job", "a");
        s.at(TTL + 1);
        ProtocolState before = s.state();

        assertThat(s.renew("job", "a", 1)).isEqualTo(new RenewRejected());
        assertThat(s.state()).isEqualTo(before);
        s.at(TTL + 5 * S);
        assertThat(s.renew("job", "a", 1, 100 * S)).isEqualTo(new RenewRejected());
        assertThat(s.lease("job")).isEqualTo(new Lease("a", TTL, 1));
        assertThat(s.acquire("job", "b")).isEqualTo(new Granted(2, TTL + 5 * S + TTL));
    }

    @Test
    void previousHolderCannotRenewAfterTakeover() {
        Scenario s = Scenario.reference();
        s.acquire("job", "a");
        s.at(TTL + 1);
        s.acquire("job", "b");
        ProtocolState before = s.state();

        assertThat(s.renew("job", "a", 1)).isEqualTo(new RenewRejected());
        assertThat(s.renew("job", "a", 2)).isEqualTo(new RenewRejected());
        assertThat(s.renew("job", "b", 1)).isEqualTo(new RenewRejected());
        assertThat(s.state()).isEqualTo(before);
        assertThat(s.renew("job", "b", 2)).isEqualTo(new Renewed(TTL + 1 + TTL));
    }

    @Test
    void renewAfterReleaseIsRejected() {
        Scenario s = Scenario.reference();
        s.acquire("job", "a");
        s.at(2 * S);
        s.release("job", "a", 1);

        assertThat(s.renew("job", "a", 1)).isEqualTo(new RenewRejected());
    }

    @Test
    void renewNeverChangesTokenOrOwner() {
        Scenario s = Scenario.reference();
        s.acquire("job", "a");
        for (int i = 1; i <= 10; i++) {
            s.at(i * S);
            assertThat(s.renew("job", "a", 1)).isEqualTo(new Renewed(i * S + TTL));
        }
        assertThat(s.lease("job")).isEqualTo(new Lease("a", 10 * S + TTL, 1));
    }
}
