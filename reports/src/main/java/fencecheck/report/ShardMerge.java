package fencecheck.report;

import fencecheck.shard.Shard;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The results of a run split over n machines ({@code -Dfencecheck.shard=i/n}), made one report's: the shards of an
 * exhaustive run become one result, whose states are every shard's states counted once (those above the split depth
 * every shard reached, and those two shards reached below it), whose findings are every shard's of the shortest
 * length, one per kind, and whose depth is complete only where every shard completed it. The shards of a random run
 * stay one result each (each replays from its own seed), and the verdict counts them all. A shard with no result makes
 * the verdict say so and fail: what it would have explored was not.
 */
public final class ShardMerge {

    /** What the line of a missing shard says, whatever the shards. */
    static final String MISSING = " no result: what ";

    private ShardMerge() {
    }

    private record Key(String property, String implementation, int count, boolean exhaustive) {
    }

    /** {@code results} with the shards of each split run merged; results of runs not split are kept as they are. */
    public static List<RunResult> merge(List<RunResult> results) {
        List<RunResult> merged = new ArrayList<>();
        Map<Key, Map<Integer, RunResult>> split = new LinkedHashMap<>();
        for (RunResult r : results) {
            if (r.shard() == null || !r.shard().split()) {
                merged.add(r);
                continue;
            }
            Key key = new Key(r.property(), r.implementation(), r.shard().count(), r.exhaustive() != null);
            // a shard given twice (a re-run's folder beside the first): the later run counts
            split.computeIfAbsent(key, k -> new TreeMap<>()).merge(r.shard().index(), r,
                    (a, b) -> Comparator.nullsFirst(Comparator.<String>naturalOrder()).compare(a.startedAt(), b.startedAt()) >= 0 ? a : b);
        }
        split.forEach((key, shards) -> {
            List<Integer> missing = new ArrayList<>();
            for (int i = 1; i <= key.count(); i++) {
                if (!shards.containsKey(i)) {
                    missing.add(i);
                }
            }
            List<RunResult> present = List.copyOf(shards.values());
            if (key.exhaustive()) {
                merged.add(exhaustive(present, key.count(), missing));
            } else {
                merged.addAll(present);
                if (!missing.isEmpty()) {
                    merged.add(missingShards(present.getFirst(), key.count(), missing));
                }
            }
        });
        return merged;
    }

    /** "shards 2 and 4 of 4 of P on I have no result: ...", one line. */
    static String missingLine(RunResult any, int count, List<Integer> missing) {
        List<String> shards = missing.stream().map(i -> i + "/" + count).toList();
        return (shards.size() == 1 ? "shard " + shards.getFirst() + " has" : "shards " + String.join(", ", shards) + " have")
                + MISSING + (shards.size() == 1 ? "it" : "they") + " would have run did not run; render with every shard's"
                + " results folder, or re-run " + (shards.size() == 1 ? "it" : "them") + " with -D" + Shard.PROPERTY + "="
                + shards.getFirst();
    }

    private static RunResult missingShards(RunResult any, int count, List<Integer> missing) {
        String line = missingLine(any, count, missing);
        return new RunResult(RunResult.SCHEMA_VERSION, any.property(), any.implementation(), any.implementationNote(),
                any.knownBuggyVariant(), any.database(), RunResult.Status.ABORTED, 0, 0, null, any.startedAt(), 0, 0, null, null, null,
                RunResult.Failure.withoutTrace(line, new RunResult.Reproduction(null, null, null, null)), List.of(), List.of(), List.of(),
                any.examinedBy(), null, null);
    }

    private static RunResult exhaustive(List<RunResult> shards, int count, List<Integer> missing) {
        RunResult first = shards.getFirst();
        int split = shards.stream().mapToInt(r -> r.exhaustive().splitDepth()).max().orElse(0);
        // the findings of the shortest length, one per kind: what the unsharded run, which stops at the depth of its
        // first finding, finds
        List<RunResult.Failure> findings = new ArrayList<>();
        int shortest = shards.stream().flatMap(r -> r.findings().stream()).filter(f -> f.traceSteps() != null)
                .mapToInt(RunResult.Failure::traceSteps).min().orElse(0);
        Set<String> kinds = new HashSet<>();
        for (RunResult r : shards) {
            for (RunResult.Failure f : r.findings()) {
                if (f.traceSteps() != null && f.traceSteps() == shortest && kinds.add(f.finding() != null ? f.finding().kind() : f.verdict())) {
                    findings.add(f);
                }
            }
        }
        int deepest = shards.stream().mapToInt(r -> r.exhaustive().depths().size()).max().orElse(0);
        int last = shortest > 0 ? shortest : deepest;
        Set<String> seen = new HashSet<>();
        shards.forEach(r -> {
            if (r.exhaustive().start() != null) {
                seen.add(r.exhaustive().start());
            }
        });
        List<ExhaustiveFacts.Depth> depths = new ArrayList<>();
        int complete = 0;
        ExhaustiveFacts.Cut cut = null;
        for (int d = 1; d <= last; d++) {
            int candidates = 0;
            int tries = 0;
            int done = 0;
            boolean everyShard = true;
            int fresh = 0;
            for (RunResult r : shards) {
                ExhaustiveFacts e = r.exhaustive();
                ExhaustiveFacts.Depth depth = d <= e.depths().size() ? e.depths().get(d - 1) : null;
                everyShard &= depth != null && depth.complete();
                if (depth == null) {
                    continue;
                }
                // above the split every shard ran the same candidates: counted once
                boolean once = d <= split;
                candidates = once ? Math.max(candidates, depth.candidates()) : candidates + depth.candidates();
                tries = once ? Math.max(tries, depth.tries()) : tries + depth.tries();
                int shardDone = depth.complete() ? depth.candidates() : e.cut() != null && e.cut().depth() == d ? e.cut().done() : 0;
                done = once ? Math.max(done, shardDone) : done + shardDone;
                for (String state : depth.states()) {
                    if (seen.add(state)) {
                        fresh++;
                    }
                }
            }
            // a missing shard leaves every depth below the split incomplete; above it, any shard explored it all
            boolean whole = missing.isEmpty() || d <= split;
            boolean isComplete = whole && (everyShard || d <= split && anyCompleted(shards, d));
            depths.add(new ExhaustiveFacts.Depth(d, isComplete, candidates, tries, fresh, List.of()));
            if (isComplete && complete == d - 1) {
                complete = d;
            } else if (cut == null && complete == d - 1) {
                cut = new ExhaustiveFacts.Cut(d, done, candidates);
            }
        }
        long millis = shards.stream().mapToLong(r -> r.exhaustive().millis()).max().orElse(0);
        ExhaustiveFacts facts = new ExhaustiveFacts(first.exhaustive().scope(), complete, cut, seen.size(), findings.size(), millis, count,
                split, null, depths);
        List<RunResult.Failure> failures = new ArrayList<>(findings);
        RunResult.Status status = findings.isEmpty() ? RunResult.Status.PASSED : RunResult.Status.FAILED;
        if (!missing.isEmpty()) {
            failures.addFirst(RunResult.Failure.withoutTrace(facts.verdict() + "; " + missingLine(first, count, missing),
                    new RunResult.Reproduction(null, null, null, null)));
            status = RunResult.Status.ABORTED;
        }
        if (shards.stream().anyMatch(r -> r.status() == RunResult.Status.ABORTED) && status == RunResult.Status.PASSED) {
            status = RunResult.Status.ABORTED;
            failures.addFirst(shards.stream().filter(r -> r.status() == RunResult.Status.ABORTED).findFirst().orElseThrow().failure());
        }
        int checks = depths.stream().mapToInt(ExhaustiveFacts.Depth::tries).sum();
        String started = shards.stream().map(RunResult::startedAt).filter(s -> s != null).min(Comparator.naturalOrder()).orElse(null);
        return new RunResult(RunResult.SCHEMA_VERSION, first.property(), first.implementation(), first.implementationNote(),
                first.knownBuggyVariant(), first.database(), status, checks, checks, null, started, millis, 0, null, null, null,
                failures.isEmpty() ? null : failures.getFirst(), failures.isEmpty() ? List.of() : failures.subList(1, failures.size()),
                List.of(), first.notes(), first.examinedBy(), null, facts);
    }

    private static boolean anyCompleted(List<RunResult> shards, int depth) {
        return shards.stream().anyMatch(r -> r.exhaustive().completeDepth() >= depth);
    }
}
