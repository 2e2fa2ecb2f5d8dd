package fencecheck.properties;

import fencecheck.api.Check;
import fencecheck.api.LeaseProtocol;
import fencecheck.check.Violation;
import fencecheck.db.Database;
import fencecheck.db.Databases;
import fencecheck.findings.FailingTries;
import fencecheck.findings.Finding;
import fencecheck.realtime.RealTimeRun;
import fencecheck.report.ExhaustiveFacts;
import fencecheck.report.ResultFiles;
import fencecheck.report.RunFolders;
import fencecheck.report.RunResult;
import fencecheck.run.Floors;
import fencecheck.run.Situation;
import fencecheck.run.TraceRunner;
import fencecheck.run.TryResult;
import fencecheck.shard.Shard;
import fencecheck.trace.TraceFiles;
import net.jqwik.api.lifecycle.AroundPropertyHook;
import net.jqwik.api.lifecycle.PropertyExecutionResult;
import net.jqwik.api.lifecycle.PropertyExecutor;
import net.jqwik.api.lifecycle.PropertyLifecycleContext;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * Registered for every property: after each property run, writes one result
 * file under {@code target/fencecheck/runs/RUN/results/} with the run's figures
 * (status, tries, checks, seed, duration, shrinking), the coverage of each
 * situation, the monitoring figures of the implementation's runner (reset
 * when the property starts), the database it ran on, and, when it failed,
 * every finding: its kind, its shrunk trace with its history and the commands
 * that reproduce it.
 * {@link ReportAtEnd} renders the files into the HTML report.
 */
public class ResultCollector implements AroundPropertyHook, OnFencecheckProperties {

    private static final Map<Database, RunResult.DatabaseInfo> DATABASES = new ConcurrentHashMap<>();

    /** This test run's results: a run of its own, so a later run does not replace them. */
    static Path results() {
        return Paths.run().resolve(RunFolders.RESULTS);
    }

    /**
     * Outside jqwik's statistics hook (-50), so a failed coverage check is in
     * the status, and outside {@link FailureReport}, so the trace it saves is
     * there when the result is written.
     */
    @Override
    public int aroundPropertyProximity() {
        return -60;
    }

    @Override
    public PropertyExecutionResult aroundProperty(PropertyLifecycleContext context, PropertyExecutor property) {
        if (Configuration.problem(context.containerClass()).isPresent()) {
            // not a run of anything: the settings stopped it before its first try
            return property.execute();
        }
        Instant started = Instant.now();
        long startedNanos = System.nanoTime();
        Optional<LeaseProtocol> protocol = implementationUnderTest(context.containerClass());
        Optional<TraceRunner> runner = protocol.flatMap(p -> runnerFor(p, context));
        runner.ifPresent(r -> {
            r.metrics().reset();
            r.tries().reset();
        });
        RealTimeRuns.reset();
        ExhaustiveRuns.reset();
        PropertyExecutionResult result = property.execute();
        long millis = (System.nanoTime() - startedNanos) / 1_000_000;
        try {
            RunResult run = collect(context, result, started, millis, protocol, runner);
            RunResult covered = ExhaustiveRuns.recorded().map(e -> run.withExhaustive(ExhaustiveFacts.of(e))).orElse(run);
            ResultFiles.write(covered.withShard(Shard.fromSystemProperty().orElse(null)), results());
        } catch (RuntimeException e) {
            System.err.println("fencecheck: the result of " + context.extendedLabel() + " was not recorded: " + e.getMessage());
        }
        return result;
    }

    /**
     * Writes the result of a property refused before its first try because it cannot run in this setting (see
     * {@link Preflight}): not applicable, no tries, the reason on the console with it.
     */
    static void recordNotApplicable(PropertyLifecycleContext context, String reason) {
        String propertyClass = context.containerClass().getSimpleName();
        String implementation = Harnesses.implementationName(context.containerClass());
        String kind = Databases.configuredKind();
        try {
            ResultFiles.write(new RunResult(RunResult.SCHEMA_VERSION, propertyClass + "." + context.targetMethod().getName(),
                    implementation, "", false, new RunResult.DatabaseInfo(kind, kind + " PostgreSQL: " + reason, Map.of()),
                    RunResult.Status.NOT_APPLICABLE, 0, 0, null, Instant.now().toString(), 0, 0, null, null, null, null), results());
        } catch (RuntimeException e) {
            System.err.println("fencecheck: the result of " + context.extendedLabel() + " was not recorded: " + e.getMessage());
        }
    }

    private static RunResult collect(PropertyLifecycleContext context, PropertyExecutionResult result, Instant started, long millis,
                                     Optional<LeaseProtocol> protocol, Optional<TraceRunner> runner) {
        String propertyClass = context.containerClass().getSimpleName();
        String property = propertyClass + "." + context.targetMethod().getName();
        // the property's own throwable first: the failure report replaced it with the minimised trace
        List<Throwable> errors = Stream.of(result.throwable(), result.shrunkSample().flatMap(s -> s.falsifyingError()),
                        result.originalSample().flatMap(s -> s.falsifyingError()))
                .flatMap(Optional::stream)
                .toList();
        Optional<Throwable> error = errors.stream().findFirst();
        List<PropertyFindings.Saved> findings = PropertyFindings.saved();
        // the most severe finding; for a property that failed a try itself, the runner's last failing try (the smallest,
        // after the failure report's minimising)
        Optional<TryResult> failedTry = !findings.isEmpty() ? Optional.of(findings.get(0).finding().shrunk())
                : result.status() == PropertyExecutionResult.Status.SUCCESSFUL ? Optional.empty()
                : runner.flatMap(r -> r.tries().lastFailure());
        String implementation = failedTry.map(t -> t.trace().implementation())
                .or(() -> protocol.map(LeaseProtocol::name))
                .orElse(Harnesses.implementationName(context.containerClass()));
        String seed = result.seed().orElse(null);

        RunResult.Status status = switch (result.status()) {
            case SUCCESSFUL -> RunResult.Status.PASSED;
            case FAILED -> RunResult.Status.FAILED;
            case ABORTED -> RunResult.Status.ABORTED;
        };
        RunResult.Failure failure = null;
        List<RunResult.Failure> moreFindings = List.of();
        if (status != RunResult.Status.PASSED) {
            String rerun = seed == null ? null : Commands.rerunSeed(context.containerClass(), context.targetMethod(), seed, implementation);
            Optional<RealTimeRun.Result> realTime = RealTimeRuns.lastFailure();
            List<RealTimeRuns.Shrunk> realTimeFindings = RealTimeRuns.saved();
            if (!findings.isEmpty()) {
                List<RunResult.Failure> all = findings.stream().map(f -> failureOf(f, seed, rerun)).toList();
                failure = all.get(0);
                moreFindings = all.subList(1, all.size());
            } else if (!realTimeFindings.isEmpty()) {
                RunResult.Reproduction reproduce = new RunResult.Reproduction(seed, null, null, rerun);
                List<RunResult.Failure> all = new ArrayList<>();
                for (RealTimeRuns.Shrunk f : realTimeFindings) {
                    // the full history of the first finding's run only: a run's is megabytes, and the others' are alike
                    all.add(RealTimeFailures.of(f, all.isEmpty(), reproduce));
                }
                failure = all.get(0);
                moreFindings = all.subList(1, all.size());
            } else if (failedTry.isEmpty() && realTime.isPresent()) {
                failure = realTimeFailure(realTime.get(), error.map(ResultCollector::message).orElse(null),
                        new RunResult.Reproduction(seed, null, null, rerun));
            } else if (failedTry.isPresent()) {
                Path trace = FailureReport.savedTrace(context, implementation, seed);
                if (!Files.exists(trace)) {
                    TraceFiles.write(failedTry.get().trace(), trace);
                }
                RunResult.Reproduction reproduce = new RunResult.Reproduction(seed, Paths.fromRoot(trace), Commands.replayTrace(trace), rerun);
                failure = RunResult.Failure.of(failedTry.get(), reproduce);
            } else {
                String message = error.map(ResultCollector::message).orElse("the property " + status.name().toLowerCase() + " without a reason");
                failure = RunResult.Failure.withoutTrace(message, new RunResult.Reproduction(seed, null, null, rerun));
            }
        }
        Integer originalSize = !findings.isEmpty() ? Integer.valueOf(findings.get(0).finding().originalSteps()) : result.originalSample()
                .map(s -> s.parameters())
                .filter(p -> !p.isEmpty() && p.get(0) instanceof List<?>)
                .map(p -> ((List<?>) p.get(0)).size())
                .orElse(null);
        // jqwik judges coverage only after the last try: a run stopped by a failing try was not judged, nor one that
        // stopped at an error of the implementation's setup (its later tries ran nothing)
        boolean stopped = PropertyStop.line().isPresent();
        boolean judged = !stopped && (status == RunResult.Status.PASSED || (status == RunResult.Status.FAILED
                && failedTry.isEmpty() && result.countTries() > 0));
        RunResult.Statistics statistics = statistics(context, result, protocol, runner, judged);
        Optional<Covers> covers = context.findAnnotation(Covers.class);
        Optional<String> examinedBy = LauncherTests.examining(context.containerClass(), context.targetMethod());
        return new RunResult(
                RunResult.SCHEMA_VERSION,
                property,
                implementation,
                protocol.map(LeaseProtocol::description).orElse(""),
                covers.isPresent() && KnownBugChecks.declares(covers.get().value(), implementation),
                runner.map(r -> DATABASES.computeIfAbsent(r.database(), RunResult.DatabaseInfo::of))
                        .orElse(RunResult.DatabaseInfo.unknown("no database was reached")),
                status,
                stopped ? PropertyStop.triesRun() : result.countTries(),
                stopped ? PropertyStop.triesRun() : result.countChecks(),
                seed,
                started.toString(),
                millis,
                result.shrunkSample().map(s -> s.countShrinkingSteps()).orElse(0),
                originalSize,
                statistics,
                runner.map(r -> r.metrics().snapshot()).orElse(null),
                failure,
                moreFindings,
                Stream.concat(PropertyFindings.notShrunk().stream().map(ResultCollector::factsOf),
                        RealTimeRuns.notShrunk().stream().map(RealTimeFailures::factsOf)).toList(),
                notes(context, runner, implementation, seed),
                examinedBy.orElse(null));
    }

    /** The run's conformance notes: lock step's from its runner's tries, or the real-time property's from its runs. */
    private static List<RunResult.Note> notes(PropertyLifecycleContext context, Optional<TraceRunner> runner, String implementation,
                                              String seed) {
        List<RunResult.Note> lockStep = runner.map(r -> ConformanceNoteReport.of(context, r, implementation, seed)).orElse(List.of());
        return lockStep.isEmpty() ? RealTimeNoteReport.of(context, implementation, seed) : lockStep;
    }

    /** One finding as the result file keeps it: its shrunk try, how to reproduce it, and its kind and shrinking. */
    private static RunResult.Failure failureOf(PropertyFindings.Saved saved, String seed, String rerun) {
        Finding f = saved.finding();
        RunResult.Reproduction reproduce = new RunResult.Reproduction(seed, Paths.fromRoot(saved.trace()), Commands.replayTrace(saved.trace()), rerun);
        return RunResult.Failure.of(f.shrunk(), reproduce, new RunResult.FindingFacts(f.severity().word(), f.kind().describe(), f.tries(),
                f.firstTry(), f.originalSteps(), f.shrinkRuns(), f.cutShortBy().orElse(null)));
    }

    /** A kind found beyond those shrunk: how often, never how small. */
    private static RunResult.FindingFacts factsOf(FailingTries.Group group) {
        return new RunResult.FindingFacts(group.kind().severity().word(), group.kind().describe(), group.tries(), group.firstTry(),
                0, 0, null);
    }

    /** A real-time failure: its verdict, its invariants broken (at operations), and the smallest failing history found. */
    private static RunResult.Failure realTimeFailure(RealTimeRun.Result r, String message, RunResult.Reproduction reproduce) {
        var shrunk = r.shrunk();
        var verdict = shrunk != null ? shrunk.verdict() : r.verdict();
        List<Violation> violations = verdict.violations().stream()
                .map(f -> new Violation(f.violation().invariant(), f.operation(), f.violation().explanation())).toList();
        // the full history too: a failure the shrunk one does not explain can then still be studied
        RunResult.RealTime rt = new RunResult.RealTime(shrunk == null ? null : shrunk.history(), r.history(), verdict.failingOperation(),
                r.verdict().undecided(), r.history().operations().size(), r.runMillis(), r.checkMillis(), r.verdict().linearizability().states(),
                shrunk == null ? 0 : shrunk.checks(), shrunk != null && shrunk.outOfTime(),
                verdict.cause().stream().filter(id -> !id.equals(verdict.failingOperation())).toList(),
                r.severity() == null ? null : r.severity().word(), shrunk == null ? List.of() : shrunk.overlapping());
        // the verdict, not the property's message: the page draws the history the message printed as a table
        return new RunResult.Failure(message != null && r.verdict().undecided() ? message : verdict.sentence(), null, violations, null,
                null, reproduce, rt);
    }

    private static Optional<LeaseProtocol> implementationUnderTest(Class<?> container) {
        try {
            return Optional.of(Harnesses.implementationUnderTest(container));
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * How many of the property's counted tries reached each situation, from its
     * runner's try log: the first {@code countTries} tries (what follows is
     * shrinking), with the floor on the situations the property {@link Covers} that apply to the implementation.
     */
    private static RunResult.Statistics statistics(PropertyLifecycleContext context, PropertyExecutionResult result,
                                                   Optional<LeaseProtocol> protocol, Optional<TraceRunner> runner, boolean judged) {
        Optional<Covers> covers = context.findAnnotation(Covers.class);
        if (covers.isEmpty() || runner.isEmpty() || covers.get().value() == Check.EXHAUSTIVE) {
            // exhaustive mode has no share of tries to count: its verdict says what it covered
            return null;
        }
        List<Set<Situation>> tries = covers.get().value() == Check.REAL_TIME ? RealTimeRuns.situationsOfTries()
                : runner.get().tries().situationsOfTries();
        List<Set<Situation>> counted = tries.subList(0, Math.min(result.countTries(), tries.size()));
        if (counted.isEmpty()) {
            return null;
        }
        Map<Situation, Integer> counts = new EnumMap<>(Situation.class);
        counted.forEach(reached -> reached.forEach(s -> counts.merge(s, 1, Integer::sum)));
        Check group = covers.get().value();
        Optional<Floors> floors = protocol.map(p -> Floors.of(group, p, counted));
        floors.ifPresent(f -> f.lifted().forEach(line -> System.out.println("fencecheck: " + context.targetMethod().getName() + ": " + line)));
        return RunResult.Statistics.of(counted.size(), Coverage.FLOOR_PERCENT,
                floors.map(Floors::applying).orElse(Situation.of(group)), judged, counts);
    }

    private static Optional<TraceRunner> runnerFor(LeaseProtocol protocol, PropertyLifecycleContext context) {
        try {
            return Optional.of(Harnesses.runnerOf(protocol, context));
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    private static String message(Throwable error) {
        // a failure of fencecheck's has a one-line message for the build tool's summary: the report is what the page shows
        String message = FindingsFailure.textOf(error);
        if (message == null || message.isBlank()) {
            return error.getClass().getSimpleName();
        }
        message = message.strip();
        return message.length() <= 4000 ? message : message.substring(0, 4000) + "…";
    }
}
