package fencecheck.properties;

import fencecheck.db.Database;
import fencecheck.protocol.Implementations;
import fencecheck.protocol.LeaseProtocol;
import fencecheck.report.ResultFiles;
import fencecheck.report.RunResult;
import fencecheck.run.TraceRunner;
import fencecheck.run.JobTryResult;
import fencecheck.run.TryResult;
import fencecheck.trace.TraceFiles;
import net.jqwik.api.lifecycle.AroundPropertyHook;
import net.jqwik.api.lifecycle.PropagationMode;
import net.jqwik.api.lifecycle.PropertyExecutionResult;
import net.jqwik.api.lifecycle.PropertyExecutor;
import net.jqwik.api.lifecycle.PropertyLifecycleContext;

import java.lang.reflect.AnnotatedElement;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * Registered for every property: after each property run, writes one result
 * file under {@code target/fencecheck/results/} with the run's figures
 * (status, tries, checks, seed, duration, shrinking), the coverage of each
 * situation, the monitoring figures of the implementation's runner (reset
 * when the property starts), the database it ran on, and, when it failed,
 * the shrunk trace with its history and the commands that reproduce it.
 * {@link ReportAtEnd} renders the files into the HTML report.
 */
public class ResultCollector implements AroundPropertyHook {

    private static final Map<Database, RunResult.DatabaseInfo> DATABASES = new ConcurrentHashMap<>();

    static Path results() {
        return Paths.target().resolve("fencecheck").resolve("results");
    }

    @Override
    public PropagationMode propagateTo() {
        return PropagationMode.ALL_DESCENDANTS;
    }

    @Override
    public boolean appliesTo(Optional<AnnotatedElement> element) {
        return true;
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
        if (Configuration.problem().isPresent()) {
            // not a run of anything: the settings stopped it before its first try
            return property.execute();
        }
        Instant started = Instant.now();
        long startedNanos = System.nanoTime();
        Optional<LeaseProtocol> protocol = implementationUnderTest();
        boolean proxied = context.findAnnotation(ThroughFaultProxies.class).isPresent();
        boolean jobs = context.findAnnotation(RunsJobTraces.class).isPresent()
                || context.containerClass().isAnnotationPresent(RunsJobTraces.class);
        Optional<Runner> runner = protocol.flatMap(p -> runnerFor(p, proxied, jobs));
        runner.ifPresent(r -> r.metrics().reset());
        SituationCounts.Recording situations = SituationCounts.start();
        PropertyExecutionResult result;
        try {
            result = property.execute();
        } finally {
            SituationCounts.stop(situations);
        }
        long millis = (System.nanoTime() - startedNanos) / 1_000_000;
        try {
            RunResult run = collect(context, result, started, millis, protocol, runner, situations);
            ResultFiles.write(run, results());
        } catch (RuntimeException e) {
            System.err.println("fencecheck: the result of " + context.extendedLabel() + " was not recorded: " + e.getMessage());
        }
        return result;
    }

    private static RunResult collect(PropertyLifecycleContext context, PropertyExecutionResult result, Instant started, long millis,
                                     Optional<LeaseProtocol> protocol, Optional<Runner> runner,
                                     SituationCounts.Recording situations) {
        String propertyClass = context.containerClass().getSimpleName();
        String property = propertyClass + "." + context.targetMethod().getName();
        // the property's own throwable first: the failure report replaced it with the minimised trace
        List<Throwable> errors = Stream.of(result.throwable(), result.shrunkSample().flatMap(s -> s.falsifyingError()),
                        result.originalSample().flatMap(s -> s.falsifyingError()))
                .flatMap(Optional::stream)
                .toList();
        Optional<Throwable> error = errors.stream().findFirst();
        Optional<TryResult> failedTry = errors.stream().filter(TraceFailure.class::isInstance)
                .map(e -> ((TraceFailure) e).result()).findFirst();
        Optional<JobTryResult> failedJobTry = errors.stream().filter(JobTraceFailure.class::isInstance)
                .map(e -> ((JobTraceFailure) e).result()).findFirst();
        String implementation = failedTry.map(t -> t.trace().implementation())
                .or(() -> failedJobTry.map(t -> t.trace().implementation()))
                .or(() -> protocol.map(LeaseProtocol::name))
                .orElse(System.getProperty(Implementations.PROPERTY, "reference"));
        String seed = result.seed().orElse(null);

        RunResult.Status status = switch (result.status()) {
            case SUCCESSFUL -> RunResult.Status.PASSED;
            case FAILED -> RunResult.Status.FAILED;
            case ABORTED -> RunResult.Status.ABORTED;
        };
        RunResult.Failure failure = null;
        if (status != RunResult.Status.PASSED) {
            String rerun = seed == null ? null : Commands.rerunSeed(propertyClass, seed, implementation);
            if (failedTry.isPresent() || failedJobTry.isPresent()) {
                Path trace = FailureReport.savedTrace(context, implementation, seed);
                if (!Files.exists(trace)) {
                    failedTry.ifPresent(t -> TraceFiles.write(t.trace(), trace));
                    failedJobTry.ifPresent(t -> TraceFiles.write(t.trace(), trace));
                }
                RunResult.Reproduction reproduce = new RunResult.Reproduction(seed, Paths.fromRoot(trace), Commands.replayTrace(trace), rerun);
                failure = failedTry.isPresent() ? RunResult.Failure.of(failedTry.get(), reproduce)
                        : RunResult.Failure.ofJob(failedJobTry.get(), reproduce);
            } else {
                String message = error.map(ResultCollector::message).orElse("the property " + status.name().toLowerCase() + " without a reason");
                failure = RunResult.Failure.withoutTrace(message, new RunResult.Reproduction(seed, null, null, rerun));
            }
        }
        Integer originalSize = result.originalSample()
                .map(s -> s.parameters())
                .filter(p -> !p.isEmpty() && p.get(0) instanceof List<?>)
                .map(p -> ((List<?>) p.get(0)).size())
                .orElse(null);
        // jqwik judges coverage only after the last try: a run stopped by a failing try was not judged
        boolean judged = status == RunResult.Status.PASSED || (status == RunResult.Status.FAILED
                && failedTry.isEmpty() && failedJobTry.isEmpty() && result.countTries() > 0);
        RunResult.Statistics statistics = situations.isEmpty() ? null
                : new RunResult.Statistics(situations.counted(result.countTries()), situations.floorPercent(), judged,
                situations.counts(result.countTries()));
        return new RunResult(
                RunResult.SCHEMA_VERSION,
                property,
                implementation,
                protocol.map(LeaseProtocol::description).orElse(""),
                isKnownBuggyVariant(implementation),
                runner.map(r -> DATABASES.computeIfAbsent(r.database(), RunResult.DatabaseInfo::of))
                        .orElse(RunResult.DatabaseInfo.unknown("no database was reached")),
                status,
                result.countTries(),
                result.countChecks(),
                seed,
                started.toString(),
                millis,
                result.shrunkSample().map(s -> s.countShrinkingSteps()).orElse(0),
                originalSize,
                statistics,
                runner.map(r -> r.metrics().snapshot()).orElse(null),
                failure);
    }

    private static Optional<LeaseProtocol> implementationUnderTest() {
        try {
            return Optional.of(Harnesses.implementationUnderTest());
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    /** The runner a property uses, as far as the result needs it: its database and its monitoring figures. */
    private record Runner(fencecheck.db.Database database, fencecheck.run.OperationMetrics metrics) {
    }

    private static Optional<Runner> runnerFor(LeaseProtocol protocol, boolean proxied, boolean jobs) {
        try {
            if (jobs) {
                var runner = Harnesses.jobRunnerFor(protocol, proxied);
                return Optional.of(new Runner(runner.database(), runner.metrics()));
            }
            TraceRunner runner = Harnesses.runnerFor(protocol, proxied);
            return Optional.of(new Runner(runner.database(), runner.metrics()));
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    private static boolean isKnownBuggyVariant(String implementation) {
        try {
            return Implementations.variants().stream().anyMatch(v -> v.name().equals(implementation))
                    || Implementations.faultVariants().stream().anyMatch(v -> v.name().equals(implementation))
                    || Implementations.jobVariants().stream().anyMatch(v -> v.name().equals(implementation));
        } catch (RuntimeException e) {
            return false;
        }
    }

    private static String message(Throwable error) {
        String message = error.getMessage();
        if (message == null || message.isBlank()) {
            return error.getClass().getSimpleName();
        }
        message = message.strip();
        return message.length() <= 4000 ? message : message.substring(0, 4000) + "…";
    }
}
