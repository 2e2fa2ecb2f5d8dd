package fencecheck.trace;

import fencecheck.model.Micros;

import java.util.List;

/**
 * A trace of sessions whose statements interleave inside open transactions,
 * plus the outbox relay: plain data, saved and replayed like {@link Trace}.
 * {@code kind} is always {@value #KIND}, so a replay knows which runner it needs.
 */
public record JobTrace(int schemaVersion, String kind, String implementation, long leaseTtl, List<JobStep> steps) {

    public static final String KIND = "job";
    /** Version 2: writes to both sinks with a token source, lost grant receipts, the nemesis's faults and zombies. */
    public static final int SCHEMA_VERSION = 2;

    public JobTrace {
        steps = List.copyOf(steps);
        if (!KIND.equals(kind)) {
            throw new IllegalArgumentException("a job trace has kind \"" + KIND + "\", not " + kind);
        }
        if (leaseTtl <= 0) {
            throw new IllegalArgumentException("leaseTtl must be a positive number of microseconds, got " + leaseTtl);
        }
    }

    public static JobTrace of(String implementation, List<JobStep> steps) {
        return new JobTrace(SCHEMA_VERSION, KIND, implementation, 10 * Micros.SECOND, steps);
    }

    /** Whether some step injects a network fault, so the workers' sessions must go through fault proxies. */
    public boolean needsFaultProxies() {
        return steps.stream().anyMatch(step -> step.action() instanceof JobAction.Network);
    }

    public JobTrace withSteps(List<JobStep> newSteps) {
        return new JobTrace(schemaVersion, kind, implementation, leaseTtl, newSteps);
    }
}
