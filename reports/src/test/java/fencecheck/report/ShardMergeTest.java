package fencecheck.report;

import fencecheck.shard.Shard;
import fencecheck.trace.Action;
import fencecheck.trace.Step;
import fencecheck.trace.Trace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The render command merges the result folders of the shards of one run: crafted shard files of an exhaustive run split
 * at depth 1 (states {@code s0}; depth 1: {@code a, b}, both shards; depth 2: shard 1 reached {@code c, d} below
 * {@code a}, shard 2 {@code d, e} below {@code b}).
 */
class ShardMergeTest {

    private static final String PROPERTY = "ExhaustiveProperties.everyInterleaving";

    @TempDir
    Path folder;

    private static RunResult shard(int index, int count, RunResult.Status status, List<RunResult.Failure> findings, int complete,
                                   List<ExhaustiveFacts.Depth> depths) {
        ExhaustiveFacts facts = new ExhaustiveFacts("2 workers, 1 key, faults: restarts", complete, null,
                1 + depths.stream().mapToInt(ExhaustiveFacts.Depth::newStates).sum(), findings.size(), 1_000L * index, 1, 1, "s0", depths);
        int tries = depths.stream().mapToInt(ExhaustiveFacts.Depth::tries).sum();
        return new RunResult(RunResult.SCHEMA_VERSION, PROPERTY, "reference", "", false, SampleResults.database(), status, tries, tries,
                null, "2026-12-05T01:0" + index + ":00Z", 1_000L * index, 0, null, null, null,
                findings.isEmpty() ? null : findings.getFirst(), findings.isEmpty() ? List.of() : findings.subList(1, findings.size()),
                List.of(), List.of(), null, new Shard(index, count), facts);
    }

    private static ExhaustiveFacts.Depth depth(int depth, boolean complete, int candidates, int tries, String... states) {
        return new ExhaustiveFacts.Depth(depth, complete, candidates, tries, states.length, List.of(states));
    }

    private static RunResult.Failure finding(String kind, int steps) {
        Trace trace = new Trace(Trace.SCHEMA_VERSION, "reference", Trace.DEFAULT_LEASE_TTL,
                Collections.nCopies(steps, Step.worker(1, new Action.Acquire("k1"))));
        return new RunResult.Failure(kind + " at step " + steps, steps, List.of(), trace, List.of(),
                new RunResult.Reproduction(null, null, null, null), null,
                new RunResult.FindingFacts("safety", kind, 1, 1, 0, 0, null), List.of());
    }

    private static RunResult first() {
        return shard(1, 2, RunResult.Status.PASSED, List.of(), 2,
                List.of(depth(1, true, 10, 5, "a", "b"), depth(2, true, 20, 8, "c", "d")));
    }

    private static RunResult second() {
        return shard(2, 2, RunResult.Status.PASSED, List.of(), 2,
                List.of(depth(1, true, 10, 5, "a", "b"), depth(2, true, 20, 7, "d", "e")));
    }

    @Test
    void statesAboveTheSplitAndThoseBothShardsReachedAreCountedOnce() {
        List<RunResult> merged = ShardMerge.merge(List.of(first(), second()));
        assertThat(merged).hasSize(1);
        RunResult run = merged.getFirst();
        assertThat(run.status()).isEqualTo(RunResult.Status.PASSED);
        ExhaustiveFacts facts = run.exhaustive();
        assertThat(facts.states()).as("s0, a, b, c, d, e").isEqualTo(6);
        assertThat(facts.completeDepth()).isEqualTo(2);
        assertThat(facts.depths()).extracting(ExhaustiveFacts.Depth::newStates).containsExactly(2, 3);
        assertThat(facts.depths()).extracting(ExhaustiveFacts.Depth::tries).as("depth 1 ran in both: once").containsExactly(5, 15);
        assertThat(facts.depths()).extracting(ExhaustiveFacts.Depth::candidates).containsExactly(10, 40);
        assertThat(run.tries()).isEqualTo(20);
        assertThat(facts.verdict()).isEqualTo("exhaustive: depth 2 complete (2 workers, 1 key, faults: restarts), 6 states, 0 findings,"
                + " 2.0 s, 2 shards merged");
        assertThat(BuildVerdict.of(merged).passedBuild()).isTrue();
    }

    @Test
    void findingsAreUnitedShortestPerKindAndOnlyOfTheShortestLength() {
        // shard 1 finds K1 at depth 2 and stops; shard 2 finds K1 too at depth 2 and K2 at depth 3 (the unsharded run stops at 2)
        RunResult one = shard(1, 2, RunResult.Status.FAILED, List.of(finding("K1", 2)), 2,
                List.of(depth(1, true, 10, 5, "a", "b"), depth(2, true, 20, 8, "c")));
        RunResult two = shard(2, 2, RunResult.Status.FAILED, List.of(finding("K1", 2), finding("K2", 3)), 3,
                List.of(depth(1, true, 10, 5, "a", "b"), depth(2, true, 20, 7, "e"), depth(3, true, 30, 9, "f")));
        RunResult run = ShardMerge.merge(List.of(one, two)).getFirst();
        assertThat(run.status()).isEqualTo(RunResult.Status.FAILED);
        assertThat(run.findings()).extracting(f -> f.finding().kind()).containsExactly("K1");
        assertThat(run.exhaustive().states()).as("s0, a, b, c, e: not f, deeper than the first finding").isEqualTo(5);
        assertThat(run.exhaustive().depths()).hasSize(2);
        assertThat(run.exhaustive().findings()).isEqualTo(1);
    }

    @Test
    void aDepthIsCompleteOnlyWhereEveryShardCompletedIt() {
        RunResult cut = shard(2, 2, RunResult.Status.PASSED, List.of(), 1,
                List.of(depth(1, true, 10, 5, "a", "b"), depth(2, false, 20, 3, "d")));
        RunResult run = ShardMerge.merge(List.of(first(), cut)).getFirst();
        assertThat(run.exhaustive().completeDepth()).isEqualTo(1);
        assertThat(run.exhaustive().depths()).extracting(ExhaustiveFacts.Depth::complete).containsExactly(true, false);
        assertThat(run.exhaustive().verdict()).startsWith("exhaustive: depth 1 complete, depth 2 cut by the time budget after 20 of 40");
    }

    @Test
    void aMissingShardMakesTheVerdictSaySoAndFail() {
        RunResult one = shard(1, 3, RunResult.Status.PASSED, List.of(), 2, first().exhaustive().depths());
        RunResult two = shard(2, 3, RunResult.Status.PASSED, List.of(), 2, second().exhaustive().depths());
        List<RunResult> merged = ShardMerge.merge(List.of(one, two));
        RunResult run = merged.getFirst();
        assertThat(run.status()).isEqualTo(RunResult.Status.ABORTED);
        assertThat(run.exhaustive().completeDepth()).as("depth 1, above the split, every shard explored").isEqualTo(1);
        assertThat(run.failure().verdict()).contains("shard 3/3 has no result").contains("-Dfencecheck.shard=3/3").doesNotContain("\n");
        assertThat(BuildVerdict.of(merged).passedBuild()).isFalse();
    }

    @Test
    void randomModeShardsStayOneRowEachAndAMissingOneFailsTheVerdict() {
        RunResult passing = SampleResults.passing();
        List<RunResult> merged = ShardMerge.merge(List.of(passing.withShard(new Shard(1, 2))));
        assertThat(merged).hasSize(2);
        assertThat(merged.get(1).failure().verdict()).contains("shard 2/2 has no result");
        assertThat(BuildVerdict.of(merged).passedBuild()).isFalse();
        List<RunResult> both = ShardMerge.merge(List.of(passing.withShard(new Shard(1, 2)), passing.withShard(new Shard(2, 2))));
        assertThat(both).hasSize(2);
        assertThat(BuildVerdict.of(both).passedBuild()).isTrue();
    }

    @Test
    void theRenderCommandMergesTheShardsFolders() throws Exception {
        Path one = folder.resolve("shard-1");
        Path two = folder.resolve("shard-2");
        ResultFiles.write(first(), one);
        ResultFiles.write(second(), two);
        assertThat(ResultFiles.readAll(List.of(one)).getFirst()).isEqualTo(first());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Path report = folder.resolve("report");
        int code = ReportCli.run(new ArrayList<>(List.of("render", "--out", report.toString(), one.toString(), two.toString())),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(code).as(err.toString(StandardCharsets.UTF_8)).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("6 states, 0 findings, 2.0 s, 2 shards merged");
        assertThat(Files.readString(report.resolve("index.html"))).contains("6 states, 0 findings, 2.0 s, 2 shards merged");
    }

    @Test
    void withVerdictTheRenderCommandSaysAShardIsMissingAndExitsOne() {
        Path one = folder.resolve("shard-1");
        ResultFiles.write(first(), one);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int code = ReportCli.run(List.of("render", "--out", folder.resolve("report").toString(), "--verdict", one.toString()),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        assertThat(code).isEqualTo(1);
        assertThat(out.toString(StandardCharsets.UTF_8))
                .contains("reference " + PROPERTY + ": exhaustive: depth 1 complete")
                .contains("; shard 2/2 has no result: what it would have run did not run")
                .contains("fencecheck verdict: failed: 1 property failed without a finding (an error)");
    }

    @Test
    void aVersionSevenFileIsStillRead() {
        String json = ResultFiles.toJson(SampleResults.passing()).replace("\"schemaVersion\" : " + RunResult.SCHEMA_VERSION, "\"schemaVersion\" : 7")
                .replace("\"shard\" : null,", "").replace("\"exhaustive\" : null", "\"examinedBy\" : null");
        RunResult read = ResultFiles.parse(json, "v7.json");
        assertThat(read.shard()).isNull();
        assertThat(read.exhaustive()).isNull();
    }
}
