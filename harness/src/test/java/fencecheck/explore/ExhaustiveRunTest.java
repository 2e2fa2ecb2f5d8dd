package fencecheck.explore;

import fencecheck.db.Databases;
import fencecheck.findings.FindingKinds;
import fencecheck.protocol.Implementations;
import fencecheck.protocol.Variants;
import fencecheck.run.TraceRunner;
import fencecheck.run.TryResult;
import fencecheck.trace.Action;
import fencecheck.trace.TokenSource;
import fencecheck.trace.TraceFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/** Exhaustive mode against the embedded database: the reference passes, a two-step bug is found in two steps. */
class ExhaustiveRunTest {

    private static final Duration BUDGET = Duration.ofMinutes(5);

    @Test
    void theReferencePassesEveryTraceUpToDepthThree() {
        try (TraceRunner runner = new TraceRunner(Databases.shared(), Implementations.select("reference"))) {
            ExhaustiveResult result = new ExhaustiveRun(runner, ExhaustiveScope.of(3, BUDGET), null).run();
            System.out.print(result.verdict() + "\n" + result.figures());

            assertThat(result.passed()).as(result.verdict()).isTrue();
            assertThat(result.completeDepth()).isEqualTo(3);
            assertThat(result.cut()).isEmpty();
            assertThat(result.notMergedWhy()).as("a plain SQL pack keeps its state in the database").isEmpty();
            assertThat(result.depths()).hasSize(3);
            assertThat(result.verdict()).startsWith("exhaustive: depth 3 complete (2 workers, 1 key, faults: lost answers,"
                    + " pauses past the lease, restarts), ").contains(" states, 0 findings, ");
            // every depth reaches states the one before did not: holding, lost answers, clock moves, takeovers
            assertThat(result.depths()).allMatch(d -> d.newStates() > 0);
            int alphabet = ExhaustiveScope.of(3, BUDGET).alphabet().size();
            assertThat(result.depths().getFirst().candidates()).isEqualTo(alphabet);
            // from the empty state only the acquires do anything: a renew, a release, a write of a worker that holds
            // nothing and a clock move to a lease's end are not run
            assertThat(result.depths().getFirst().tries()).isEqualTo(4 + 1 + 2);
            assertThat(result.depths().get(1).candidates()).as("merged: only depth 1's new states are expanded")
                    .isEqualTo(result.depths().getFirst().newStates() * alphabet);
        }
    }

    @Test
    void aSinkThatTrustsTheWritersTokenFailsAtDepthTwoWithATwoStepTraceThatReplays(@TempDir Path traces) {
        try (TraceRunner runner = new TraceRunner(Databases.shared(), Variants.sinkTrustsToken())) {
            ExhaustiveResult result = new ExhaustiveRun(runner, ExhaustiveScope.of(4, BUDGET), traces).run();

            assertThat(result.passed()).isFalse();
            assertThat(result.completeDepth()).as("it stops at the depth of its first finding").isEqualTo(2);
            ExhaustiveResult.Found first = result.findings().getFirst();
            assertThat(first.result().steps()).isEqualTo(2);
            assertThat(first.result().trace().steps().get(0).action()).isInstanceOf(Action.Acquire.class);
            assertThat(first.result().trace().steps().get(1).action())
                    .isInstanceOfSatisfying(Action.Write.class, w -> assertThat(w.token()).isEqualTo(TokenSource.ABOVE_FENCE));
            assertThat(result.verdict()).startsWith("exhaustive: depth 2 complete (").contains("the first at depth 2: ");
            assertThat(result.findings()).allMatch(f -> f.result().steps() == 2);

            TryResult replayed = runner.run(TraceFiles.read(first.saved()));
            assertThat(replayed.passed()).isFalse();
            assertThat(FindingKinds.of(replayed)).isEqualTo(first.kinds());
        }
    }

    @Test
    void aRunCutByItsBudgetSaysWhichDepthIsCompleteAndHowFarIntoTheNext() {
        // a clock that moves one second per reading (one a try run): 7 tries of depth 1 and 20 of depth 2 fit in the budget,
        // the 12 no-ops among depth 2's first 32 candidates cost nothing; the same on any machine
        AtomicLong seconds = new AtomicLong();
        try (TraceRunner runner = new TraceRunner(Databases.shared(), Implementations.select("reference"))) {
            ExhaustiveResult result = new ExhaustiveRun(runner, ExhaustiveScope.of(3, Duration.ofSeconds(30)), null,
                    () -> seconds.incrementAndGet() * 1_000_000_000L).run();

            assertThat(result.completeDepth()).isEqualTo(1);
            assertThat(result.cut()).contains(new ExhaustiveResult.Cut(2, 32, 44));
            assertThat(result.verdict()).startsWith("exhaustive: depth 1 complete, depth 2 cut by the time budget after 32 of 44"
                    + " candidates (72%) (2 workers, 1 key, faults: lost answers, pauses past the lease, restarts), ");
            assertThat(result.passed()).isTrue();
        }
    }
}
