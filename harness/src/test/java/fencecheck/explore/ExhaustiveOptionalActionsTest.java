package fencecheck.explore;

import fencecheck.db.Databases;
import fencecheck.protocol.Implementations;
import fencecheck.run.Situation;
import fencecheck.run.TraceRunner;
import fencecheck.run.TraceTable;
import fencecheck.run.TryResult;
import fencecheck.trace.Action;
import fencecheck.trace.Step;
import fencecheck.trace.Trace;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The optional actions explored on the reference: it passes, the tries reach the situations the actions are for,
 * the verdict says why states are not merged, and the run reaches the states of expanding every trace.
 */
class ExhaustiveOptionalActionsTest {

    private static final Duration BUDGET = Duration.ofMinutes(5);

    private record Both(ExhaustiveResult merged, ExhaustiveResult unmerged, Set<Situation> reached) {
    }

    /** Two statements in the acquire's file, each atomic on its own: correct whatever runs between them. */
    private static final String TWO_STATEMENTS = "sql:classpath:/packs/acquire-in-two-statements";
    /** Checks whether the key is free in one statement, takes it in the next on what it read. */
    private static final String CHECK_THEN_ACT = "sql:classpath:/packs/acquire-check-then-act";

    private static Both both(ExhaustiveScope scope) {
        return both("reference", scope);
    }

    private static Both both(String implementation, ExhaustiveScope scope) {
        try (TraceRunner runner = new TraceRunner(Databases.shared(), Implementations.select(implementation), scope.needsFaultProxies())) {
            ExhaustiveRun run = new ExhaustiveRun(runner, scope, null, 1);
            Set<Situation> reached = EnumSet.noneOf(Situation.class);
            run.onEveryTry(tried -> reached.addAll(tried.situations()));
            return new Both(run.run(), run.runWithoutMerging(), reached);
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
    void theJobTransactionIsExploredUnmergedAndSaysSo() {
        // one worker: a commit is the fourth step of acquire, begin, claim, commit
        Both both = both(new ExhaustiveScope(1, 1, 4, List.of("acquire", "job"), Trace.DEFAULT_LEASE_TTL, BUDGET));
        assertThat(both.merged().verdict()).contains("states not merged: job leave state the fingerprint does not see");
        assertPassesWithTheSameStates(both);
        assertThat(both.reached()).contains(Situation.JOB_COMMITTED);
    }

    @Test
    void lostRequestsAndAnswersAreExploredUnmergedAndSaySo() {
        Both both = both(ExhaustiveScope.of(2, BUDGET).withActions(List.of("acquire", "renew", "lost-request", "lost-answer")));
        assertThat(both.merged().verdict()).contains("faults: lost requests, lost answers")
                .contains("states not merged: lost-request, lost-answer leave state the fingerprint does not see");
        assertPassesWithTheSameStates(both);
        assertThat(both.reached()).contains(Situation.REQUEST_LOST, Situation.RESPONSE_LOST);
    }

    @Test
    void lostAnswersOnTwoDatabasesAtOnceReachTheStatesOfOne() {
        ExhaustiveScope scope = ExhaustiveScope.of(2, BUDGET).withActions(List.of("acquire", "renew", "lost-answer"));
        try (TraceRunner runner = new TraceRunner(Databases.shared(), Implementations.select("reference"), true)) {
            ExhaustiveResult one = new ExhaustiveRun(runner, scope, null, 1).run();
            ExhaustiveRun twoAtOnce = new ExhaustiveRun(runner, scope, null, 2);
            ExhaustiveResult two = twoAtOnce.run();
            assertThat(twoAtOnce.threadsUsed()).isEqualTo(2);
            assertThat(two.passed()).as(two.verdict()).isTrue();
            assertThat(two.states()).isEqualTo(one.states());
            assertThat(two.tries()).isEqualTo(one.tries());
        }
    }

    @Test
    void splitsAreExploredUnmergedAndSaySo() {
        // the reference's files are one statement each, which a split never stops: a pack whose acquire has two
        Both both = both(TWO_STATEMENTS, ExhaustiveScope.of(3, BUDGET).withActions(List.of("acquire", "renew", "split")));
        assertThat(both.merged().verdict()).contains("faults: splits between a call's statements")
                .contains("states not merged: split leave");
        assertPassesWithTheSameStates(both);
        assertThat(both.reached()).contains(Situation.CALL_STOPPED);
    }

    @Test
    void aSplitFindsACheckThenActAcquireWithTheShortestTrace() {
        ExhaustiveScope scope = ExhaustiveScope.of(4, BUDGET).withActions(List.of("acquire", "renew", "split"));
        try (TraceRunner runner = new TraceRunner(Databases.shared(), Implementations.select(CHECK_THEN_ACT))) {
            ExhaustiveResult result = new ExhaustiveRun(runner, scope, null, 1).run();
            assertThat(result.passed()).as(result.verdict()).isFalse();
            TryResult found = result.findings().getFirst().result();
            String table = found.verdict() + "\n" + TraceTable.render(found);
            // w1's acquire stops after its check, w2 takes the key, and w1's call goes on (at its next step or as
            // the trace ends) and takes it too
            assertThat(found.trace().steps()).as(table).hasSize(3)
                    .startsWith(Step.nemesis(new Action.Split("w1", 1)), Step.worker(1, new Action.Acquire("k1")));
            assertThat(found.situations()).as(table).contains(Situation.BETWEEN_STATEMENTS);
            assertThat(result.completeDepth()).isEqualTo(3);
        }
    }
}
