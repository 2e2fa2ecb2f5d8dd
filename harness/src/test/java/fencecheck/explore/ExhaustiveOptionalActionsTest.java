package fencecheck.explore;

import fencecheck.db.Databases;
import fencecheck.protocol.Implementations;
import fencecheck.run.TraceRunner;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The optional actions explored on the reference: it passes, and merging (where the scope allows it) reaches the
 * states of expanding every trace; where it does not, the verdict says why.
 */
class ExhaustiveOptionalActionsTest {

    private static final Duration BUDGET = Duration.ofMinutes(5);

    private record Both(ExhaustiveResult merged, ExhaustiveResult unmerged) {
    }

    private static Both both(ExhaustiveScope scope) {
        try (TraceRunner runner = new TraceRunner(Databases.shared(), Implementations.select("reference"), scope.needsFaultProxies())) {
            ExhaustiveRun run = new ExhaustiveRun(runner, scope, null, 1);
            return new Both(run.run(), run.runWithoutMerging());
        }
    }

    private static void assertPassesWithTheSameStates(Both both) {
        assertThat(both.merged().passed()).as(both.merged().verdict()).isTrue();
        assertThat(both.unmerged().passed()).as(both.unmerged().verdict()).isTrue();
        assertThat(both.merged().states()).as("the same states as expanding every trace").isEqualTo(both.unmerged().states());
        assertThat(both.merged().depths().stream().map(ExhaustiveResult.Depth::newStates).toList())
                .isEqualTo(both.unmerged().depths().stream().map(ExhaustiveResult.Depth::newStates).toList());
    }

    @Test
    void theJobTransactionIsMergedAndReachesTheSameStates() {
        ExhaustiveScope scope = ExhaustiveScope.of(3, BUDGET).withActions(List.of("acquire", "job"));
        Both both = both(scope);
        assertThat(both.merged().notMergedWhy()).isEmpty();
        assertPassesWithTheSameStates(both);
        assertThat(both.merged().tries()).as("merging saves tries").isLessThan(both.unmerged().tries());
    }

    @Test
    void lostRequestsAndAnswersAreExploredUnmergedAndSaySo() {
        ExhaustiveScope scope = ExhaustiveScope.of(2, BUDGET).withActions(List.of("acquire", "renew", "lost-request", "lost-answer"));
        Both both = both(scope);
        assertThat(both.merged().verdict()).contains("faults: lost requests, lost answers")
                .contains("states not merged: lost-request, lost-answer leave a fault armed");
        assertPassesWithTheSameStates(both);
    }

    @Test
    void splitsAreExploredUnmergedAndSaySo() {
        ExhaustiveScope scope = ExhaustiveScope.of(3, BUDGET).withActions(List.of("acquire", "write-held", "split"));
        Both both = both(scope);
        assertThat(both.merged().verdict()).contains("faults: splits between a call's statements")
                .contains("states not merged: split leave");
        assertPassesWithTheSameStates(both);
    }
}
