package fencecheck.check;

import fencecheck.api.Boundary;
import fencecheck.api.Lease;
import fencecheck.api.ModelConfig;
import fencecheck.api.OperationBinding;
import fencecheck.api.Outcome;
import fencecheck.api.ReleaseEncoding;
import fencecheck.api.TimeResolution;
import fencecheck.api.TokenSequence;
import fencecheck.model.Admissible;
import fencecheck.model.Command;
import fencecheck.model.Judgement;
import fencecheck.model.LeaseModel;
import fencecheck.model.Transition;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.EnumSet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The model checked on its own: every state it reaches within a depth keeps invariants 1-4 under the reference's
 * answers and under every answer its judge admits, and the judge calls the reference's answers the reference's. A
 * mutated model or judge is caught, with a shortest path.
 */
class ModelExplorerTest {

    private static final ExplorationScope REFERENCE = new ExplorationScope(ModelConfig.reference(), 2, 1, 7, 4);

    @Test
    void everyStateOfTheReferenceWithinTheDepthKeepsEveryGuarantee() {
        long started = System.nanoTime();
        ModelExplorer.Report report = ModelExplorer.explore(REFERENCE);
        long millis = (System.nanoTime() - started) / 1_000_000;
        System.out.printf("model explored: %s, %,d states, %,d edges, %d ms; met %s%n", REFERENCE.describe(), report.states(),
                report.edges(), millis, report.reached());

        assertThat(report.finding()).isEmpty();
        assertThat(report.states()).as("states explored").isGreaterThan(10_000);
        assertThat(report.reached().keySet()).as("what the explored edges met")
                .containsAll(EnumSet.allOf(ExplorationScope.Situation.class));
    }

    @Test
    void everyClaimAnImplementationCanMakeKeepsEveryGuarantee() {
        for (ModelConfig config : new ModelConfig[]{
                ModelConfig.reference().withBoundary(Boundary.EXCLUSIVE),
                ModelConfig.reference().withResolution(TimeResolution.MILLISECONDS),
                ModelConfig.reference().withRelease(ReleaseEncoding.EXPIRE_AT_NOW),
                ModelConfig.reference().withRelease(ReleaseEncoding.KEEP_TOKEN_MARK_RELEASED),
                ModelConfig.reference().withBinding(OperationBinding.OWNER_ONLY),
                ModelConfig.reference().withTokens(TokenSequence.INCREASING),
                ModelConfig.reference().withIdempotentRegrant(false).withBoundary(Boundary.EXCLUSIVE)
                        .withRelease(ReleaseEncoding.EXPIRE_AT_NOW)}) {
            ModelExplorer.Report report = ModelExplorer.explore(new ExplorationScope(config, 2, 1, 5, 4));
            assertThat(report.finding()).as("%s", config).isEmpty();
            assertThat(report.states()).as("%s", config).isGreaterThan(1_000);
        }
    }

    @Test
    void aModelThatGrantsAHeldLeaseIsCaughtWithATwoStepPath() {
        LeaseModel model = new LeaseModel(ModelConfig.reference());
        Admissible judge = new Admissible(model);
        // the mutation: an acquire of a lease another owner holds takes it over as if it had run out
        ModelExplorer.Report report = ModelExplorer.explore(REFERENCE, (state, command) -> {
            if (command instanceof Command.Acquire a && state.key(a.key()).lease() instanceof Lease held
                    && !held.owner().equals(a.owner())) {
                Lease taken = new Lease(a.owner(), state.now() + a.ttl(), held.token() + 1);
                return new Transition(state.with(a.key(), state.key(a.key()).withLease(taken)),
                        new Outcome.Granted(taken.token(), taken.until()));
            }
            return model.step(state, command);
        }, judge::judge);

        assertThat(report.finding()).hasValueSatisfying(f -> {
            assertThat(f.path()).extracting(ModelExplorer.Step::command).containsExactly(
                    new Command.Acquire("k1", "w1", 4), new Command.Acquire("k1", "w2", 4));
            assertThat(f.problem()).contains("granted to w2 while w1 holds token 1");
        });
    }

    @Test
    void aJudgeThatAdmitsAnUnsafeAnswerIsCaughtWithItsShortestPath() {
        LeaseModel model = new LeaseModel(ModelConfig.reference());
        Admissible real = new Admissible(model);
        // the mutation: the judge admits whatever it finds unsafe
        ModelExplorer.Judge lenient = (state, command, answer) -> {
            Judgement j = real.judge(state, command, answer);
            return j.level() == Judgement.Level.UNSAFE ? new Judgement(Judgement.Level.ADMISSIBLE, j.transition(), j.reference(),
                    "admitted by the mutation: " + j.difference()) : j;
        };
        ModelExplorer.Report report = ModelExplorer.explore(REFERENCE, model::step, lenient);

        assertThat(report.finding()).hasValueSatisfying(f -> {
            assertThat(f.path()).hasSize(1);
            assertThat(f.problem()).startsWith("an answer the judge admits (admitted by the mutation")
                    .contains("no stale acceptance");
        });
    }

    @Test
    void aJudgeThatRefusesTheReferencesAnswerIsCaught() {
        LeaseModel model = new LeaseModel(ModelConfig.reference());
        Admissible real = new Admissible(model);
        // the mutation: a release of one's own lease is judged unsafe
        ModelExplorer.Judge strict = (state, command, answer) -> command instanceof Command.Release && answer instanceof Outcome.Released
                ? new Judgement(Judgement.Level.UNSAFE, model.step(state, command), answer, "releases are refused")
                : real.judge(state, command, answer);
        ModelExplorer.Report report = ModelExplorer.explore(REFERENCE, model::step, strict);

        assertThat(report.finding()).hasValueSatisfying(f -> {
            assertThat(f.path()).hasSize(2);
            assertThat(f.path().get(1).command()).isEqualTo(new Command.Release("k1", "w1", 1));
            assertThat(f.problem()).isEqualTo("the judge calls the reference's answer unsafe: releases are refused");
        });
    }

    @Test
    void aScopeOutsideItsBoundsIsRefusedInOneLine() {
        for (int[] bad : new int[][]{{0, 1, 3, 4}, {2, 0, 3, 4}, {2, 1, 0, 4}, {2, 1, 3, 1}}) {
            assertThatThrownBy(() -> new ExplorationScope(ModelConfig.reference(), bad[0], bad[1], bad[2], bad[3]))
                    .as(Arrays.toString(bad)).isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("an exploration needs");
        }
    }
}
