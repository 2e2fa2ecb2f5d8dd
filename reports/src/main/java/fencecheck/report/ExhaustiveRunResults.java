package fencecheck.report;

import fencecheck.explore.ExhaustiveResult;
import fencecheck.findings.FindingKind;
import fencecheck.shard.Shard;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.stream.Collectors;

/** An exhaustive run as a result file holds it: its findings as a lock-step property's, its coverage as {@link ExhaustiveFacts}. */
public final class ExhaustiveRunResults {

    private ExhaustiveRunResults() {
    }

    /**
     * The result of {@code result}, run by {@code property} on {@code database} as {@code shard} (null: not split).
     * Each finding is the shortest trace of its kinds, by construction: nothing was shrunk.
     */
    public static RunResult of(String property, ExhaustiveResult result, RunResult.DatabaseInfo database, Shard shard, Instant started) {
        List<RunResult.Failure> findings = result.findings().stream().map(ExhaustiveRunResults::failure).toList();
        RunResult run = new RunResult(RunResult.SCHEMA_VERSION, property, result.implementation(), "", false, database,
                result.passed() ? RunResult.Status.PASSED : RunResult.Status.FAILED, result.tries(), result.tries(), null,
                started.toString(), result.nanos() / 1_000_000, 0, null, null, null,
                findings.isEmpty() ? null : findings.getFirst(), findings.isEmpty() ? List.of() : findings.subList(1, findings.size()),
                List.of(), List.of());
        return run.withShard(shard).withExhaustive(ExhaustiveFacts.of(result));
    }

    private static RunResult.Failure failure(ExhaustiveResult.Found found) {
        Path saved = found.saved();
        List<FindingKind> kinds = found.kinds();
        String kind = kinds.stream().map(FindingKind::describe).collect(Collectors.joining("; "));
        String severity = kinds.isEmpty() ? "safety" : kinds.getFirst().severity().word();
        int steps = found.result().steps();
        return RunResult.Failure.of(found.result(),
                new RunResult.Reproduction(null, saved == null ? null : saved.toString(), saved == null ? null : "replay " + saved, null),
                new RunResult.FindingFacts(severity, kind, 1, 1, steps, 0, null));
    }
}
