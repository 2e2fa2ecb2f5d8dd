package fencecheck.check;

import static org.assertj.core.api.Assertions.assertThat;

import fencecheck.api.Boundary;
import fencecheck.api.ModelConfig;
import fencecheck.api.OperationBinding;
import fencecheck.api.ReleaseEncoding;
import fencecheck.api.RowComparison;
import fencecheck.api.TimeResolution;
import fencecheck.api.TokenSequence;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.statistics.Statistics;
import org.junit.jupiter.api.Test;

/**
 * The invariants are not negotiable: whatever encoding an implementation claims,
 * the model's own histories must keep every one of them, checked by the same
 * checkers with the claimed boundary. Each try plays one generated walk under
 * every combination of settings.
 */
class InvariantsUnderEverySettingTest {

    /** Every combination of every setting: 2 boundaries x 2 regrant x 2 resolutions x 3 releases x 2 bindings x 2 sequences x 2 row comparisons. */
    static final List<ModelConfig> EVERY_SETTING = everySetting();

    /** The share of tries that must reach each situation; the rarest reach about 40 % (wrong tokens, releases of a held lease). */
    private static final int FLOOR_PERCENT = 20;

    @Property(tries = 200)
    void theModelsOwnHistoriesKeepEveryInvariantUnderEverySetting(@ForAll("walks") List<Move> moves) {
        Set<Situation> reached = EnumSet.noneOf(Situation.class);
        for (ModelConfig config : EVERY_SETTING) {
            Walk walk = Walk.of(config, moves);

            assertThat(Invariants.check(walk.events(), walk.stored(), config.boundary())).as("%s", config).isEmpty();

            reached.addAll(walk.reached());
        }
        for (Situation situation : Situation.values()) {
            Statistics.label(situation.label).collect(reached.contains(situation));
            Statistics.label(situation.label).coverage(c -> c.check(true).percentage(p -> p >= FLOOR_PERCENT));
        }
    }

    @Test
    void everyCombinationIsPlayed() {
        assertThat(EVERY_SETTING).hasSize(192).doesNotHaveDuplicates().contains(ModelConfig.reference());
    }

    @Provide
    Arbitrary<List<Move>> walks() {
        Arbitrary<Integer> worker = Arbitraries.integers().between(0, 2);
        Arbitrary<Integer> key = Arbitraries.integers().between(0, 1);
        Arbitrary<Integer> units = Arbitraries.integers().between(0, 4);
        Arbitrary<Move.Pick> pick = Arbitraries.frequency(Tuple.of(2, Move.Pick.PREDICTED), Tuple.of(3, Move.Pick.NEXT),
                Tuple.of(4, Move.Pick.GAP), Tuple.of(1, Move.Pick.STALE));
        Arbitrary<Boolean> rarely = Arbitraries.frequency(Tuple.of(4, false), Tuple.of(1, true));
        Arbitrary<Move> acquire = Combinators.combine(worker, key, units, Arbitraries.integers().between(0, 3), pick,
                Arbitraries.integers().between(1, 3)).as(Move.Acquire::new);
        Arbitrary<Integer> mostlyOwnKey = Arbitraries.frequency(Tuple.of(4, Move.OWN_KEY), Tuple.of(1, 0), Tuple.of(1, 1));
        Arbitrary<Boolean> wrongToken = Arbitraries.frequency(Tuple.of(2, false), Tuple.of(1, true));
        Arbitrary<Move> renew = Combinators.combine(worker, mostlyOwnKey, units, wrongToken).as(Move.Renew::new);
        Arbitrary<Move> release = Combinators.combine(worker, mostlyOwnKey, wrongToken).as(Move.Release::new);
        Arbitrary<Move> write = Combinators.combine(worker, key, Arbitraries.of(true, false),
                Arbitraries.frequency(Tuple.of(2, -1), Tuple.of(6, 0), Tuple.of(1, 1)), Arbitraries.integers().between(0, 2),
                Arbitraries.integers().between(0, 1), rarely).as(Move.Write::new);
        Arbitrary<Move> clock = Combinators.combine(Arbitraries.of(Move.Tick.class), key).as(Move.Clock::new);
        Arbitrary<Move> restart = worker.map(Move.Restart::new);
        Arbitrary<Move> move = Arbitraries.frequencyOf(Tuple.of(5, acquire), Tuple.of(3, renew), Tuple.of(3, release),
                Tuple.of(5, write), Tuple.of(4, clock), Tuple.of(1, restart));
        return move.list().ofMinSize(10).ofMaxSize(60);
    }

    private static List<ModelConfig> everySetting() {
        List<ModelConfig> all = new ArrayList<>();
        for (Boundary boundary : Boundary.values()) {
            for (boolean regrant : new boolean[] {true, false}) {
                for (TimeResolution resolution : TimeResolution.values()) {
                    for (ReleaseEncoding release : ReleaseEncoding.values()) {
                        for (OperationBinding binding : OperationBinding.values()) {
                            for (TokenSequence tokens : TokenSequence.values()) {
                                for (RowComparison rows : RowComparison.values()) {
                                    all.add(new ModelConfig(boundary, regrant, resolution, release, binding, tokens, rows));
                                }
                            }
                        }
                    }
                }
            }
        }
        return List.copyOf(all);
    }
}
