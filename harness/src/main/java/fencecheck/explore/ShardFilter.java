package fencecheck.explore;

import fencecheck.shard.Shard;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The hook that makes an exhaustive run one shard of several. Above the split depth every shard explores the same
 * states; the frontier handed on from the split depth is partitioned by state hash ({@link Shard#owns}), and each
 * shard explores below its part only. The split depth is a setting, or else the first depth whose frontier holds at
 * least {@link #STATES_PER_SHARD} states per shard (the same in every shard: above it they explore alike). A shard
 * records the hash of every state it reaches, by depth, so that the merge counts a state reached by several shards
 * (every state above the split, and one reached below the split from two shards' parts) once.
 *
 * <p>Breadth first, every state within depth d has a shortest path, and the state on it at the split depth is new
 * there and owned by one shard, which reaches the state within d too: the shards' states together are the
 * unsharded run's, and so are their findings of the shortest length.
 */
public final class ShardFilter {

    /** The setting that fixes the split depth: {@code -Dfencecheck.shard.split=D}. */
    public static final String SPLIT_PROPERTY = "fencecheck.shard.split";

    /** Frontier states per shard the split waits for, when no split depth is set: enough for the parts to be even. */
    public static final int STATES_PER_SHARD = 8;

    private final Shard shard;
    private final int fixedSplit;
    private volatile int split;
    private final Map<Integer, Set<String>> reached = new ConcurrentHashMap<>();

    private ShardFilter(Shard shard, int fixedSplit) {
        this.shard = shard;
        this.fixedSplit = fixedSplit;
    }

    /** No sharding: the whole run. */
    public static ShardFilter none() {
        return new ShardFilter(Shard.whole(), 0);
    }

    /**
     * Shard {@code shard}, split at {@code splitDepth}, or at the first depth with enough states per shard when it is 0.
     *
     * @throws IllegalArgumentException, in one line, for a negative split depth
     */
    public static ShardFilter of(Shard shard, int splitDepth) {
        if (splitDepth < 0) {
            throw new IllegalArgumentException("a split depth of " + splitDepth + " does not exist: give 1 or more, or 0 for the first depth"
                    + " with " + STATES_PER_SHARD + " states per shard");
        }
        return new ShardFilter(shard, splitDepth);
    }

    /**
     * The shard {@code -Dfencecheck.shard=i/n} names (the whole run when unset), split at {@code -Dfencecheck.shard.split=D}
     * (when unset, at the first depth with {@link #STATES_PER_SHARD} states per shard).
     *
     * @throws IllegalArgumentException, in one line, for a bad shard or split depth
     */
    public static ShardFilter fromSystemProperties() {
        Shard shard = Shard.fromSystemProperty().orElse(Shard.whole());
        String split = System.getProperty(SPLIT_PROPERTY);
        if (split == null || split.isBlank()) {
            return of(shard, 0);
        }
        try {
            int depth = Integer.parseInt(split.strip());
            if (depth >= 1) {
                return of(shard, depth);
            }
        } catch (NumberFormatException e) {
            // refused below, as a depth below 1 is
        }
        throw new IllegalArgumentException("-D" + SPLIT_PROPERTY + "=" + split + " is not a depth: give the depth whose states the"
                + " shards divide, 1 or more (unset: the first with " + STATES_PER_SHARD + " states per shard)");
    }

    public Shard shard() {
        return shard;
    }

    /** The same setting with nothing recorded yet: one per exploration. */
    ShardFilter fresh() {
        return new ShardFilter(shard, fixedSplit);
    }

    /** Records a state first reached at {@code depth} (0: the empty trace's); safe from several threads. */
    void reached(int depth, String fingerprint) {
        if (shard.split()) {
            reached.computeIfAbsent(depth, d -> ConcurrentHashMap.newKeySet()).add(Shard.hash(fingerprint));
        }
    }

    /**
     * The part of the frontier {@code next}, handed on from {@code depth}, this shard explores: all of it above the
     * split depth and unsharded, and below it the states this shard owns.
     */
    <T> List<T> keep(int depth, List<T> next, Function<T, String> fingerprintOf) {
        if (!shard.split()) {
            return next;
        }
        if (split == 0 && (fixedSplit > 0 ? depth == fixedSplit : next.size() >= STATES_PER_SHARD * shard.count())) {
            split = depth;
        }
        if (split == 0 || depth != split) {
            return next;
        }
        List<T> kept = new ArrayList<>();
        for (T node : next) {
            if (shard.owns(fingerprintOf.apply(node))) {
                kept.add(node);
            }
        }
        return kept;
    }

    /** What this shard covered, for its result file; empty when the run is not sharded. */
    Optional<ExhaustiveResult.Sharded> coverage() {
        if (!shard.split()) {
            return Optional.empty();
        }
        SortedMap<Integer, List<String>> byDepth = new TreeMap<>();
        reached.forEach((depth, hashes) -> byDepth.put(depth, hashes.stream().sorted().toList()));
        return Optional.of(new ExhaustiveResult.Sharded(shard, split, byDepth));
    }
}
