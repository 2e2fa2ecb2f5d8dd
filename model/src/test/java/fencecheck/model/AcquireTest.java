package fencecheck.model;

import static fencecheck.model.Scenario.S;
import static fencecheck.model.Scenario.TTL;
import static org.assertj.core.api.Assertions.assertThat;

import fencecheck.api.Boundary;
import fencecheck.api.Lease;
import fencecheck.api.ModelConfig;
import fencecheck.api.Outcome;
import fencecheck.api.Outcome.Busy;
import fencecheck.api.Outcome.Granted;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

class AcquireTest {

    @Test
    void absentKeyIsGrantedTokenOneUntilNowPlusTtl() {
        Scenario s = new Scenario(ModelConfig.reference(), 5 * S);

        assertThat(s.acquire("job", "a", 7 * S)).isEqualTo(new Granted(1, 12 * S));
        assertThat(s.lease("job")).isEqualTo(new Lease("a", 12 * S, 1));
    }

    @Test
    void absentKeyAtTimeZeroIsGrantedTokenOne() {
        Scenario s = Scenario.reference();

        assertThat(s.acquire("job", "a")).isEqualTo(new Granted(1, TTL));
    }

    @ParameterizedTest
    @EnumSource(Boundary.class)
    void expiredLeaseGoesToAnotherOwnerWithTheNextToken(Boundary boundary) {
        Scenario s = Scenario.with(boundary);
        s.acquire("job", "a");
        s.at(TTL + 1);

        assertThat(s.acquire("job", "b", 3 * S)).isEqualTo(new Granted(2, TTL + 1 + 3 * S));
        assertThat(s.lease("job")).isEqualTo(new Lease("b", TTL + 1 + 3 * S, 2));
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void expiredLeaseAcquiredAgainBySameOwnerIsANewGrantNotARegrant(boolean regrant) {
        Scenario s = Scenario.with(ModelConfig.reference().withIdempotentRegrant(regrant));
        s.acquire("job", "a");
        s.at(TTL + 1);

        assertThat(s.acquire("job", "a")).isEqualTo(new Granted(2, TTL + 1 + TTL));
        assertThat(s.lease("job")).isEqualTo(new Lease("a", TTL + 1 + TTL, 2));
    }

    @Test
    void everyTakeoverAfterExpiryIncrementsTheTokenByOne() {
        Scenario s = Scenario.reference();
        String[] owners = {"a", "b", "c", "d", "e"};
        for (int i = 0; i < owners.length; i++) {
            Outcome granted = s.acquire("job", owners[i]);
            assertThat(granted).isEqualTo(new Granted(i + 1, s.now() + TTL));
            s.after(TTL + 1);
        }
    }

    @Test
    void expiredLongAgoStillYieldsOnlyTheNextToken() {
        Scenario s = Scenario.reference();
        s.acquire("job", "a");
        s.at(1_000_000 * S);

        assertThat(s.acquire("job", "b")).isEqualTo(new Granted(2, 1_000_000 * S + TTL));
    }

    @Test
    void validLeaseSameOwnerIsRegrantedUnchanged() {
        Scenario s = Scenario.reference();
        s.acquire("job", "a");
        s.at(4 * S);
        ProtocolState before = s.state();

        assertThat(s.acquire("job", "a", 30 * S)).isEqualTo(new Granted(1, TTL));
        assertThat(s.state()).isEqualTo(before);
    }

    @Test
    void regrantReturnsTheRenewedUntil() {
        Scenario s = Scenario.reference();
        s.acquire("job", "a");
        s.at(8 * S);
        s.renew("job", "a", 1, 20 * S);

        assertThat(s.acquire("job", "a")).isEqualTo(new Granted(1, 28 * S));
    }

    @Test
    void regrantSwitchedOffAnswersBusyToTheHolderItself() {
        Scenario s = Scenario.with(ModelConfig.reference().withIdempotentRegrant(false));
        s.acquire("job", "a");
        s.at(4 * S);
        ProtocolState before = s.state();

        assertThat(s.acquire("job", "a")).isEqualTo(new Busy());
        assertThat(s.state()).isEqualTo(before);
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void validLeaseOfAnotherOwnerIsBusyAndUnchanged(boolean regrant) {
        Scenario s = Scenario.with(ModelConfig.reference().withIdempotentRegrant(regrant));
        s.acquire("job", "a");
        s.at(9 * S);
        ProtocolState before = s.state();

        assertThat(s.acquire("job", "b")).isEqualTo(new Busy());
        assertThat(s.state()).isEqualTo(before);
        assertThat(s.lease("job")).isEqualTo(new Lease("a", TTL, 1));
    }

    @Test
    void busyAnswersDoNotConsumeTokens() {
        Scenario s = Scenario.reference();
        s.acquire("job", "a");
        for (int i = 0; i < 5; i++) {
            assertThat(s.acquire("job", "b" + i)).isEqualTo(new Busy());
        }
        s.at(TTL + 1);

        assertThat(s.acquire("job", "c")).isEqualTo(new Granted(2, TTL + 1 + TTL));
    }

    @Test
    void regrantsDoNotConsumeTokens() {
        Scenario s = Scenario.reference();
        s.acquire("job", "a");
        s.acquire("job", "a");
        s.acquire("job", "a");
        s.at(TTL + 1);

        assertThat(s.acquire("job", "b")).isEqualTo(new Granted(2, TTL + 1 + TTL));
    }

    @Test
    void grantTimeComesFromTheModelClockOnly() {
        Scenario s = new Scenario(ModelConfig.reference(), 123_456_789L);

        assertThat(s.acquire("job", "a", 1)).isEqualTo(new Granted(1, 123_456_790L));
    }

    @Test
    void referenceConfigurationIsInclusiveWithRegrant() {
        assertThat(ModelConfig.reference()).isEqualTo(new ModelConfig(Boundary.INCLUSIVE, true));
        assertThat(ModelConfig.reference().withBoundary(Boundary.EXCLUSIVE).withIdempotentRegrant(false))
                .isEqualTo(new ModelConfig(Boundary.EXCLUSIVE, false));
    }
}
