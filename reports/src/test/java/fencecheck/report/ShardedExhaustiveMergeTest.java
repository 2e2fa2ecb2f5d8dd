package fencecheck.report;

import fencecheck.api.LeaseProtocol;
import fencecheck.db.Databases;
import fencecheck.explore.ExhaustiveResult;
import fencecheck.explore.ExhaustiveRun;
import fencecheck.explore.ExhaustiveScope;
import fencecheck.explore.ShardFilter;
import fencecheck.protocol.Implementations;
import fencecheck.protocol.Variants;
import fencecheck.run.TraceRunner;
import fencecheck.shard.Shard;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two shards of an exhaustive run on one machine, written to two result folders and merged by the render command, give
 * the unsharded run's states and findings.
 */
class ShardedExhaustiveMergeTest {

    private static final Duration BUDGET = Duration.ofMinutes(5);
    private static final String PROPERTY = "ExhaustiveProperties.everyInterleaving";

    @TempDir
    Path folder;

    private RunResult mergedAgainstWhole(LeaseProtocol protocol, ExhaustiveScope scope, int splitDepth, ExhaustiveResult[] whole) {
        try (TraceRunner runner = new TraceRunner(Databases.shared(), protocol)) {
            RunResult.DatabaseInfo db = RunResult.DatabaseInfo.of(runner.database());
            ExhaustiveRun run = new ExhaustiveRun(runner, scope, null);
            whole[0] = run.run();
            for (int i = 1; i <= 2; i++) {
                Shard shard = new Shard(i, 2);
                ExhaustiveResult part = run.sharded(ShardFilter.of(shard, splitDepth)).run();
                ResultFiles.write(ExhaustiveRunResults.of(PROPERTY, part, db, shard, Instant.now()), folder.resolve("shard-" + i));
            }
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = ReportCli.run(List.of("render", "--out", folder.resolve("report").toString(), folder.resolve("shard-1").toString(),
                folder.resolve("shard-2").toString()), new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(code).as(err.toString(StandardCharsets.UTF_8)).isZero();
        List<RunResult> merged = ShardMerge.merge(ResultFiles.readAll(List.of(folder.resolve("shard-1"), folder.resolve("shard-2"))));
        assertThat(merged).hasSize(1);
        RunResult result = merged.getFirst();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains(result.exhaustive().verdict());
        System.out.printf("whole:  %s%nmerged: %s%n", whole[0].verdict(), result.exhaustive().verdict());
        return result;
    }

    @Test
    void theReferenceSplitAtDepthTwo() {
        ExhaustiveResult[] whole = new ExhaustiveResult[1];
        ExhaustiveScope scope = ExhaustiveScope.of(3, BUDGET).withActions(List.of("acquire", "write-held", "clock-to-end", "restart"));
        RunResult merged = mergedAgainstWhole(Implementations.select("reference"), scope, 2, whole);
        assertThat(merged.status()).isEqualTo(RunResult.Status.PASSED);
        assertThat(merged.exhaustive().states()).isEqualTo(whole[0].states());
        assertThat(merged.exhaustive().completeDepth()).isEqualTo(whole[0].completeDepth());
        assertThat(merged.exhaustive().depths()).extracting(ExhaustiveFacts.Depth::newStates)
                .isEqualTo(whole[0].depths().stream().map(ExhaustiveResult.Depth::newStates).toList());
    }

    @Test
    void aVariantSplitAtDepthOneFindsTheSameFindings() {
        ExhaustiveResult[] whole = new ExhaustiveResult[1];
        RunResult merged = mergedAgainstWhole(Variants.sinkTrustsToken(), ExhaustiveScope.of(3, BUDGET), 1, whole);
        assertThat(merged.status()).isEqualTo(RunResult.Status.FAILED);
        assertThat(merged.exhaustive().states()).isEqualTo(whole[0].states());
        assertThat(merged.findings()).extracting(f -> f.finding().kind())
                .containsExactlyInAnyOrderElementsOf(ExhaustiveRunResults.of(PROPERTY, whole[0], null, null, Instant.now()).findings()
                        .stream().map(f -> f.finding().kind()).toList());
        assertThat(merged.findings()).allSatisfy(f -> assertThat(f.traceSteps()).isEqualTo(whole[0].findings().getFirst().result().steps()));
    }

    @Test
    void aVariantFoundBelowTheSplit() {
        ExhaustiveResult[] whole = new ExhaustiveResult[1];
        ExhaustiveScope scope = ExhaustiveScope.of(3, BUDGET).withActions(List.of("acquire", "write-held", "clock-to-end"));
        RunResult merged = mergedAgainstWhole(Variants.boundaryOverlap(), scope, 2, whole);
        assertThat(whole[0].passed()).as(whole[0].verdict()).isFalse();
        assertThat(merged.exhaustive().splitDepth()).isEqualTo(2);
        assertThat(merged.exhaustive().states()).isEqualTo(whole[0].states());
        assertThat(merged.findings()).extracting(f -> f.finding().kind())
                .containsExactlyInAnyOrderElementsOf(ExhaustiveRunResults.of(PROPERTY, whole[0], null, null, Instant.now()).findings()
                        .stream().map(f -> f.finding().kind()).toList());
        assertThat(merged.findings()).allSatisfy(f -> assertThat(f.traceSteps()).isEqualTo(3));
    }
}
