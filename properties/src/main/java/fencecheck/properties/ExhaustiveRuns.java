package fencecheck.properties;

import fencecheck.explore.ExhaustiveResult;
import fencecheck.explore.ExhaustiveRun;
import fencecheck.explore.ShardFilter;

import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The exhaustive run of the property running now: the exhaustive property runs it as the shard the settings name and
 * records its result here, and {@link ResultCollector} puts what it covered (each depth's completion and states; in a
 * shard, the hashes of its states) into the property's result file, which the render command merges with the other
 * shards'.
 */
public final class ExhaustiveRuns {

    private static final AtomicReference<ExhaustiveResult> LAST = new AtomicReference<>();

    private ExhaustiveRuns() {
    }

    /**
     * Runs {@code run} as the shard {@code -Dfencecheck.shard} names (the whole run when unset) and records its result.
     */
    public static ExhaustiveResult runAsConfigured(ExhaustiveRun run) {
        ExhaustiveResult result = run.sharded(ShardFilter.fromSystemProperties()).run();
        record(result);
        return result;
    }

    /** Records the result of the property's exhaustive run, for its result file. */
    public static void record(ExhaustiveResult result) {
        LAST.set(result);
    }

    static void reset() {
        LAST.set(null);
    }

    /** The result recorded since the last {@link #reset}, if any. */
    static Optional<ExhaustiveResult> recorded() {
        return Optional.ofNullable(LAST.get());
    }
}
