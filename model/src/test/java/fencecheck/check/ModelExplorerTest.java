package fencecheck.check;

import fencecheck.api.Boundary;
import fencecheck.api.KeyState;
import fencecheck.api.Lease;
import fencecheck.api.ModelConfig;
import fencecheck.api.OperationBinding;
import fencecheck.api.Outcome;
import fencecheck.api.ReleaseEncoding;
import fencecheck.api.SinkKind;
import fencecheck.api.StoredResult;
import fencecheck.api.TimeResolution;
import fencecheck.api.TokenSequence;
import fencecheck.model.Admissible;
import fencecheck.model.Command;
import fencecheck.model.Judgement;
import fencecheck.model.LeaseModel;
import fencecheck.model.ProtocolState;
import fencecheck.model.Transition;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.function.BiFunction;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The model checked on its own: every state it reaches within a depth keeps invariants 1-4 under the reference's
 * answers and under every answer its judge admits, and the judge calls the reference's answers the reference's. A
 * mutated model or judge is caught, with a shortest path, whose length each test knows and says why.
 */
class ModelExplorerTest {

    /** The depth of the build's run: the deepest whose states a loaded two-core machine explores in some seconds. */
    static final int BUILD_DEPTH = 14;

    private static final ExplorationScope REFERENCE = new ExplorationScope(ModelConfig.reference(), 2, 1, BUILD_DEPTH, 4);
    /** Where the mutations are looked for: every one of them is met within 5 steps. */
    private static final ExplorationScope SMALL = REFERENCE.withDepth(6);

    private static final LeaseModel MODEL = new LeaseModel(ModelConfig.reference());
    private static final Admissible JUDGE = new Admissible(MODEL);

    @Test
    void everyStateOfTheReferenceWithinTheDepthKeepsEveryGuarantee() {
        long started = System.nanoTime();
        ModelExplorer.Report report = ModelExplorer.explore(REFERENCE);
        long millis = (System.nanoTime() - started) / 1_000_000;
        long cpu = report.elapsed().get(report.elapsed().size() - 1);
        System.out.printf("model explored: %s, %,d states (per depth %s), %,d answers, %,d ms (%,d ms of processor,"
                        + " %,.0f states/s); met %s%n", REFERENCE.describe(), report.states(), report.perDepth(),
                report.edges(), millis, cpu, report.states() * 1000.0 / Math.max(cpu, 1), report.reached());

        assertThat(report.finding()).isEmpty();
        assertThat(report.depth()).isEqualTo(BUILD_DEPTH);
        assertThat(report.states()).as("states explored").isGreaterThan(1_000_000);
        assertThat(report.perDepth().stream().mapToLong(Long::longValue).sum()).isEqualTo(report.states());
        assertThat(report.reached().keySet()).as("what the explored edges met")
                .containsAll(EnumSet.allOf(ExplorationScope.Situation.class));
    }

    @Test
    void everyClaimAnImplementationCanMakeKeepsEveryGuarantee() {
        for (ModelConfig config : new ModelConfig[]{
                ModelConfig.reference().withBoundary(Boundary.EXCLUSIVE),
                ModelConfig.reference().withResolution(TimeResolution.MILLISECONDS),
                ModelConfig.reference().withRelease(ReleaseEncoding.EXPIRE_AT_NOW).withBoundary(Boundary.EXCLUSIVE),
                ModelConfig.reference().withRelease(ReleaseEncoding.EXPIRE_AT_NOW),
                ModelConfig.reference().withRelease(ReleaseEncoding.EXPIRE_AT_NOW).withResolution(TimeResolution.MILLISECONDS),
                ModelConfig.reference().withRelease(ReleaseEncoding.KEEP_TOKEN_MARK_RELEASED),
                ModelConfig.reference().withRelease(ReleaseEncoding.KEEP_TOKEN_MARK_RELEASED).withBoundary(Boundary.EXCLUSIVE),
                ModelConfig.reference().withBinding(OperationBinding.OWNER_ONLY),
                ModelConfig.reference().withTokens(TokenSequence.INCREASING),
                ModelConfig.reference().withIdempotentRegrant(false).withBoundary(Boundary.EXCLUSIVE)
                        .withRelease(ReleaseEncoding.EXPIRE_AT_NOW)}) {
            ModelExplorer.Report report = ModelExplorer.explore(new ExplorationScope(config, 2, 1, 6, 4));
            assertThat(report.finding()).as("%s", config).isEmpty();
            assertThat(report.states()).as("%s", config).isGreaterThan(2_000);
        }
    }

    /**
     * What exploring with the invariants' memory found at depth 7 (merging states by the model's state alone had hidden
     * both): under the inclusive boundary a release stored as {@code until = now} leaves the lease valid for that
     * instant, and the judge admitted its holder's acquire then as a re-grant of the same token with a later end (3
     * steps: invariant 3, a token reused after its release); under a release kept as a mark, the judge admitted a renew
     * after the release but went on from the marked row, so the reference granted the key to another worker while the
     * first was told it holds it (4 steps: invariant 2). The judge now remembers the release the row cannot show and
     * calls that re-grant unsafe, and goes on from the revived lease ({@code AdmissibleAfterReleaseTest} judges both
     * paths); two steps deeper than the shortest finding, neither setting breaks a guarantee.
     */
    @Test
    void bothReleasesThatLeaveAnInstantOrAMarkKeepEveryGuaranteeTwoStepsBeyondTheirFormerFindings() {
        for (ModelConfig config : new ModelConfig[]{ModelConfig.reference().withRelease(ReleaseEncoding.EXPIRE_AT_NOW),
                ModelConfig.reference().withRelease(ReleaseEncoding.KEEP_TOKEN_MARK_RELEASED)}) {
            ModelExplorer.Report report = ModelExplorer.explore(new ExplorationScope(config, 2, 1, 8, 4));
            assertThat(report.finding()).as("%s", config).isEmpty();
            assertThat(report.depth()).as("%s", config).isEqualTo(8);
            assertThat(report.reached()).as("%s: releases met", config).containsKey(ExplorationScope.Situation.RELEASE);
            System.out.printf("model explored: %s, %,d states%n", config, report.states());
        }
    }

    @Test
    void twoKeysAndThreeWorkersKeepEveryGuaranteeToo() {
        for (ExplorationScope scope : new ExplorationScope[]{new ExplorationScope(ModelConfig.reference(), 2, 2, 6, 4),
                new ExplorationScope(ModelConfig.reference(), 3, 1, 6, 4)}) {
            ModelExplorer.Report report = ModelExplorer.explore(scope);
            assertThat(report.finding()).as(scope.describe()).isEmpty();
            assertThat(report.states()).as(scope.describe()).isGreaterThan(3_000);
        }
    }

    @Test
    void aModelThatGrantsAHeldLeaseIsCaughtWithATwoStepPath() {
        // the mutation: an acquire of a lease another owner holds takes it over as if it had run out; the judge is the
        // reference's. Two steps are the fewest: a grant must come first for another owner to hold the key
        BiFunction<ProtocolState, Command, Transition> mutated = (state, command) -> {
            if (command instanceof Command.Acquire a && state.key(a.key()).lease() instanceof Lease held
                    && !held.owner().equals(a.owner())) {
                Lease taken = new Lease(a.owner(), state.now() + a.ttl(), held.token() + 1);
                return new Transition(state.with(a.key(), state.key(a.key()).withLease(taken)),
                        new Outcome.Granted(taken.token(), taken.until()));
            }
            return MODEL.step(state, command);
        };
        ModelExplorer.Finding finding = caught(mutated, JUDGE::judge, 2);

        assertThat(finding.path()).extracting(ModelExplorer.Step::command).containsExactly(
                new Command.Acquire("k1", "w1", 4), new Command.Acquire("k1", "w2", 4));
        assertThat(finding.problem()).isEqualTo("the judge calls the reference's answer unsafe: granted to w2 while w1"
                + " holds token 1 until 0.000004s");
    }

    @Test
    void aFencedSinkThatOverwritesAResultAtTheFenceIsCaughtByTheInvariantsWithAFiveStepPath() {
        // the mutation: the current-fence sink accepts a write at the fence whose result id holds another payload (an
        // upsert by result id), and the judge follows the mutated model, as Admissible over a changed LeaseModel would.
        // Five steps are the fewest: an acknowledged write (grant, write), the first lease ended (clock or release), and a
        // second worker's grant and write (a payload is its writer's, so one worker cannot overwrite its own)
        BiFunction<ProtocolState, Command, Transition> mutated = (state, command) -> {
            if (command instanceof Command.Write w && w.sink() == SinkKind.CURRENT_FENCE
                    && state.key(w.key()).fenced().get(w.resultId()) instanceof StoredResult stored
                    && !stored.payload().equals(w.payload()) && w.token() == state.key(w.key()).lease().token()) {
                KeyState rows = state.key(w.key()).withFenced(w.resultId(), new StoredResult(w.token(), w.payload()));
                return new Transition(state.with(w.key(), rows), new Outcome.Applied());
            }
            return MODEL.step(state, command);
        };
        ModelExplorer.Finding finding = caught(mutated, new Admissible(MODEL, mutated)::judge, 5);

        assertThat(finding.problem()).isEqualTo("the reference's answer breaks 4. no acknowledged write is lost unless a"
                + " higher token superseded it: acknowledged fenced write r of k1 (token 1) is now token 2 \"p2\"");
        assertThat(finding.path().get(4).command()).isEqualTo(new Command.Write(SinkKind.CURRENT_FENCE, "k1", 2, "r", "p2"));
    }

    @Test
    void aLatestTokenSinkThatAcceptsAnEqualTokenIsCaughtByTheJudgeWithAFiveStepPath() {
        // the mutation: the latest-token sink overwrites a result stored under the writer's own token with another
        // payload. The invariants take an acknowledgement of an equal token as superseding the one before, so only the
        // reference's judge catches it. Five steps are the fewest: an acknowledged write (grant, write), and a second
        // worker writing that token, which it names only once it holds a later grant (end of the first lease, grant, write)
        BiFunction<ProtocolState, Command, Transition> mutated = (state, command) -> {
            if (command instanceof Command.Write w && w.sink() == SinkKind.LATEST_TOKEN_WINS
                    && state.key(w.key()).latest() instanceof StoredResult stored && stored.token() == w.token()
                    && !stored.payload().equals(w.payload()) && w.token() <= state.key(w.key()).lease().token()) {
                KeyState rows = state.key(w.key()).withLatest(new StoredResult(w.token(), w.payload()));
                return new Transition(state.with(w.key(), rows), new Outcome.Applied());
            }
            return MODEL.step(state, command);
        };
        ModelExplorer.Finding finding = caught(mutated, JUDGE::judge, 5);

        assertThat(finding.problem()).startsWith("the judge calls the reference's answer unsafe: a write with token 1 accepted");
        assertThat(finding.path().get(4).command()).isEqualTo(new Command.Write(SinkKind.LATEST_TOKEN_WINS, "k1", 1, "r", "p2"));
    }

    @Test
    void aModelThatRenewsPastExpiryIsCaughtWithAThreeStepPath() {
        // the mutation: a renew of the caller's own lease ignores its end. The judge admits the revival (nobody else was
        // granted the key), but it is not the reference's answer. Three steps are the fewest: a grant, its end (a release
        // comes first in the alphabet's order, then the clock past it), the renew
        BiFunction<ProtocolState, Command, Transition> mutated = (state, command) -> {
            if (command instanceof Command.Renew r && state.key(r.key()).lease() instanceof Lease held
                    && held.owner().equals(r.owner()) && held.token() == r.token()) {
                Lease renewed = held.withUntil(state.now() + r.ttl());
                return new Transition(state.with(r.key(), state.key(r.key()).withLease(renewed)), new Outcome.Renewed(renewed.until()));
            }
            return MODEL.step(state, command);
        };
        ModelExplorer.Finding finding = caught(mutated, JUDGE::judge, 3);

        assertThat(finding.path()).extracting(ModelExplorer.Step::command).containsExactly(
                new Command.Acquire("k1", "w1", 4), new Command.Release("k1", "w1", 1), new Command.Renew("k1", "w1", 1, 4));
        assertThat(finding.problem()).startsWith("the judge calls the reference's answer admissible: a renew after the lease ran out");
    }

    @Test
    void aJudgeThatAdmitsAStaleAppliedIsCaughtWithATwoStepPath() {
        // the mutation: the judge admits Applied where the reference answers Stale. Two steps are the fewest: a write is
        // stale only once a grant above its token exists, and the admitted grant of token 2 to w1 lets w1 write token 1
        ModelExplorer.Judge lenient = (state, command, answer) -> {
            Judgement j = JUDGE.judge(state, command, answer);
            if (answer instanceof Outcome.Applied && j.reference() instanceof Outcome.Stale && command instanceof Command.Write w) {
                KeyState rows = w.sink() == SinkKind.CURRENT_FENCE
                        ? state.key(w.key()).withFenced(w.resultId(), new StoredResult(w.token(), w.payload()))
                        : state.key(w.key()).withLatest(new StoredResult(w.token(), w.payload()));
                return new Judgement(Judgement.Level.ADMISSIBLE, new Transition(state.with(w.key(), rows), answer), j.reference(),
                        "a stale write admitted");
            }
            return j;
        };
        ModelExplorer.Finding finding = caught(MODEL::step, lenient, 2);

        assertThat(finding.path().get(0)).isEqualTo(new ModelExplorer.Step(new Command.Acquire("k1", "w1", 4), new Outcome.Granted(2, 4)));
        assertThat(finding.problem()).startsWith("an answer the judge admits (a stale write admitted) breaks 1. no stale acceptance");
    }

    @Test
    void aJudgeThatAdmitsEveryUnsafeAnswerIsCaughtWithAOneStepPath() {
        // the mutation: the judge admits whatever it finds unsafe; a forged write accepted at the first step is one
        ModelExplorer.Judge lenient = (state, command, answer) -> {
            Judgement j = JUDGE.judge(state, command, answer);
            return j.level() == Judgement.Level.UNSAFE ? new Judgement(Judgement.Level.ADMISSIBLE, j.transition(), j.reference(),
                    "admitted by the mutation: " + j.difference()) : j;
        };
        ModelExplorer.Finding finding = caught(MODEL::step, lenient, 1);

        assertThat(finding.problem()).startsWith("an answer the judge admits (admitted by the mutation").contains("no stale acceptance");
    }

    @Test
    void aJudgeThatRefusesTheReferencesAnswerIsCaughtWithATwoStepPath() {
        // the mutation: a release of one's own lease is judged unsafe; a release needs a grant before it
        ModelExplorer.Judge strict = (state, command, answer) -> command instanceof Command.Release && answer instanceof Outcome.Released
                ? new Judgement(Judgement.Level.UNSAFE, MODEL.step(state, command), answer, "releases are refused")
                : JUDGE.judge(state, command, answer);
        ModelExplorer.Finding finding = caught(MODEL::step, strict, 2);

        assertThat(finding.path().get(1).command()).isEqualTo(new Command.Release("k1", "w1", 1));
        assertThat(finding.problem()).isEqualTo("the judge calls the reference's answer unsafe: releases are refused");
    }

    @Test
    void takingStatesAsOneLosesNothingAtASmallDepth() {
        // the full reduction (workers renamed, long-past ends as one) against the clock alone: the same verdict, and
        // the same shortest path length for a mutation; the reduction only merges
        ExplorationScope full = REFERENCE.withDepth(7);
        ExplorationScope clockOnly = full.with(ExplorationScope.Reduction.CLOCK_ONLY);
        ModelExplorer.Report reduced = ModelExplorer.explore(full);
        ModelExplorer.Report plain = ModelExplorer.explore(clockOnly);
        assertThat(reduced.finding()).isEmpty();
        assertThat(plain.finding()).isEmpty();
        assertThat(reduced.states()).isLessThan(plain.states());
        assertThat(reduced.reached().keySet()).isEqualTo(plain.reached().keySet());

        // an unsafe renew admitted (its shortest path runs past a lease's end), and a fenced sink overwriting a result
        // at the fence (its shortest path has both workers, which the full reduction renames)
        ModelExplorer.Judge lenient = (state, command, answer) -> {
            Judgement j = JUDGE.judge(state, command, answer);
            return j.level() == Judgement.Level.UNSAFE && command instanceof Command.Renew
                    ? new Judgement(Judgement.Level.ADMISSIBLE, j.transition(), j.reference(), "renewed") : j;
        };
        BiFunction<ProtocolState, Command, Transition> overwriting = (state, command) -> {
            if (command instanceof Command.Write w && w.sink() == SinkKind.CURRENT_FENCE
                    && state.key(w.key()).fenced().get(w.resultId()) instanceof StoredResult stored
                    && !stored.payload().equals(w.payload()) && w.token() == state.key(w.key()).lease().token()) {
                KeyState rows = state.key(w.key()).withFenced(w.resultId(), new StoredResult(w.token(), w.payload()));
                return new Transition(state.with(w.key(), rows), new Outcome.Applied());
            }
            return MODEL.step(state, command);
        };
        for (ModelExplorer.Report[] pair : new ModelExplorer.Report[][]{
                {ModelExplorer.explore(full, MODEL::step, lenient), ModelExplorer.explore(clockOnly, MODEL::step, lenient)},
                {ModelExplorer.explore(full, overwriting, new Admissible(MODEL, overwriting)::judge),
                        ModelExplorer.explore(clockOnly, overwriting, new Admissible(MODEL, overwriting)::judge)}}) {
            assertThat(pair[0].finding()).isPresent();
            assertThat(pair[1].finding()).isPresent();
            assertThat(pair[0].finding().get().path()).hasSameSizeAs(pair[1].finding().get().path());
            assertThat(pair[0].finding().get().problem()).isEqualTo(pair[1].finding().get().problem());
        }
    }

    @Test
    void aScopeOutsideItsBoundsIsRefusedInOneLine() {
        for (int[] bad : new int[][]{{0, 1, 3, 4}, {2, 0, 3, 4}, {2, 1, 0, 4}, {2, 1, 3, 1}}) {
            assertThatThrownBy(() -> new ExplorationScope(ModelConfig.reference(), bad[0], bad[1], bad[2], bad[3]))
                    .as(Arrays.toString(bad)).isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("an exploration needs");
        }
    }

    /** The mutation caught within {@link #SMALL}, with a path of {@code length} steps, printed. */
    private static ModelExplorer.Finding caught(BiFunction<ProtocolState, Command, Transition> model, ModelExplorer.Judge judge,
                                                int length) {
        ModelExplorer.Report report = ModelExplorer.explore(SMALL, model, judge);
        assertThat(report.finding()).as("a finding").isPresent();
        ModelExplorer.Finding finding = report.finding().get();
        System.out.println("caught: " + finding.problem() + "\n  path: " + finding.path().stream()
                .map(s -> s.command() + " -> " + s.answer()).collect(Collectors.joining("\n        ")));
        assertThat(finding.path()).as("the shortest path").hasSize(length);
        return finding;
    }
}
