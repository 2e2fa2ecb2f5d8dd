package fencecheck.properties;

import fencecheck.findings.Finding;
import fencecheck.findings.FindingsShrinker;
import fencecheck.findings.ShrinkBudget;
import fencecheck.run.TraceRunner;
import fencecheck.run.TraceTable;
import fencecheck.run.TryResult;
import fencecheck.run.Minimizer;
import fencecheck.trace.TraceFiles;
import net.jqwik.api.lifecycle.AroundPropertyHook;
import net.jqwik.api.lifecycle.PropagationMode;
import net.jqwik.api.lifecycle.PropertyExecutionResult;
import net.jqwik.api.lifecycle.PropertyExecutor;
import net.jqwik.api.lifecycle.PropertyLifecycleContext;

import java.lang.reflect.AnnotatedElement;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Registered for every property: pins the seed when {@code -Dfencecheck.seed}
 * is given, and at the end of a property whose tries found something shrinks one
 * try of each kind found (fencecheck's own {@link FindingsShrinker}: jqwik saw no
 * failing try, so it shrank nothing) and turns them into the report a user reads
 * first: every finding, most severe first, with its saved trace and the command that
 * replays it, the seed, and each shrunk trace as a table.
 */
public class FailureReport implements AroundPropertyHook {

    @Override
    public PropagationMode propagateTo() {
        return PropagationMode.ALL_DESCENDANTS;
    }

    @Override
    public boolean appliesTo(Optional<AnnotatedElement> element) {
        return Harnesses.isFencecheckProperty(element);
    }

    @Override
    public PropertyExecutionResult aroundProperty(PropertyLifecycleContext context, PropertyExecutor property) {
        Optional<String> badSetting = Configuration.problem(context.containerClass());
        if (badSetting.isPresent()) {
            // thrown before the first try: nothing is generated, so nothing is shrunk
            throw new ConfigurationError(badSetting.get());
        }
        Optional<String> pinned = Seeds.fromSystemProperty();
        if (pinned.isPresent()) {
            context.attributes().setSeed(pinned.get());
        }
        PropertyFindings.reset();
        PropertyExecutionResult result = property.execute();
        if (!PropertyFindings.failingTries().isEmpty()) {
            return withEveryFinding(context, result);
        }
        if (result.status() != PropertyExecutionResult.Status.FAILED) {
            return result;
        }
        // a property that failed a try itself (one that throws rather than records): its last failing try, minimised
        TraceRunner runner = runnerOf(context);
        Optional<TryResult> failed = runner.tries().lastFailure();
        if (failed.isEmpty()) {
            // failed without a failing try: a coverage floor, or an error; jqwik's message says which
            return result;
        }
        TryResult tried = Minimizer.minimize(runner, failed.get());
        Path saved = savedTrace(context, tried.trace().implementation(), result.seed().orElse(null));
        TraceFiles.write(tried.trace(), saved);
        return result.mapToFailed(new AssertionError(message(context, result, tried.verdict(), TraceTable.render(tried), saved,
                tried.trace().implementation())));
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
        String message = FindingsMessage.render(saved, shrunk.notShrunk(), result.countTries(), seed,
                seed == null ? null : Commands.rerunSeed(context.containerClass().getSimpleName(), seed, implementation));
        Optional<Throwable> error = result.status() == PropertyExecutionResult.Status.FAILED ? result.throwable() : Optional.empty();
        AssertionError failure = new AssertionError(message + error.map(e -> "\nand a try failed on its own: " + e).orElse(""));
        error.ifPresent(failure::initCause);
        return result.mapToFailed(failure);
    }

    private static TraceRunner runnerOf(PropertyLifecycleContext context) {
        return Harnesses.runnerFor(Harnesses.implementationUnderTest(context.containerClass()),
                context.findAnnotation(ThroughFaultProxies.class).isPresent());
    }

    /** Where the shrunk trace of a property's {@code number}th finding is saved (see {@link #savedTrace(PropertyLifecycleContext, String, String)}). */
    static Path savedTrace(PropertyLifecycleContext context, String implementation, String seed, int number) {
        Path first = savedTrace(context, implementation, seed);
        String name = first.getFileName().toString();
        return first.resolveSibling(name.substring(0, name.length() - ".json".length()) + "-finding" + number + ".json");
    }

    /** Where a property's shrunk trace against an implementation is saved: one file per seed, so runs do not overwrite each other's. */
    static Path savedTrace(PropertyLifecycleContext context, String implementation, String seed) {
        // a pack's name is its location (sql:packs/mine): its slashes and colon would make folders of the file name
        return Paths.traces().resolve(context.containerClass().getSimpleName() + "-" + context.targetMethod().getName()
                + "-" + implementation.replaceAll("[^A-Za-z0-9._-]+", "_") + (seed == null ? "" : "-seed" + seed) + ".json");
    }

    /** The report a user reads first: verdict, table, seed, saved trace, and the commands that reproduce it. */
    private static String message(PropertyLifecycleContext context, PropertyExecutionResult result, String verdict, String table,
                                  Path saved, String implementation) {
        String seed = result.seed().orElse("?");
        return verdict + "\n" + table
                + "seed: " + seed + "\n"
                + "trace: " + Paths.fromRoot(saved) + "\n"
                + "replay the trace: " + Commands.replayTrace(saved) + "\n"
                + "re-run the seed:  " + Commands.rerunSeed(context.containerClass().getSimpleName(), seed, implementation) + "\n";
    }
}
