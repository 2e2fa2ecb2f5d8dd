package fencecheck.properties;

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
import java.util.Optional;

/**
 * Registered for every property: pins the seed when {@code -Dfencecheck.seed}
 * is given, and turns a failed trace into the report a user reads first: the
 * verdict, the shrunk trace as a table, the seed, the saved trace file and the
 * commands that replay it.
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
        PropertyExecutionResult result = property.execute();
        if (result.status() != PropertyExecutionResult.Status.FAILED) {
            return result;
        }
        TraceRunner runner = Harnesses.runnerFor(Harnesses.implementationUnderTest(context.containerClass()),
                context.findAnnotation(ThroughFaultProxies.class).isPresent());
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
