package fencecheck.properties;

import net.jqwik.api.lifecycle.AroundPropertyHook;
import net.jqwik.api.lifecycle.AroundTryHook;
import net.jqwik.api.lifecycle.PropagationMode;
import net.jqwik.api.lifecycle.PropertyExecutionResult;
import net.jqwik.api.lifecycle.PropertyExecutor;
import net.jqwik.api.lifecycle.PropertyLifecycleContext;
import net.jqwik.api.lifecycle.TryExecutionResult;
import net.jqwik.api.lifecycle.TryExecutor;
import net.jqwik.api.lifecycle.TryLifecycleContext;

import java.util.List;

/**
 * Times one property run: the tries (and their steps) up to and including the
 * first failing one, when it failed, and when the run (shrinking included) ended. Innermost
 * of the property hooks, so the failure report's file writing is not counted.
 */
public class SearchClock implements AroundPropertyHook, AroundTryHook {

    /** The figures of one property run, in nanoseconds of {@link System#nanoTime()}. */
    static final class Timing {
        final long started = System.nanoTime();
        volatile long firstFailure = -1;
        volatile long ended = -1;
        volatile int triesToFailure;
        volatile long stepsToFailure;
        /** Nanoseconds spent inside the tries before the first failure (the property method and the try hooks inside this one). */
        volatile long nanosInTries;
        volatile int triesAfterFailure;
        volatile int jqwikTries;
        volatile int shrinkingSteps;
        volatile String status;

        boolean failed() {
            return firstFailure >= 0;
        }

        double secondsToFailure() {
            return (firstFailure - started) / 1e9;
        }

        double secondsShrinking() {
            return (ended - firstFailure) / 1e9;
        }
    }

    private static volatile Timing last;

    /** The figures of the last property run that went through this hook. */
    static Timing last() {
        return last;
    }

    @Override
    public PropagationMode propagateTo() {
        return PropagationMode.ALL_DESCENDANTS;
    }

    @Override
    public int aroundPropertyProximity() {
        return 100;
    }

    @Override
    public PropertyExecutionResult aroundProperty(PropertyLifecycleContext context, PropertyExecutor property) {
        Timing timing = new Timing();
        last = timing;
        PropertyExecutionResult result = property.execute();
        timing.ended = System.nanoTime();
        timing.status = result.status().name();
        timing.jqwikTries = result.countTries();
        timing.shrinkingSteps = result.shrunkSample().map(s -> s.countShrinkingSteps()).orElse(0);
        return result;
    }

    @Override
    public TryExecutionResult aroundTry(TryLifecycleContext context, TryExecutor aTry, List<Object> parameters) {
        Timing timing = last;
        boolean searching = timing != null && !timing.failed();
        long started = System.nanoTime();
        TryExecutionResult result = aTry.execute(parameters);
        long nanos = System.nanoTime() - started;
        if (timing != null) {
            synchronized (timing) {
                if (searching) {
                    timing.triesToFailure++;
                    timing.nanosInTries += nanos;
                    timing.stepsToFailure += parameters.isEmpty() || !(parameters.get(0) instanceof List<?> steps) ? 0 : steps.size();
                    // a lock-step property records a failing try and goes on; another property fails it
                    if (result.isFalsified() || !PropertyFindings.failingTries().isEmpty()) {
                        timing.firstFailure = System.nanoTime();
                    }
                } else {
                    timing.triesAfterFailure++;
                }
            }
        }
        return result;
    }
}
