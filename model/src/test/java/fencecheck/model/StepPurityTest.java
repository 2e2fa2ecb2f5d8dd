package fencecheck.model;

import static fencecheck.model.Scenario.TTL;
import static fencecheck.model.Scenario.fencedWrite;
import static fencecheck.model.Scenario.latestWrite;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fencecheck.api.Boundary;
import fencecheck.api.KeyState;
import fencecheck.api.ModelConfig;
import fencecheck.api.StoredResult;
import fencecheck.model.Command.Acquire;
import fencecheck.model.Command.AdvanceClock;
import fencecheck.model.Command.Release;
import fencecheck.model.Command.Renew;
import fencecheck.model.Command.RolledBackWrite;
import java.util.List;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class StepPurityTest {

    private static final List<Command> COMMANDS = List.of(
            new Acquire("job", "a", TTL),
            new Acquire("job", "b", TTL),
            new Acquire("new", "a", TTL),
            new Renew("job", "a", 1, TTL),
            new Release("job", "a", 1),
            latestWrite("job", 1, "q"),
            fencedWrite("job", 1, "r2", "q"),
            new RolledBackWrite(latestWrite("job", 1, "z")),
            new AdvanceClock(TTL + 1));

    private static Scenario populated() {
        Scenario s = Scenario.reference();
        s.acquire("job", "a");
        s.writeLatest("job", 1, "p");
        s.writeFenced("job", 1, "r1", "p");
        return s;
    }

    @Test
    void stepNeverModifiesTheStateItIsGiven() {
        LeaseModel model = new LeaseModel(ModelConfig.reference());
        for (Command c : COMMANDS) {
            ProtocolState state = populated().state();
            ProtocolState copy = new ProtocolState(state.now(), new TreeMap<>(state.keys()));

            model.step(state, c);

            assertThat(state).as(Describe.command(c)).isEqualTo(copy);
        }
    }

    @Test
    void stepIsDeterministic() {
        LeaseModel model = new LeaseModel(ModelConfig.reference());
        ProtocolState state = populated().state();
        for (Command c : COMMANDS) {
            assertThat(model.step(state, c)).as(Describe.command(c)).isEqualTo(model.step(state, c));
        }
    }

    @Test
    void statesCannotBeModifiedFromOutside() {
        ProtocolState state = populated().state();

        assertThatThrownBy(() -> state.keys().put("x", KeyState.EMPTY))
                .isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> state.key("job").fenced().put("r9", new StoredResult(1, "x")))
                .isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void statesAreCopiedOnConstruction() {
        TreeMap<String, KeyState> keys = new TreeMap<>();
        ProtocolState state = new ProtocolState(0, keys);
        keys.put("x", KeyState.EMPTY);

        assertThat(state.keys()).isEmpty();
    }

    @Test
    void configIsExposed() {
        ModelConfig config = ModelConfig.reference().withBoundary(Boundary.EXCLUSIVE);

        assertThat(new LeaseModel(config).config()).isEqualTo(config);
    }
}
