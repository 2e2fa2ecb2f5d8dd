package fencecheck.findings;

import fencecheck.run.TryResult;
import fencecheck.trace.Action;
import fencecheck.trace.Step;
import fencecheck.trace.Trace;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Delta debugging over the steps of a trace, against {@link Tries#renewBug}, which needs three steps. */
class TraceShrinkerTest {

    private static final FindingKind REVIVED = new FindingKind(Severity.CONFORMANCE, "renew",
            "answered Renewed where the model expects RenewRejected");

    private final AtomicInteger runs = new AtomicInteger();
    private final TraceShrinker shrinker = new TraceShrinker(trace -> {
        runs.incrementAndGet();
        return Tries.renewBug(trace);
    });

    /** The three steps the bug needs, among noise: other workers' steps, a pause, a far clock move, steps after it. */
    private static Trace noisy() {
        List<Step> steps = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            steps.add(Step.worker(2 + i % 3, new Action.Acquire("K2")));
            steps.add(Step.nemesis(new Action.Pause("w3")));
        }
        steps.add(Step.worker(1, new Action.Acquire("K1")));
        steps.add(Step.worker(4, new Action.Release()));
        steps.add(Step.clock(new Action.AdvanceToExpiry("K1", 5_000_000)));
        steps.add(Step.worker(2, new Action.Renew()));
        steps.add(Step.worker(1, new Action.Renew()));
        for (int i = 0; i < 5; i++) {
            steps.add(Step.worker(3, new Action.Release()));
        }
        return Trace.of("test", steps);
    }

    @Test
    void shrinksToTheStepsTheKindNeedsWithTheClockMoveSimplified() {
        TryResult failing = Tries.renewBug(noisy());
        assertThat(FindingKinds.of(failing)).containsExactly(REVIVED);

        TraceShrinker.Shrunk shrunk = shrinker.shrink(failing, REVIVED, ShrinkBudget.DEFAULT);

        assertThat(shrunk.result().trace().steps()).containsExactly(
                Step.worker(1, new Action.Acquire("K1")),
                Step.clock(new Action.AdvanceToExpiry("K1", 1)),
                Step.worker(1, new Action.Renew()));
        assertThat(shrunk.originalSteps()).isEqualTo(noisy().steps().size());
        assertThat(shrunk.runs()).isEqualTo(runs.get());
        assertThat(shrunk.cutShortBy()).isEmpty();
    }

    @Test
    void keepsACandidateOnlyWhenItShowsTheSameKind() {
        // without the clock move the renew still fails, but by breaking mutual exclusion: another finding
        TraceShrinker.Shrunk shrunk = shrinker.shrink(Tries.renewBug(noisy()), REVIVED, ShrinkBudget.DEFAULT);

        assertThat(FindingKinds.of(shrunk.result())).containsExactly(REVIVED);
        assertThat(shrunk.result().trace().steps()).anyMatch(s -> s.action() instanceof Action.AdvanceToExpiry);
    }

    @Test
    void aBoundReachedIsSaidAndTheSmallestTraceFoundSoFarIsKept() {
        TraceShrinker.Shrunk shrunk = shrinker.shrink(Tries.renewBug(noisy()), REVIVED, new ShrinkBudget(3, Duration.ofMinutes(1)));

        assertThat(shrunk.runs()).isEqualTo(3);
        assertThat(shrunk.cutShortBy()).contains("the bound of 3 re-runs");
        assertThat(FindingKinds.of(shrunk.result())).containsExactly(REVIVED);
        assertThat(shrunk.result().steps()).isLessThan(noisy().steps().size());
    }

    @Test
    void isTheSameForTheSameTrace() {
        TraceShrinker.Shrunk first = shrinker.shrink(Tries.renewBug(noisy()), REVIVED, ShrinkBudget.DEFAULT);
        TraceShrinker.Shrunk again = shrinker.shrink(Tries.renewBug(noisy()), REVIVED, ShrinkBudget.DEFAULT);

        assertThat(again.result().trace()).isEqualTo(first.result().trace());
        assertThat(again.runs()).isEqualTo(first.runs());
    }

    @Test
    void refusesATraceThatDoesNotShowTheKind() {
        TryResult passing = Tries.renewBug(Trace.of("test", List.of(Step.worker(2, new Action.Renew()))));

        assertThatThrownBy(() -> shrinker.shrink(passing, REVIVED, ShrinkBudget.DEFAULT)).isInstanceOf(IllegalArgumentException.class);
    }
}
