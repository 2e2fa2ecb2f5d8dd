package fencecheck.explore;

import fencecheck.api.LeaseProtocol;
import fencecheck.db.Databases;
import fencecheck.protocol.FaultVariants;
import fencecheck.protocol.Implementations;
import fencecheck.protocol.Variants;
import fencecheck.run.TraceRunner;
import fencecheck.trace.Trace;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Merging states is sound: exploring every trace without merging reaches exactly the states the merged run reaches,
 * and finds the same findings at the same depth.
 */
class ExhaustiveMergingTest {

    private static final Duration BUDGET = Duration.ofMinutes(5);

    private record Both(ExhaustiveResult merged, ExhaustiveResult unmerged) {
    }

    private static Both both(LeaseProtocol protocol, ExhaustiveScope scope) {
        try (TraceRunner runner = new TraceRunner(Databases.shared(), protocol)) {
            ExhaustiveRun run = new ExhaustiveRun(runner, scope, null);
            return new Both(run.run(), run.runWithoutMerging());
        }
    }

    private static void assertSame(Both both) {
        ExhaustiveResult merged = both.merged();
        ExhaustiveResult unmerged = both.unmerged();
        assertThat(merged.notMergedWhy()).isEmpty();
        assertThat(unmerged.notMergedWhy()).isPresent();
        assertThat(merged.states()).as("the merged run's states are the unmerged run's distinct fingerprints")
                .isEqualTo(unmerged.states());
        assertThat(merged.depths().stream().map(ExhaustiveResult.Depth::newStates).toList())
                .isEqualTo(unmerged.depths().stream().map(ExhaustiveResult.Depth::newStates).toList());
        assertThat(merged.completeDepth()).isEqualTo(unmerged.completeDepth());
        assertThat(merged.findings().stream().map(ExhaustiveResult.Found::kinds).toList())
                .containsExactlyInAnyOrderElementsOf(unmerged.findings().stream().map(ExhaustiveResult.Found::kinds).toList());
        assertThat(merged.tries()).as("merging saves tries").isLessThan(unmerged.tries());
    }

    @Test
    void onTheReferenceEveryActionToDepthTwo() {
        Both both = both(Implementations.select("reference"), ExhaustiveScope.of(2, BUDGET));
        assertThat(both.merged().passed()).as(both.merged().verdict()).isTrue();
        assertSame(both);
    }

    @Test
    void onTheReferenceAcquiresWritesClockAndRestartsToDepthThree() {
        ExhaustiveScope scope = ExhaustiveScope.of(3, BUDGET).withActions(List.of("acquire", "write-held", "clock-to-end", "restart"));
        Both both = both(Implementations.select("reference"), scope);
        assertThat(both.merged().passed()).as(both.merged().verdict()).isTrue();
        assertSame(both);
    }

    @Test
    void onTheReferenceWithTwoKeysToDepthTwo() {
        ExhaustiveScope scope = new ExhaustiveScope(2, 2, 2, ExhaustiveScope.DEFAULT_ACTIONS, Trace.DEFAULT_LEASE_TTL,
                BUDGET);
        Both both = both(Implementations.select("reference"), scope);
        assertThat(both.merged().passed()).as(both.merged().verdict()).isTrue();
        assertSame(both);
    }

    @Test
    void onAVariantTheSameFindingsAtTheSameDepth() {
        Both both = both(Variants.sinkTrustsToken(), ExhaustiveScope.of(3, BUDGET));
        assertThat(both.merged().passed()).isFalse();
        assertSame(both);
    }

    @Test
    void aJavaImplementationIsExploredWithoutMergingAndSaysSo() {
        LeaseProtocol java = FaultVariants.inMemoryTokenCounter();
        assertThat(ExhaustiveRun.whyNotMerged(java)).hasValueSatisfying(why -> assertThat(why).contains("Java implementation"));
        try (TraceRunner runner = new TraceRunner(Databases.shared(), java)) {
            ExhaustiveRun run = new ExhaustiveRun(runner, ExhaustiveScope.of(2, BUDGET), null);
            ExhaustiveResult result = run.run();
            assertThat(result.verdict()).contains("; every trace expanded, states not merged: " + java.name() + " is a Java implementation");
            assertThat(result.passed()).as(result.verdict()).isTrue();
            // only the acquires of depth 1 do anything; the traces ending in a skipped step are not expanded
            assertThat(result.depths().get(1).candidates()).isEqualTo(7 * ExhaustiveScope.of(2, BUDGET).alphabet().size());
            ExhaustiveResult every = run.runWithoutMerging();
            assertThat(result.states()).as("the same states as running every trace").isEqualTo(every.states());
        }
    }
}
