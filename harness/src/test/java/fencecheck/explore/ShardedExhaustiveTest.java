package fencecheck.explore;

import fencecheck.api.LeaseProtocol;
import fencecheck.db.Databases;
import fencecheck.protocol.Implementations;
import fencecheck.protocol.Variants;
import fencecheck.run.TraceRunner;
import fencecheck.shard.Shard;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Two shards of an exhaustive run, taken together, reach the unsharded run's states and find its findings: the
 * partition of the frontier by state hash loses nothing and the merge counts a state reached by both once.
 */
class ShardedExhaustiveTest {

    private static final Duration BUDGET = Duration.ofMinutes(5);

    private record Runs(ExhaustiveResult whole, ExhaustiveResult first, ExhaustiveResult second) {
    }

    private static Runs runs(LeaseProtocol protocol, ExhaustiveScope scope, int splitDepth) {
        try (TraceRunner runner = new TraceRunner(Databases.shared(), protocol)) {
            ExhaustiveRun run = new ExhaustiveRun(runner, scope, null);
            return new Runs(run.run(),
                    run.sharded(ShardFilter.of(new Shard(1, 2), splitDepth)).run(),
                    run.sharded(ShardFilter.of(new Shard(2, 2), splitDepth)).run());
        }
    }

    /** The states of both shards, each once, up to {@code depth}. */
    private static Set<String> union(int depth, ExhaustiveResult... shards) {
        Set<String> states = new HashSet<>();
        for (ExhaustiveResult shard : shards) {
            shard.sharded().orElseThrow().statesByDepth().headMap(depth + 1).values().forEach(states::addAll);
        }
        return states;
    }

    private static void assertMergedIsWhole(Runs runs) {
        ExhaustiveResult whole = runs.whole();
        int depth = whole.depths().size();
        assertThat(runs.first().sharded()).hasValueSatisfying(s -> assertThat(s.splitDepth()).isPositive());
        assertThat(union(depth, runs.first(), runs.second())).as("the shards' states, each once").hasSize(whole.states());
        assertThat(runs.first().states() + runs.second().states()).as("the states above the split are in both")
                .isGreaterThan(whole.states());
        int shortest = Math.min(shortest(runs.first()), shortest(runs.second()));
        Set<Object> kinds = new HashSet<>();
        for (ExhaustiveResult shard : List.of(runs.first(), runs.second())) {
            shard.findings().stream().filter(f -> f.result().steps() == shortest).forEach(f -> kinds.add(f.kinds()));
        }
        assertThat(kinds).as("the findings of the shortest length").isEqualTo(kindsOf(whole.findings()));
        System.out.printf("whole: %s%nshard 1/2: %s%nshard 2/2: %s%n", whole.verdict(), runs.first().verdict(), runs.second().verdict());
    }

    private static int shortest(ExhaustiveResult result) {
        return result.findings().stream().mapToInt(f -> f.result().steps()).min().orElse(Integer.MAX_VALUE);
    }

    private static Set<Object> kindsOf(Collection<ExhaustiveResult.Found> findings) {
        Set<Object> kinds = new HashSet<>();
        findings.forEach(f -> kinds.add(f.kinds()));
        return kinds;
    }

    @Test
    void twoShardsOfTheReferenceReachItsStates() {
        ExhaustiveScope scope = ExhaustiveScope.of(3, BUDGET).withActions(List.of("acquire", "write-held", "clock-to-end", "restart"));
        Runs runs = runs(Implementations.select("reference"), scope, 2);
        assertThat(runs.whole().passed()).as(runs.whole().verdict()).isTrue();
        assertThat(runs.first().sharded().orElseThrow().splitDepth()).isEqualTo(2);
        assertThat(runs.second().verdict()).contains("; shard 2/2 of the states below depth 2");
        assertThat(runs.first().passed()).isTrue();
        assertThat(runs.second().passed()).isTrue();
        assertMergedIsWhole(runs);
    }

    @Test
    void twoShardsOfAVariantSplitAtDepthOneFindItsFindings() {
        Runs runs = runs(Variants.sinkTrustsToken(), ExhaustiveScope.of(3, BUDGET), 1);
        assertThat(runs.whole().passed()).isFalse();
        assertThat(runs.first().sharded().orElseThrow().splitDepth()).isEqualTo(1);
        assertMergedIsWhole(runs);
    }

    @Test
    void withoutASplitDepthTheFirstFrontierWithEightStatesPerShardIsSplit() {
        ShardFilter filter = ShardFilter.of(new Shard(1, 2), 0).fresh();
        List<String> small = List.of("a", "b", "c");
        assertThat(filter.keep(1, small, s -> s)).as("too few to split").isEqualTo(small);
        List<String> big = IntStream.range(0, 16).mapToObj(i -> "state " + i).toList();
        List<String> kept = filter.keep(2, big, s -> s);
        assertThat(kept).isNotEmpty().hasSizeLessThan(16).allMatch(s -> new Shard(1, 2).owns(s));
        assertThat(filter.keep(3, big, s -> s)).as("below the split, the shard's own states only").isEqualTo(big);
        assertThat(filter.coverage()).hasValueSatisfying(c -> assertThat(c.splitDepth()).isEqualTo(2));
    }

    @Test
    void theSettingsNameTheShardAndTheSplitDepth() {
        String shard = System.getProperty(Shard.PROPERTY);
        String split = System.getProperty(ShardFilter.SPLIT_PROPERTY);
        try {
            System.setProperty(Shard.PROPERTY, "2/3");
            System.setProperty(ShardFilter.SPLIT_PROPERTY, "4");
            ShardFilter filter = ShardFilter.fromSystemProperties();
            assertThat(filter.shard()).isEqualTo(new Shard(2, 3));
            List<String> states = List.of("a", "b", "c");
            assertThat(filter.fresh().keep(3, states, s -> s)).as("above the split depth").isEqualTo(states);
            System.setProperty(ShardFilter.SPLIT_PROPERTY, "0");
            assertThatThrownBy(ShardFilter::fromSystemProperties).hasMessageStartingWith("-Dfencecheck.shard.split=0 is not a depth")
                    .hasMessageNotContaining("\n");
            System.setProperty(Shard.PROPERTY, "3/2");
            assertThatThrownBy(ShardFilter::fromSystemProperties).hasMessageStartingWith("-Dfencecheck.shard=3/2 is not a shard");
        } finally {
            restore(Shard.PROPERTY, shard);
            restore(ShardFilter.SPLIT_PROPERTY, split);
        }
    }

    private static void restore(String key, String value) {
        if (value == null) {
            System.clearProperty(key);
        } else {
            System.setProperty(key, value);
        }
    }

    @Test
    void aNegativeSplitDepthIsRefusedInOneLine() {
        assertThatThrownBy(() -> ShardFilter.of(new Shard(1, 2), -1)).hasMessageNotContaining("\n").hasMessageContaining("give 1 or more");
    }
}
