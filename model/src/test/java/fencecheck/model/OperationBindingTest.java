package fencecheck.model;

import static fencecheck.model.Scenario.S;
import static fencecheck.model.Scenario.TTL;
import static org.assertj.core.api.Assertions.assertThat;

import fencecheck.api.Lease;
import fencecheck.api.ModelConfig;
import fencecheck.api.OperationBinding;
import fencecheck.api.Outcome;
import fencecheck.api.Outcome.Busy;
import fencecheck.api.Outcome.Granted;
import fencecheck.api.Outcome.ReleaseRejected;
import fencecheck.api.Outcome.Released;
import fencecheck.api.Outcome.RenewRejected;
import fencecheck.api.Outcome.Renewed;
import org.junit.jupiter.api.Test;

class OperationBindingTest {

    private static Scenario ownerOnly() {
        Scenario s = Scenario.with(ModelConfig.reference().withBinding(OperationBinding.OWNER_ONLY));
        s.acquire("job", "a");
        s.at(3 * S);
        return s;
    }

    @Test
    void ownerOnlyRenewWithAWrongTokenSucceeds() {
        Scenario s = ownerOnly();

        assertThat(s.renew("job", "a", 7)).isEqualTo(new Renewed(3 * S + TTL));
        assertThat(s.lease("job")).as("the token is the lease's, not the named one").isEqualTo(new Lease("a", 3 * S + TTL, 1));
    }

    @Test
    void ownerOnlyReleaseWithAWrongTokenSucceeds() {
        Scenario s = ownerOnly();

        assertThat(s.release("job", "a", 0)).isEqualTo(new Released());
        assertThat(s.acquire("job", "b")).isEqualTo(new Granted(2, 3 * S + TTL));
    }

    @Test
    void ownerOnlyStillRefusesAnotherOwnerWhateverTokenItNames() {
        Scenario s = ownerOnly();

        assertThat(s.renew("job", "b", 1)).isEqualTo(new RenewRejected());
        assertThat(s.release("job", "b", 1)).isEqualTo(new ReleaseRejected());
        assertThat(s.acquire("job", "b")).isEqualTo(new Busy());
    }

    @Test
    void ownerOnlyNeverRevivesAnExpiredLease() {
        Scenario s = ownerOnly();
        s.at(TTL + 1);

        assertThat(s.renew("job", "a", 1)).isEqualTo(new RenewRejected());
    }

    @Test
    void ownerOnlyRefusesThePreviousHolderAfterATakeoverEvenWithTheNewToken() {
        Scenario s = ownerOnly();
        s.at(TTL + 1);
        s.acquire("job", "b");

        assertThat(s.renew("job", "a", 2)).isEqualTo(new RenewRejected());
        assertThat(s.release("job", "a", 2)).isEqualTo(new ReleaseRejected());
    }

    @Test
    void ownerAndTokenRefusesTheOwnerWithAWrongToken() {
        Scenario s = Scenario.reference();
        s.acquire("job", "a");

        assertThat(s.renew("job", "a", 7)).isEqualTo(new RenewRejected());
        assertThat(s.release("job", "a", 7)).isEqualTo(new ReleaseRejected());
    }

    @Test
    void aWriteStaysBoundToItsTokenUnderOwnerOnly() {
        Scenario s = ownerOnly();

        assertThat(s.writeFenced("job", 7, "r", "p")).isEqualTo(new Outcome.Forged());
    }
}
