package fencecheck.properties;

import fencecheck.api.LeaseProtocol;
import fencecheck.findings.Finding;
import fencecheck.report.ConsoleSummary;
import fencecheck.findings.FindingsShrinker;
import fencecheck.findings.ShrinkBudget;
import fencecheck.run.TraceRunner;
import fencecheck.shard.Shard;
import fencecheck.run.TryResult;
import fencecheck.run.Minimizer;
import fencecheck.trace.TraceFiles;
import net.jqwik.api.lifecycle.AroundPropertyHook;
import net.jqwik.api.lifecycle.PropertyExecutionResult;
import net.jqwik.api.lifecycle.PropertyExecutor;
import net.jqwik.api.lifecycle.PropertyLifecycleContext;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Registered for every property: pins the seed when {@code -Dfencecheck.seed}
 * is given (in shard i of n, a seed of the shard's own derived from it), and at the end of a property whose tries found something shrinks one
 * try of each kind found (fencecheck's own {@link FindingsShrinker}: jqwik saw no
 * failing try, so it shrank nothing) and turns them into the report a user reads
 * first: every finding, most severe first, with its saved trace and the command that
 * replays it, the seed, and each shrunk trace as a table.
 */
public class FailureReport implements AroundPropertyHook, OnFencecheckProperties {

    @Override
    public PropertyExecutionResult aroundProperty(PropertyLifecycleContext context, PropertyExecutor property) {
        Optional<String> badSetting = Configuration.problem(context.containerClass());
        if (badSetting.isPresent()) {
            // thrown before the first try: nothing is generated, so nothing is shrunk
            throw new ConfigurationError(badSetting.get());
        }
        Optional<String> pinned = Seeds.fromSystemProperty();
        if (pinned.isPresent()) {
            context.attributes().setSeed(Seeds.ofShard(pinned.get(), Shard.fromSystemProperty()));
        }
        PropertyFindings.reset();
        PropertyStop.reset();
        PropertyExecutionResult result = property.execute();
        Optional<String> stopped = PropertyStop.line();
        if (stopped.isPresent()) {
            // one line, as a setting error: what the tries before it found was found on a clock that is not fencecheck's
            String implementation = Harnesses.implementationUnderTest(context.containerClass()).name();
            String line = stopped.get().startsWith(implementation) ? stopped.get() : implementation + ": " + stopped.get();
            return result.mapToFailed(new FindingsFailure(line, String.join("\n", ConsoleSummary.wrapped(label(context) + ": " + line)) + "\n"));
        }
        if (!PropertyFindings.failingTries().isEmpty()) {
            return withEveryFinding(context, result);
        }
        if (!PropertyFindings.saved().isEmpty()) {
            // exhaustive mode saved its findings itself, each the shortest that fails: its failure already says them all
            return result;
        }
        if (!RealTimeRuns.groups().isEmpty()) {
            return withEveryRealTimeFinding(context, result);
        }
        if (result.status() != PropertyExecutionResult.Status.FAILED) {
            return result;
        }
        // a property that failed a try itself (one that throws rather than records): its last failing try, minimised
        TraceRunner runner = runnerOf(context);
        Optional<TryResult> failed = runner.tries().lastFailure();
        if (failed.isEmpty()) {
            // failed without a failing try: a coverage floor, a real-time history, or an error; its message says which
            return result.mapToFailed(withoutFrames(context, runner.protocol().name(), result));
        }
        TryResult tried = Minimizer.minimize(runner, failed.get());
        String implementation = tried.trace().implementation();
        Path saved = savedTrace(context, implementation, result.seed().orElse(null));
        TraceFiles.write(tried.trace(), saved);
        String summary = implementation + ": " + WhoDidWhat.of(tried);
        return result.mapToFailed(new FindingsFailure(summary,
                message(context, result, label(context) + ": " + summary, tried, saved, implementation)));
    }

    /** {@code Class.method}, as the summary of failed tests names a test. */
    private static String label(PropertyLifecycleContext context) {
        return context.containerClass().getSimpleName() + "." + context.targetMethod().getName();
    }

    /** A failure without a trace of fencecheck's, its message kept whole and its first line as the summary, with no stack frames. */
    private static FindingsFailure withoutFrames(PropertyLifecycleContext context, String implementation, PropertyExecutionResult result) {
        String message = result.throwable().map(t -> t.getMessage() == null ? t.toString() : t.getMessage().strip()).orElse("failed");
        String first = message.lines().findFirst().orElse(message);
        String summary = implementation + ": " + first;
        List<String> lines = new ArrayList<>(ConsoleSummary.wrapped(label(context) + ": " + summary));
        message.lines().skip(1).forEach(lines::add);
        return new FindingsFailure(summary, String.join("\n", lines) + "\n");
    }

    /**
     * The end of a property whose tries found something: one representative of each kind shrunk (most severe first),
     * its trace saved, and one failure that lists them all. A try that failed the property on its own (an error of
     * the harness, say) is said after them, and is the failure's cause.
     */
    private static PropertyExecutionResult withEveryFinding(PropertyLifecycleContext context, PropertyExecutionResult result) {
        TraceRunner runner = runnerOf(context);
        long started = System.nanoTime();
        FindingsShrinker.Result shrunk = new FindingsShrinker(runner::run, ShrinkBudget.fromSystemProperties())
                .shrink(PropertyFindings.failingTries());
        String seed = result.seed().orElse(null);
        List<PropertyFindings.Saved> saved = new ArrayList<>();
        for (Finding finding : shrunk.findings()) {
            Path trace = savedTrace(context, finding.shrunk().trace().implementation(), seed, saved.size() + 1);
            TraceFiles.write(finding.shrunk().trace(), trace);
            saved.add(new PropertyFindings.Saved(finding, trace));
        }
        PropertyFindings.finished(saved, shrunk.notShrunk(), (System.nanoTime() - started) / 1_000_000);
        String implementation = runner.protocol().name();
        String summary = FindingsMessage.summary(label(context), implementation, saved, shrunk.notShrunk(), result.countTries());
        String message = FindingsMessage.render(label(context), summary, saved, shrunk.notShrunk(), seed,
                seed == null ? null : Commands.rerunSeed(context.containerClass(), context.targetMethod(), seed, implementation));
        Optional<Throwable> error = result.status() == PropertyExecutionResult.Status.FAILED ? result.throwable() : Optional.empty();
        // the error's message only: its frames are the harness's, and the trace of each finding is above
        return result.mapToFailed(new FindingsFailure(summary,
                message + error.map(e -> ConsoleTable.clip("and a try failed on its own: " + e, ConsoleSummary.WIDTH) + "\n").orElse("")));
    }

    /**
     * The end of a real-time property whose tries failed: each kind of finding on each key shrunk (most severe first)
     * and one failure that lists them all; a try that failed on its own (a history the checker gave up on) is said after
     * them.
     */
    private static PropertyExecutionResult withEveryRealTimeFinding(PropertyLifecycleContext context, PropertyExecutionResult result) {
        LeaseProtocol protocol = Harnesses.implementationUnderTest(context.containerClass());
        String seed = result.seed().orElse(null);
        RealTimeFindingsReport.shrink(protocol.modelConfig().withConformance(Harnesses.conformanceOf(protocol)),
                RealTimeChecks.settings(0, context.containerClass()));
        String summary = RealTimeFindingsReport.summary(protocol.name(), result.countTries());
        String message = RealTimeFindingsReport.render(label(context), summary, seed,
                seed == null ? null : Commands.rerunSeed(context.containerClass(), context.targetMethod(), seed, protocol.name()));
        Optional<Throwable> error = result.status() == PropertyExecutionResult.Status.FAILED ? result.throwable() : Optional.empty();
        return result.mapToFailed(new FindingsFailure(summary, message + error.map(e -> ConsoleTable.clip("and a try failed on its own: "
                + String.valueOf(e.getMessage()).lines().findFirst().orElse(""), ConsoleSummary.WIDTH) + "\n").orElse("")));
    }

    private static TraceRunner runnerOf(PropertyLifecycleContext context) {
        return Harnesses.runnerOf(Harnesses.implementationUnderTest(context.containerClass()), context);
    }

    /** Where the shrunk trace of a property's {@code number}th finding is saved (see {@link #savedTrace(PropertyLifecycleContext, String, String)}). */
    static Path savedTrace(PropertyLifecycleContext context, String implementation, String seed, int number) {
        Path first = savedTrace(context, implementation, seed);
        String name = first.getFileName().toString();
        return first.resolveSibling(name.substring(0, name.length() - ".json".length()) + "-finding" + number + ".json");
    }

    /**
     * Where a property's shrunk trace against an implementation is saved: one file per seed, so runs do not overwrite
     * each other's. Named by the property's method alone (the suite's method names are distinct), so that the line
     * that names it stays within the console's width.
     */
    static Path savedTrace(PropertyLifecycleContext context, String implementation, String seed) {
        // a pack's name is its location (sql:packs/mine): its slashes and colon would make folders of the file name
        return Paths.traces().resolve(context.targetMethod().getName()
                + "-" + implementation.replaceAll("[^A-Za-z0-9._-]+", "_") + (seed == null ? "" : "-" + seed) + ".json");
    }

    /** The report a user reads first: who did what, the shrunk trace, the seed, the saved trace and the commands that reproduce it. */
    private static String message(PropertyLifecycleContext context, PropertyExecutionResult result, String summary, TryResult tried,
                                  Path saved, String implementation) {
        String seed = result.seed().orElse("?");
        List<String> lines = new ArrayList<>(ConsoleSummary.wrapped(summary));
        lines.addAll(ConsoleTable.render(tried));
        lines.add("seed: " + seed);
        lines.add("trace: " + Paths.fromRoot(saved));
        lines.addAll(Commands.wrapped("replay the trace: ", Commands.replayTrace(saved)));
        lines.addAll(Commands.wrapped("re-run the seed: ", Commands.rerunSeed(context.containerClass(), context.targetMethod(), seed,
                implementation)));
        return String.join("\n", lines) + "\n";
    }
}
