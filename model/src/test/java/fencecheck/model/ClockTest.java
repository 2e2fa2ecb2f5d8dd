package fencecheck.model;

import static fencecheck.model.Scenario.S;
import static fencecheck.model.Scenario.TTL;
import static org.assertj.core.api.Assertions.assertThat;

import fencecheck.api.KeyState;
import fencecheck.api.ModelConfig;
import fencecheck.api.Outcome;
import fencecheck.api.Outcome.ClockAt;
import fencecheck.api.Outcome.Granted;
import fencecheck.api.Outcome.RenewRejected;
import org.junit.jupiter.api.Test;

class ClockTest {

    @Test
    void initStartsAtTheGivenInstantWithNoKeys() {
        ProtocolState state = new LeaseModel(ModelConfig.reference()).init(42);

        assertThat(state.now()).isEqualTo(42);
        assertThat(state.keys()).isEmpty();
        assertThat(state.key("anything")).isEqualTo(KeyState.EMPTY);
    }

    @Test
    void clockMovesForwardToTheRequestedInstant() {
        Scenario s = Scenario.reference();

        assertThat(s.at(5 * S)).isEqualTo(new ClockAt(5 * S));
        assertThat(s.now()).isEqualTo(5 * S);
    }

    @Test
    void clockMovesByOneMicrosecond() {
        Scenario s = Scenario.reference();

        assertThat(s.at(1)).isEqualTo(new ClockAt(1));
        assertThat(s.at(2)).isEqualTo(new ClockAt(2));
    }

    @Test
    void clockNeverMovesBack() {
        Scenario s = Scenario.reference();
        s.acquire("job", "a");
        s.at(5 * S);
        ProtocolState before = s.state();

        assertThat(s.at(4 * S)).isEqualTo(new ClockAt(5 * S));
        assertThat(s.at(0)).isEqualTo(new ClockAt(5 * S));
        assertThat(s.at(-1)).isEqualTo(new ClockAt(5 * S));
        assertThat(s.state()).isEqualTo(before);
    }

    @Test
    void movingToTheCurrentInstantChangesNothing() {
        Scenario s = Scenario.reference();
        s.at(5 * S);
        ProtocolState before = s.state();

        assertThat(s.at(5 * S)).isEqualTo(new ClockAt(5 * S));
        assertThat(s.state()).isEqualTo(before);
    }

    @Test
    void anAttemptToMoveBackCannotReviveAnExpiredLease() {
        Scenario s = Scenario.reference();
        s.acquire("job", "a");
        s.at(TTL + 1);

        s.at(TTL - 1);

        assertThat(s.now()).isEqualTo(TTL + 1);
        assertThat(s.renew("job", "a", 1)).isEqualTo(new RenewRejected());
        assertThat(s.acquire("job", "b")).isEqualTo(new Granted(2, TTL + 1 + TTL));
    }

    @Test
    void onlyClockCommandsMoveTheClock() {
        Scenario s = new Scenario(ModelConfig.reference(), 7);

        s.acquire("job", "a");
        s.renew("job", "a", 1);
        s.writeLatest("job", 1, "p");
        s.writeFenced("job", 1, "r1", "p");
        s.rolledBack(Scenario.latestWrite("job", 1, "q"));
        s.release("job", "a", 1);
        s.acquire("job", "b");

        assertThat(s.now()).isEqualTo(7);
    }

    @Test
    void leasesExpireOnlyWhenTheClockIsMoved() {
        Scenario s = Scenario.reference();
        s.acquire("job", "a", 1);
        for (int i = 0; i < 10; i++) {
            assertThat(s.acquire("job", "b")).isInstanceOf(Outcome.Busy.class);
        }
        s.at(2);
        assertThat(s.acquire("job", "b")).isEqualTo(new Granted(2, 2 + TTL));
    }
}
