package fencecheck.properties;

import fencecheck.check.Invariant;
import fencecheck.check.RealTimeHistory;
import fencecheck.check.TimedOperation;
import fencecheck.check.Violation;
import fencecheck.db.Databases;
import fencecheck.model.Command;
import fencecheck.report.ResultFiles;
import fencecheck.report.RunResult;
import fencecheck.scheduler.ClusterFinding;
import fencecheck.scheduler.ClusterRun;
import net.jqwik.api.lifecycle.AroundPropertyHook;
import net.jqwik.api.lifecycle.PropertyExecutionResult;
import net.jqwik.api.lifecycle.PropertyExecutor;
import net.jqwik.api.lifecycle.PropertyLifecycleContext;
import org.apiguardian.api.API;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Writes the result file of a scheduler cluster property, as {@link ResultCollector} does for the others: its status,
 * seed and time, and when it failed, each finding's sentence with the cluster's runs drawn as a real-time history.
 */
@API(status = API.Status.INTERNAL)
public class ClusterResults implements AroundPropertyHook {

    @Override
    public PropertyExecutionResult aroundProperty(PropertyLifecycleContext context, PropertyExecutor property) {
        Instant started = Instant.now();
        long startedNanos = System.nanoTime();
        ClusterRuns.reset();
        PropertyExecutionResult result = property.execute();
        try {
            ResultFiles.write(resultOf(context, result, started, (System.nanoTime() - startedNanos) / 1_000_000), ResultCollector.results());
        } catch (RuntimeException e) {
            System.err.println("fencecheck: the result of " + context.extendedLabel() + " was not recorded: " + e.getMessage());
        }
        return result;
    }

    private static RunResult resultOf(PropertyLifecycleContext context, PropertyExecutionResult result, Instant started, long millis) {
        String property = context.containerClass().getSimpleName() + "." + context.targetMethod().getName();
        String kind = Databases.configuredKind();
        RunResult.DatabaseInfo database = new RunResult.DatabaseInfo(kind, kind + " PostgreSQL", Map.of());
        Optional<String> notApplicable = ClusterRuns.notApplicable();
        RunResult.Status status = notApplicable.isPresent() ? RunResult.Status.NOT_APPLICABLE : switch (result.status()) {
            case SUCCESSFUL -> RunResult.Status.PASSED;
            case FAILED -> RunResult.Status.FAILED;
            case ABORTED -> RunResult.Status.ABORTED;
        };
        String seed = result.seed().orElse(null);
        Optional<ClusterRun.Result> run = ClusterRuns.last();
        RunResult.Failure failure = null;
        List<RunResult.Failure> more = List.of();
        if (status == RunResult.Status.FAILED) {
            RunResult.Reproduction reproduce = new RunResult.Reproduction(seed, null, null,
                    Commands.rerunSeed(context.containerClass(), context.targetMethod(), seed, property));
            List<ClusterFinding> findings = run.map(r -> r.verdict().findings()).orElse(List.of());
            if (findings.isEmpty()) {
                String message = result.throwable().map(FindingsFailure::textOf).orElse("the cluster run failed without a reason");
                failure = new RunResult.Failure(message, null, List.of(), null, null, reproduce, run.map(r -> drawn(r, null)).orElse(null));
            } else {
                List<RunResult.Failure> all = findings.stream().map(f -> failureOf(f, run.get(), reproduce)).toList();
                failure = all.getFirst();
                more = all.subList(1, all.size());
            }
        }
        List<RunResult.Note> notes = run.map(r -> r.verdict().notes().stream()
                .map(n -> new RunResult.Note(RunResult.Note.OVERLAPPING_RUNS, n.words(), 0, 0, null, null)).toList()).orElse(List.of());
        String implementation = notApplicable.map(reason -> "not applicable: " + reason).orElse(context.containerClass().getSimpleName());
        return new RunResult(RunResult.SCHEMA_VERSION, property, implementation, "", false, database, status, result.countTries(),
                result.countChecks(), seed, started.toString(), millis, 0, null, null, null, failure, more, List.of(), notes);
    }

    private static RunResult.Failure failureOf(ClusterFinding finding, ClusterRun.Result run, RunResult.Reproduction reproduce) {
        RunResult.RealTime drawn = drawn(run, finding);
        Integer at = drawn.failingOperation();
        Violation violation = new Violation(invariantOf(finding.kind()), at == null ? 0 : at, finding.words(), drawn.judgedAgainst());
        RunResult.FindingFacts facts = new RunResult.FindingFacts("safety", finding.kind().name().toLowerCase().replace('_', ' ')
                + " of job " + finding.jobKey(), 1, 1, run.verdict().history().operations().size(), 0, null);
        return new RunResult.Failure(finding.words(), null, List.of(violation), null, null, reproduce, drawn, facts);
    }

    /** The cluster's runs as the report draws a real-time history, the finding's first run's write marked as failing. */
    private static RunResult.RealTime drawn(ClusterRun.Result run, ClusterFinding finding) {
        RealTimeHistory history = run.verdict().history();
        List<Integer> named = finding == null ? List.of() : finding.runs().stream().map(id -> writeOf(history, id)).flatMap(Optional::stream).toList();
        Integer failing = named.isEmpty() ? null : named.getFirst();
        return new RunResult.RealTime(history, history, failing, false, history.operations().size(), run.millis(), 0, 0, 0, false,
                named.size() > 1 ? named.subList(1, named.size()) : List.of(), finding == null ? null : "safety");
    }

    /** The operation of the history that is run {@code runId}'s write, else its first emit. */
    private static Optional<Integer> writeOf(RealTimeHistory history, long runId) {
        return history.operations().stream()
                .filter(o -> o.command() instanceof Command.Write w && (w.resultId().equals("run-" + runId)
                        || w.resultId().startsWith("run-" + runId + " emit ")))
                .map(TimedOperation::id).findFirst();
    }

    private static Invariant invariantOf(ClusterFinding.Kind kind) {
        return switch (kind) {
            case STALE_ACCEPTANCE -> Invariant.NO_STALE_ACCEPTANCE;
            case ACKNOWLEDGED_WRITE_LOST -> Invariant.ACKNOWLEDGED_WRITE_KEPT;
            case OVERLAPPING_RUNS -> Invariant.MUTUAL_EXCLUSION;
            case EXACTLY_ONCE_EFFECT -> Invariant.EXACTLY_ONCE_EFFECT;
        };
    }
}
