package fencecheck.report;

import fencecheck.explore.ExhaustiveResult;

import java.util.List;

/**
 * What an exhaustive run covered, as its result file keeps it: the scope in words, the deepest complete depth, how far
 * the time budget let it into the next, and each depth's figures. A shard's file also keeps the hash of every state it
 * reached, by depth, so that the merge of the shards counts each state once ({@link ShardMerge}).
 *
 * @param scope         the scope in words: "2 workers, 1 key, faults: lost answers, restarts"
 * @param completeDepth the deepest depth every candidate of which ran (merged: that every shard completed)
 * @param cut           when the time budget stopped it: how far into the next depth it got, else null
 * @param states        the distinct states reached (merged: each counted once)
 * @param findings      the distinct findings, each the shortest trace of its kind
 * @param millis        how long it took (merged: the longest shard)
 * @param shards        how many shards' results it is made of (1: a run of its own, or one shard's file)
 * @param splitDepth    the depth whose frontier the shards partitioned, 0 when unsharded or never split
 * @param start         in a shard's file, the hash of the empty trace's state; else null
 * @param depths        each depth it started, in order
 */
public record ExhaustiveFacts(String scope, int completeDepth, Cut cut, int states, int findings, long millis, int shards,
                              int splitDepth, String start, List<Depth> depths) {

    public ExhaustiveFacts {
        depths = depths == null ? List.of() : List.copyOf(depths);
    }

    /**
     * One depth's figures.
     *
     * @param depth      the depth, from 1
     * @param complete   whether every candidate of it ran (merged: in every shard)
     * @param candidates its candidates
     * @param tries      the candidates it ran
     * @param newStates  the states first reached at it
     * @param states     in a shard's file, the hash of each of those states; else empty
     */
    public record Depth(int depth, boolean complete, int candidates, int tries, int newStates, List<String> states) {
        public Depth {
            states = states == null ? List.of() : List.copyOf(states);
        }
    }

    /** A depth the time budget stopped, after {@code done} of its {@code of} candidates. */
    public record Cut(int depth, int done, int of) {
    }

    /** The facts of {@code result}. */
    public static ExhaustiveFacts of(ExhaustiveResult result) {
        var sharded = result.sharded();
        List<Depth> depths = result.depths().stream().map(d -> {
            List<String> hashes = List.of();
            if (sharded.isPresent()) {
                var byDepth = sharded.get().statesByDepth();
                hashes = byDepth.getOrDefault(d.depth(), List.of());
            }
            return new Depth(d.depth(), d.depth() <= result.completeDepth(), d.candidates(), d.tries(), d.newStates(), hashes);
        }).toList();
        Cut cut = result.cut().map(c -> new Cut(c.depth(), c.done(), c.of())).orElse(null);
        return new ExhaustiveFacts(result.scope().describe(), result.completeDepth(), cut, result.states(), result.findings().size(),
                result.nanos() / 1_000_000, 1, sharded.map(ExhaustiveResult.Sharded::splitDepth).orElse(0),
                sharded.flatMap(s -> s.statesByDepth().getOrDefault(0, List.of()).stream().findFirst()).orElse(null), depths);
    }

    /**
     * The verdict in one line, as the exhaustive run prints it: "exhaustive: depth 3 complete (2 workers, 1 key,
     * faults: restarts), 412 states, 0 findings, 21.3 s", and for a merge how many shards it is made of.
     */
    public String verdict() {
        StringBuilder s = new StringBuilder("exhaustive: ");
        s.append(completeDepth == 0 ? "no depth complete" : "depth " + completeDepth + " complete");
        if (cut != null) {
            s.append(String.format(", depth %d cut by the time budget after %,d of %,d candidates (%d%%)", cut.depth(), cut.done(),
                    cut.of(), cut.of() == 0 ? 0 : 100L * cut.done() / cut.of()));
        }
        s.append(" (").append(scope).append(String.format("), %,d states, ", states))
                .append(findings).append(findings == 1 ? " finding, " : " findings, ")
                .append(String.format("%.1f s", millis / 1e3));
        if (shards > 1) {
            s.append(", ").append(shards).append(" shards merged");
        }
        return s.toString();
    }
}
