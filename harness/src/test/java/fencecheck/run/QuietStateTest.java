package fencecheck.run;

import fencecheck.db.Databases;
import fencecheck.protocol.Implementations;
import fencecheck.trace.Action;
import fencecheck.trace.Step;
import fencecheck.trace.Trace;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A quiet try's state is a value: two traces that reach the same situation by different ways end in equal states
 * with equal fingerprints, different situations differ, and changing a copy leaves the original as it was.
 */
class QuietStateTest {

    /** w1 holds K1 from clock 0, and the clock is at 100 µs, well inside the lease. */
    static final List<Step> HELD_DIRECTLY = List.of(
            Step.worker(1, new Action.Acquire("K1")),
            Step.clock(new Action.AdvanceBy(100)));

    /** The same, by a longer way: the clock moves twice, and w2 asks for the lease and is refused in between. */
    static final List<Step> HELD_AFTER_A_REFUSAL = List.of(
            Step.worker(1, new Action.Acquire("K1")),
            Step.clock(new Action.AdvanceBy(40)),
            Step.worker(2, new Action.Acquire("K1")),
            Step.clock(new Action.AdvanceBy(60)));

    /** w1 took K1 and let it go. */
    static final List<Step> RELEASED = List.of(
            Step.worker(1, new Action.Acquire("K1")),
            Step.clock(new Action.AdvanceBy(100)),
            Step.worker(1, new Action.Release()));

    /** w1 holds K1, and the clock is further on. */
    static final List<Step> HELD_LATER = List.of(
            Step.worker(1, new Action.Acquire("K1")),
            Step.clock(new Action.AdvanceBy(200)));

    /** As {@link #HELD_DIRECTLY}, with w2 paused: the same rows and beliefs, but w2 acts no more until it resumes. */
    static final List<Step> HELD_WITH_W2_PAUSED = List.of(
            Step.worker(1, new Action.Acquire("K1")),
            Step.nemesis(new Action.Pause("w2")),
            Step.clock(new Action.AdvanceBy(100)));

    private static QuietState after(TraceRunner runner, List<Step> steps) {
        return runner.tried(Trace.of("reference", steps)).end();
    }

    @Test
    void twoTracesReachingTheSameSituationEndInEqualStatesAndDifferentSituationsDiffer() {
        try (TraceRunner runner = new TraceRunner(Databases.shared(), Implementations.select("reference"))) {
            QuietState direct = after(runner, HELD_DIRECTLY);
            QuietState refused = after(runner, HELD_AFTER_A_REFUSAL);
            QuietState released = after(runner, RELEASED);
            QuietState later = after(runner, HELD_LATER);
            QuietState paused = after(runner, HELD_WITH_W2_PAUSED);

            assertThat(direct.knowledge().held()).containsOnlyKeys("w1");
            assertThat(direct.rows()).containsOnlyKeys("K1");
            assertThat(direct.rows().get("K1").protocol().lease()).isNotNull();
            assertThat(direct.clock()).isEqualTo(100);
            assertThat(direct.model().now()).isEqualTo(100);

            assertThat(refused).isEqualTo(direct).hasSameHashCodeAs(direct);
            assertThat(refused.fingerprint()).isEqualTo(direct.fingerprint());

            assertThat(released).isNotEqualTo(direct);
            assertThat(released.knowledge().held()).isEmpty();
            assertThat(released.rows().get("K1")).isNotEqualTo(direct.rows().get("K1"));
            assertThat(later).isNotEqualTo(direct);
            assertThat(paused).isNotEqualTo(direct);
            assertThat(paused.incarnations().paused()).containsExactly("w2");
            assertThat(paused.knowledge()).isEqualTo(direct.knowledge());
            assertThat(paused.rows()).isEqualTo(direct.rows());
            assertThat(direct.inFlight()).isEmpty();
            assertThat(List.of(direct.fingerprint(), released.fingerprint(), later.fingerprint(), paused.fingerprint()))
                    .doesNotHaveDuplicates();
        }
    }

    @Test
    void aChangedCopyLeavesTheOriginalAsItWas() {
        try (TraceRunner runner = new TraceRunner(Databases.shared(), Implementations.select("reference"))) {
            QuietState original = after(runner, HELD_DIRECTLY);
            long fingerprint = original.fingerprint();

            QuietState copy = new QuietState(original.model(), original.knowledge(), original.incarnations(), original.inFlight(),
                    original.clock(), original.rows());
            assertThat(copy).isEqualTo(original);
            assertThat(copy.fingerprint()).isEqualTo(fingerprint);

            QuietState moved = original.withClock(original.clock() + 1);
            QuietState forgotten = original.withBelief("w1", null);
            assertThat(moved).isNotEqualTo(original);
            assertThat(forgotten).isNotEqualTo(original);
            assertThat(forgotten.knowledge().held()).isEmpty();
            assertThat(original.clock()).isEqualTo(100);
            assertThat(original.knowledge().held()).containsOnlyKeys("w1");
            assertThat(original.fingerprint()).isEqualTo(fingerprint);

            assertThatThrownBy(() -> original.knowledge().held().clear()).isInstanceOf(UnsupportedOperationException.class);
            assertThatThrownBy(() -> original.knowledge().lastWrites().clear()).isInstanceOf(UnsupportedOperationException.class);
            assertThatThrownBy(() -> original.rows().clear()).isInstanceOf(UnsupportedOperationException.class);
        }
    }
}
