package fencecheck.job;

import fencecheck.api.ModelConfig;
import fencecheck.job.JobOutcome.Delivered;
import org.junit.jupiter.api.Test;

import java.util.function.BiFunction;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Invariant 5 on the job model alone: every state within a depth delivers each business key's effect exactly once,
 * and a consumer that forgets what it applied is caught with its shortest path.
 */
class JobExplorerTest {

    /** The depth of the build's run; the mutations are met within {@link #SMALL}. */
    private static final int DEPTH = 11;
    private static final int SMALL = 8;

    @Test
    void everyStateOfTheJobModelWithinTheDepthTakesEachEffectOnce() {
        JobExplorer.Report report = JobExplorer.explore(ModelConfig.reference(), DEPTH, 4);
        System.out.printf("job model explored to depth %d: %,d states (per depth %s), %,d deliveries, %,d of them repeated%n",
                DEPTH, report.states(), report.perDepth(), report.deliveries(), report.repeatedDeliveries());

        assertThat(report.finding()).isEmpty();
        assertThat(report.states()).isGreaterThan(10_000);
        // what the search reached: messages delivered again (by a redelivery, or a relay that died before marking)
        assertThat(report.repeatedDeliveries()).isGreaterThan(100);
    }

    @Test
    void aConsumerThatAppliesARedeliveredMessageAgainIsCaughtWithASevenStepPath() {
        JobModel model = new JobModel(ModelConfig.reference());
        // the mutation: the consumer does not remember what it applied, so a message delivered again takes effect again.
        // Seven steps are the fewest: a committed outbox message needs a grant, begin, claim, outbox row and commit, and
        // two deliveries follow
        BiFunction<JobState, JobCommand, JobTransition> forgetful = (state, command) -> {
            JobTransition t = model.step(state, command);
            return t.outcome() instanceof Delivered d && !d.effect()
                    ? new JobTransition(t.next(), new Delivered(d.key(), d.resultId(), true, d.marked()), t.resumed()) : t;
        };
        JobExplorer.Report report = JobExplorer.explore(SMALL, 4, forgetful);

        assertThat(report.finding()).hasValueSatisfying(f -> {
            System.out.println("caught: " + f.problem() + "\n  path: " + f.path().stream()
                    .map(s -> s.command() + " -> " + JobOutcome.describe(s.outcome())).collect(Collectors.joining("\n        ")));
            assertThat(f.path()).hasSize(7);
            assertThat(f.problem()).isEqualTo("5. each outbox business key takes effect exactly once broken at step 7:"
                    + " business key k1/r took effect a second time");
        });
    }

    @Test
    void aConsumerThatSkipsAMessageItNeverAppliedIsCaughtWithASixStepPath() {
        JobModel model = new JobModel(ModelConfig.reference());
        // the mutation: the consumer takes the first delivery as applied already. Six steps are the fewest: a committed
        // outbox message (grant, begin, claim, outbox row, commit) and its delivery
        BiFunction<JobState, JobCommand, JobTransition> skipping = (state, command) -> {
            JobTransition t = model.step(state, command);
            return t.outcome() instanceof Delivered d && d.effect()
                    ? new JobTransition(state, new Delivered(d.key(), d.resultId(), false, d.marked()), t.resumed()) : t;
        };
        JobExplorer.Report report = JobExplorer.explore(SMALL, 4, skipping);

        assertThat(report.finding()).hasValueSatisfying(f -> {
            assertThat(f.path()).hasSize(6);
            assertThat(f.problem()).contains("skipped business key k1/r as applied, but its effect never happened");
        });
    }

    @Test
    void aDepthOfZeroIsRefusedInOneLine() {
        assertThatThrownBy(() -> JobExplorer.explore(ModelConfig.reference(), 0, 4))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("a job exploration needs");
    }
}
