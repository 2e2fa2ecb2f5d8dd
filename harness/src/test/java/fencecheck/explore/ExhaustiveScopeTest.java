package fencecheck.explore;

import fencecheck.db.Databases;
import fencecheck.protocol.Implementations;
import fencecheck.run.TraceRunner;
import fencecheck.trace.Action;
import fencecheck.trace.NetworkFault;
import fencecheck.trace.Step;
import fencecheck.trace.Trace;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Bad settings are refused before the first state, in one line saying what to do. */
class ExhaustiveScopeTest {

    private static final Duration MINUTE = Duration.ofMinutes(1);

    @Test
    void anUnknownActionIsRefusedWithTheKnownOnes() {
        assertThatThrownBy(() -> ExhaustiveScope.of(3, MINUTE).withActions(List.of("acquire", "steal")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("unknown action 'steal' in the exhaustive scope: use some of acquire, acquire-lost-answer,")
                .hasMessageNotContaining("\n");
    }

    @Test
    void aDepthOfZeroIsRefused() {
        assertThatThrownBy(() -> ExhaustiveScope.of(0, MINUTE))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("an exhaustive depth of 0 explores nothing: give a depth of 1 or more");
    }

    @Test
    void moreWorkersThanTheTraceLanguageHasAreRefused() {
        assertThatThrownBy(() -> new ExhaustiveScope(5, 1, 3, List.of("acquire"), Trace.DEFAULT_LEASE_TTL, MINUTE))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageNotContaining("\n")
                .hasMessageContaining("set workers to 2");
    }

    @Test
    void aScopeTooLargeForItsBudgetIsRefusedBeforeAnyTry() {
        try (TraceRunner runner = new TraceRunner(Databases.shared(), Implementations.select("reference"))) {
            int before = runner.tries().situationsOfTries().size();
            assertThatThrownBy(() -> new ExhaustiveRun(runner, ExhaustiveScope.of(12, MINUTE), null))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("an exhaustive depth of 12 over 22 steps needs some ")
                    .hasMessageEndingWith("over the budget of 60 s: lower the depth, leave actions out, or raise the budget")
                    .hasMessageNotContaining("\n");
            assertThat(runner.tries().situationsOfTries()).as("no try ran").hasSize(before);
        }
    }

    @Test
    void withoutMergingTheEstimateCountsEveryTrace() {
        ExhaustiveScope scope = ExhaustiveScope.of(4, MINUTE);
        scope.checkBudget(true);
        assertThatThrownBy(() -> scope.checkBudget(false))
                .hasMessageContaining(" tries (states not merged), at least ");
    }

    @Test
    void theDefaultDepthForAMinuteFitsItsBudget() {
        ExhaustiveScope.of(6, MINUTE).checkBudget(true);
    }

    @Test
    void theAlphabetHasEachWorkersStepsTheClocksAndThePause() {
        List<Step> alphabet = ExhaustiveScope.of(1, MINUTE).alphabet();
        // per worker: 2 acquires, renew, release, 2 sinks x (held, forged), restart; the clock: 3 around the end, 1 past the lease
        assertThat(alphabet).hasSize(2 * 9 + 4);
        assertThat(alphabet).contains(Step.clock(new Action.AdvanceToExpiry("k1", -1)), Step.clock(new Action.AdvanceToExpiry("k1", 1)),
                Step.clock(new Action.AdvanceBy(Trace.DEFAULT_LEASE_TTL + 1)), Step.nemesis(new Action.Restart("w2", false)),
                Step.worker(1, new Action.Acquire("k1", true)));
        assertThat(new ExhaustiveScope(2, 2, 1, List.of("write-other-key"), Trace.DEFAULT_LEASE_TTL, MINUTE).alphabet())
                .as("2 workers x 2 sinks").hasSize(4);
    }

    @Test
    void theOptionalActionsAreNotInTheDefaultAlphabet() {
        assertThat(ExhaustiveScope.DEFAULT_ACTIONS).doesNotContain("lost-request", "lost-answer", "split", "job")
                .containsExactlyElementsOf(ExhaustiveScope.ACTIONS.keySet().stream()
                        .filter(a -> !List.of("lost-request", "lost-answer", "split", "job").contains(a)).toList());
        assertThat(ExhaustiveScope.of(1, MINUTE).whyNotMerged()).isEmpty();
    }

    @Test
    void eachOptionalActionParsesAndAddsItsSteps() {
        assertThat(scope("lost-request").alphabet()).containsExactly(
                Step.nemesis(new Action.Network("w1", NetworkFault.REQUEST_LOST)), Step.nemesis(new Action.Network("w2", NetworkFault.REQUEST_LOST)));
        assertThat(scope("lost-answer").alphabet()).containsExactly(
                Step.nemesis(new Action.Network("w1", NetworkFault.RESPONSE_LOST)), Step.nemesis(new Action.Network("w2", NetworkFault.RESPONSE_LOST)));
        assertThat(scope("split").alphabet()).containsExactly(
                Step.nemesis(new Action.Split("w1", 1)), Step.nemesis(new Action.Split("w2", 1)));
        // per worker: a write to each sink with the held token, begin, claim, commit
        assertThat(scope("job").alphabet()).hasSize(2 * 5).contains(Step.worker(1, new Action.Begin()),
                Step.worker(2, new Action.Claim()), Step.worker(1, new Action.Commit()), Step.worker(2, Action.Write.fenced("r1", "w2")));
        assertThat(scope("job", "write-held").alphabet()).as("the writes once").hasSize(2 * 5);
        assertThat(scope("lost-request", "lost-answer", "split").faults())
                .isEqualTo("lost requests, lost answers, splits between a call's statements");
    }

    @Test
    void theOptionalActionsAreNotMergedAndSaySo() {
        for (String armed : List.of("lost-request", "lost-answer", "split", "job")) {
            assertThat(scope("acquire", armed).whyNotMerged()).hasValueSatisfying(why -> assertThat(why)
                    .startsWith(armed).contains("the fingerprint does not see"));
        }
    }

    @Test
    void networkFaultsWithoutFaultProxiesAreRefused() {
        try (TraceRunner runner = new TraceRunner(Databases.shared(), Implementations.select("reference"))) {
            assertThatThrownBy(() -> new ExhaustiveRun(runner, scope("acquire", "lost-request"), null))
                    .hasMessageContaining("need worker sessions through fault proxies").hasMessageNotContaining("\n");
        }
    }

    private static ExhaustiveScope scope(String... actions) {
        return ExhaustiveScope.of(1, MINUTE).withActions(List.of(actions));
    }
}
