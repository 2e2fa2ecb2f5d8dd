package fencecheck.check;

import fencecheck.api.Boundary;
import fencecheck.api.KeyState;
import fencecheck.api.ModelConfig;
import fencecheck.api.Outcome;
import fencecheck.model.Admissible;
import fencecheck.model.Command;
import fencecheck.model.LeaseModel;
import fencecheck.model.ProtocolState;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The step-by-step invariants agree with the history checkers: on random walks through the explorer's alphabet, with
 * answers drawn from every candidate (unsafe ones too, so that invariants break), a step breaks an invariant in
 * {@link InvariantMonitor} exactly when {@link Invariants#check} finds a violation at that step of the walk's history.
 */
class InvariantMonitorTest {

    @Test
    void theMonitorBreaksExactlyWhereTheHistoryCheckersDo() {
        for (ModelConfig config : new ModelConfig[]{ModelConfig.reference(), ModelConfig.reference().withBoundary(Boundary.EXCLUSIVE)}) {
            Map<Invariant, Integer> broken = walk(new ExplorationScope(config, 2, 2, 10, 4), 6_000, new Random(33));
            // the walks reach every invariant's violation, so the agreement covers each
            assertThat(broken.keySet()).as("%s", config).contains(Invariant.NO_STALE_ACCEPTANCE, Invariant.MUTUAL_EXCLUSION,
                    Invariant.TOKENS_STRICTLY_INCREASING, Invariant.ACKNOWLEDGED_WRITE_KEPT);
        }
    }

    /** {@code walks} walks of up to the scope's depth; per invariant, how many walks ended by breaking it. */
    private static Map<Invariant, Integer> walk(ExplorationScope scope, int walks, Random random) {
        LeaseModel model = new LeaseModel(scope.config());
        Admissible judge = new Admissible(model);
        Boundary boundary = scope.config().boundary();
        Map<Invariant, Integer> broken = new EnumMap<>(Invariant.class);
        for (int n = 0; n < walks; n++) {
            ExplorationScope.State state = scope.start();
            List<Event> events = new ArrayList<>();
            List<Stored> stored = new ArrayList<>();
            for (int step = 1; step <= scope.depth(); step++) {
                ProtocolState before = state.model();
                List<Command> commands = scope.commands(state);
                Command command = commands.get(random.nextInt(commands.size()));
                Outcome expected = model.step(before, command).outcome();
                List<Outcome> answers = ModelExplorer.answers(scope, before, command, expected);
                // the reference's answer half the time, so that walks get somewhere before they break
                Outcome answer = random.nextBoolean() ? expected : answers.get(random.nextInt(answers.size()));
                ProtocolState after = judge.judge(before, command, answer).transition().next();
                int key = ExplorationScope.keyIndexOf(command);
                KeyState rows = key < 0 ? null : after.key(ExplorationScope.key(key));
                InvariantMonitor.After kept = state.monitor().after(command, answer, before.now(), key,
                        ExplorationScope.workerIndexOf(command), key < 0 ? null : before.key(ExplorationScope.key(key)), rows, boundary);
                events.add(new Event(step, before.now(), command, answer));
                if (key >= 0) {
                    stored.add(new Stored(step, ExplorationScope.key(key), rows));
                }
                int at = step;
                List<Violation> found = Invariants.check(events, stored, boundary).stream().filter(v -> v.step() == at).toList();
                assertThat(kept.broken()).as("walk %d step %d: %s; the checkers find %s", n, step, events, found).isEqualTo(!found.isEmpty());
                if (kept.broken()) {
                    found.forEach(v -> broken.merge(v.invariant(), 1, Integer::sum));
                    break;
                }
                state = state.after(command, answer, after, kept.monitor(), scope.keys());
            }
        }
        return broken;
    }
}
