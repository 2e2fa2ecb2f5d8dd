package fencecheck.model;

import static fencecheck.model.Scenario.S;
import static fencecheck.model.Scenario.TTL;
import static fencecheck.model.Scenario.fencedWrite;
import static fencecheck.model.Scenario.latestWrite;
import static org.assertj.core.api.Assertions.assertThat;

import fencecheck.api.Boundary;
import fencecheck.api.KeyState;
import fencecheck.api.Outcome;
import fencecheck.api.Outcome.Applied;
import fencecheck.api.Outcome.Granted;
import fencecheck.api.Outcome.RenewRejected;
import fencecheck.api.StoredResult;
import fencecheck.model.Command.Acquire;
import fencecheck.model.Command.AdvanceClock;
import fencecheck.model.Command.Release;
import fencecheck.model.Command.Renew;
import fencecheck.model.Command.RolledBackWrite;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class KeyIndependenceTest {

    /** Commands on key y, at increasing instants; clock moves are shared by both runs. */
    private static List<Command> scriptOnY() {
        return List.of(
                new Acquire("y", "a", TTL),
                latestWrite("y", 1, "a1"),
                fencedWrite("y", 1, "r1", "a1"),
                new AdvanceClock(TTL),
                new Renew("y", "a", 1, TTL),
                new Acquire("y", "b", TTL),
                new AdvanceClock(2 * TTL + 1),
                new Acquire("y", "b", TTL),
                latestWrite("y", 1, "a late"),
                fencedWrite("y", 1, "r2", "a late"),
                fencedWrite("y", 3, "r3", "forged"),
                latestWrite("y", 2, "b2"),
                latestWrite("y", 1, "a later"),
                fencedWrite("y", 2, "r1", "b2"),
                new RolledBackWrite(fencedWrite("y", 2, "r4", "b rolled back")),
                new Release("y", "b", 2),
                new Acquire("y", "c", TTL),
                new Renew("y", "b", 2, TTL),
                latestWrite("y", 3, "c3"));
    }

    /** Busy work on key x: grants, takeovers up to a higher token than y ever reaches, writes, releases. */
    private static List<Command> noiseOnX(int round) {
        return List.of(
                new Acquire("x", "x" + round, TTL),
                new Acquire("x", "b", TTL),
                latestWrite("x", round + 1L, "x"),
                fencedWrite("x", round + 1L, "r1", "x" + round),
                new Release("x", "x" + round, round + 1L),
                new Acquire("x", "a", TTL),
                new Renew("x", "a", round + 2L, TTL),
                new Release("x", "a", round + 2L),
                latestWrite("x", 99, "forged"));
    }

    private static List<Outcome> runY(Boundary boundary, boolean withNoise) {
        Scenario s = Scenario.with(boundary);
        List<Outcome> outcomes = new ArrayList<>();
        int round = 0;
        for (Command c : scriptOnY()) {
            if (withNoise && !(c instanceof AdvanceClock)) {
                for (Command noise : noiseOnX(round)) {
                    s.step(noise);
                }
                round += 2;
            }
            outcomes.add(s.step(c));
        }
        return outcomes;
    }

    @Test
    void theScriptExercisesTakeoverStaleForgedAndRelease() {
        assertThat(runY(Boundary.INCLUSIVE, false)).containsExactly(
                new Granted(1, TTL),
                new Applied(),
                new Applied(),
                new Outcome.ClockAt(TTL),
                new Outcome.Renewed(2 * TTL),
                new Outcome.Busy(),
                new Outcome.ClockAt(2 * TTL + 1),
                new Granted(2, 3 * TTL + 1),
                new Outcome.Conflict(),
                new Outcome.Stale(),
                new Outcome.Forged(),
                new Applied(),
                new Outcome.Stale(),
                new Outcome.Conflict(),
                new Outcome.RolledBack(new Applied()),
                new Outcome.Released(),
                new Granted(3, 3 * TTL + 1),
                new RenewRejected(),
                new Applied());
    }

    @ParameterizedTest
    @EnumSource(Boundary.class)
    void activityOnAnotherKeyNeverChangesThisKeysOutcomes(Boundary boundary) {
        assertThat(runY(boundary, true)).isEqualTo(runY(boundary, false));
    }

    @ParameterizedTest
    @EnumSource(Boundary.class)
    void activityOnAnotherKeyNeverChangesThisKeysState(Boundary boundary) {
        Scenario quiet = Scenario.with(boundary);
        Scenario noisy = Scenario.with(boundary);
        int round = 0;
        for (Command c : scriptOnY()) {
            quiet.step(c);
            noisy.step(c);
            if (!(c instanceof AdvanceClock)) {
                for (Command noise : noiseOnX(round)) {
                    noisy.step(noise);
                }
                round += 2;
            }
            assertThat(noisy.key("y")).isEqualTo(quiet.key("y"));
        }
    }

    @Test
    void takeoverOfOneKeyLeavesAnotherKeyHeldByTheSameOwnerUntouched() {
        Scenario s = Scenario.reference();
        s.acquire("x", "a");
        s.acquire("y", "a", 100 * S);
        s.writeFenced("y", 1, "r1", "p");
        s.at(TTL + 1);
        KeyState y = s.key("y");

        assertThat(s.acquire("x", "b")).isEqualTo(new Granted(2, TTL + 1 + TTL));

        assertThat(s.key("y")).isEqualTo(y);
        assertThat(s.writeFenced("y", 1, "r2", "q")).isEqualTo(new Applied());
        assertThat(s.writeLatest("y", 1, "q")).isEqualTo(new Applied());
        assertThat(s.renew("y", "a", 1)).isInstanceOf(Outcome.Renewed.class);
    }

    @Test
    void tokensAreCountedPerKey() {
        Scenario s = Scenario.reference();
        s.acquire("x", "a");
        s.at(TTL + 1);
        s.acquire("x", "b");
        s.at(2 * TTL + 2);
        s.acquire("x", "c");

        assertThat(s.acquire("y", "c")).isEqualTo(new Granted(1, 2 * TTL + 2 + TTL));
    }

    @Test
    void anotherKeysTokenCannotRenewOrReleaseThisKey() {
        Scenario s = Scenario.reference();
        s.acquire("x", "a");
        s.at(TTL + 1);
        s.acquire("x", "a");
        s.acquire("y", "a");

        assertThat(s.renew("y", "a", 2)).isEqualTo(new RenewRejected());
        assertThat(s.release("y", "a", 2)).isEqualTo(new Outcome.ReleaseRejected());
        assertThat(s.renew("y", "a", 1)).isInstanceOf(Outcome.Renewed.class);
    }

    @Test
    void sinksStoreEachKeySeparately() {
        Scenario s = Scenario.reference();
        s.acquire("x", "a");
        s.acquire("y", "b");

        assertThat(s.writeLatest("x", 1, "px")).isEqualTo(new Applied());
        assertThat(s.writeLatest("y", 1, "py")).isEqualTo(new Applied());
        assertThat(s.writeFenced("x", 1, "r1", "px")).isEqualTo(new Applied());
        assertThat(s.writeFenced("y", 1, "r1", "py")).isEqualTo(new Applied());

        assertThat(s.key("x").latest()).isEqualTo(new StoredResult(1, "px"));
        assertThat(s.key("y").latest()).isEqualTo(new StoredResult(1, "py"));
        assertThat(s.key("x").fenced().get("r1")).isEqualTo(new StoredResult(1, "px"));
        assertThat(s.key("y").fenced().get("r1")).isEqualTo(new StoredResult(1, "py"));
    }
}
