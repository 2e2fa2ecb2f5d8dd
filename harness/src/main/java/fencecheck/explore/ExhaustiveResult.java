package fencecheck.explore;

import fencecheck.findings.FindingKind;
import fencecheck.run.TryResult;
import fencecheck.shard.Shard;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;

/**
 * What an exhaustive run covered and found.
 *
 * @param scope          the scope it explored
 * @param implementation the implementation's name
 * @param notMergedWhy   why states were not merged (every trace expanded), or empty when they were
 * @param depths         the figures of each depth it started, in order
 * @param completeDepth  the deepest depth every candidate of which ran
 * @param states         the distinct states it reached (fingerprints, the empty state included)
 * @param findings       the failing traces, one per kind, each the shortest that shows it
 * @param nanos          how long it took
 * @param cut            when the time budget stopped it: how far into the next depth it got
 * @param sharded        when it is one shard of several: which, and the states it reached
 */
public record ExhaustiveResult(ExhaustiveScope scope, String implementation, Optional<String> notMergedWhy,
                               List<Depth> depths, int completeDepth, int states, List<Found> findings, long nanos,
                               Optional<Cut> cut, Optional<Sharded> sharded) {

    public ExhaustiveResult {
        depths = List.copyOf(depths);
        findings = List.copyOf(findings);
    }

    /** The result of a whole run, not one shard of several. */
    public ExhaustiveResult(ExhaustiveScope scope, String implementation, Optional<String> notMergedWhy, List<Depth> depths,
                            int completeDepth, int states, List<Found> findings, long nanos, Optional<Cut> cut) {
        this(scope, implementation, notMergedWhy, depths, completeDepth, states, findings, nanos, cut, Optional.empty());
    }

    /**
     * What one shard of several covered.
     *
     * @param shard         which shard
     * @param splitDepth    the depth whose frontier was partitioned, or 0 when the run ended before one held enough states
     *                      (then every shard explored everything)
     * @param statesByDepth the hash ({@link Shard#hash}) of every state first reached at each depth, 0 the empty trace's
     */
    public record Sharded(Shard shard, int splitDepth, SortedMap<Integer, List<String>> statesByDepth) {
    }

    /**
     * One depth's figures.
     *
     * @param depth      the depth, from 1
     * @param candidates its candidates: the frontier's traces times the alphabet
     * @param tries     the candidates it ran (not those sure to be no-ops)
     * @param newStates the states first reached at this depth
     * @param frontier  the traces it hands to the next depth
     * @param nanos     how long it took
     */
    public record Depth(int depth, int candidates, int tries, int newStates, int frontier, long nanos) {
    }

    /**
     * A failing trace: the shortest that fails, by construction.
     *
     * @param kinds  what it broke
     * @param result the try, as it ran
     * @param saved  where its trace was saved, or null when the run saves none
     */
    public record Found(List<FindingKind> kinds, TryResult result, Path saved) {
    }

    /**
     * A depth the time budget stopped.
     *
     * @param depth the depth
     * @param done  the candidates of it that ran or were known to be no-ops
     * @param of    its candidates in all
     */
    public record Cut(int depth, int done, int of) {
    }

    public boolean passed() {
        return findings.isEmpty();
    }

    /** Every candidate run, over all depths. */
    public int tries() {
        return depths.stream().mapToInt(Depth::tries).sum();
    }

    /**
     * The verdict in one line, e.g. "exhaustive: depth 3 complete (2 workers, 1 key, faults: lost answers, restarts),
     * 412 states, 0 findings, 21.3 s".
     */
    public String verdict() {
        StringBuilder s = new StringBuilder("exhaustive: ");
        s.append(completeDepth == 0 ? "no depth complete" : "depth " + completeDepth + " complete");
        cut.ifPresent(c -> s.append(String.format(", depth %d cut by the time budget after %,d of %,d candidates (%d%%)", c.depth(),
                c.done(), c.of(), c.of() == 0 ? 0 : 100L * c.done() / c.of())));
        s.append(" (").append(scope.describe()).append(String.format("), %,d states, ", states))
                .append(findings.size()).append(findings.size() == 1 ? " finding, " : " findings, ")
                .append(String.format("%.1f s", nanos / 1e9));
        notMergedWhy.ifPresent(why -> s.append("; every trace expanded, states not merged: ").append(why));
        sharded.ifPresent(part -> s.append("; shard ").append(part.shard()).append(part.splitDepth() == 0
                ? ", never split (every shard explored everything)" : " of the states below depth " + part.splitDepth()));
        if (!findings.isEmpty()) {
            Found first = findings.getFirst();
            s.append("; the first at depth ").append(first.result().steps()).append(": ").append(first.result().verdict());
        }
        return s.toString();
    }

    /** The figures per depth, a line each: depth, candidates, tries, new states, seconds, tries per second. */
    public String figures() {
        StringBuilder s = new StringBuilder();
        for (Depth d : depths) {
            double seconds = d.nanos() / 1e9;
            s.append(String.format("depth %d: %,d candidates, %,d tries (the rest sure no-ops), %,d new states, frontier %,d, %.2f s,"
                    + " %.0f tries/s%n", d.depth(), d.candidates(), d.tries(), d.newStates(), d.frontier(), seconds,
                    seconds == 0 ? 0 : d.tries() / seconds));
        }
        return s.toString();
    }
}
