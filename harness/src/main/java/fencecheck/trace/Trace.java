package fencecheck.trace;

import fencecheck.model.Micros;

import java.util.List;

/**
 * A trace is plain data: the steps to run, the lease duration workers ask
 * for, and the implementation it was recorded against.
 */
public record Trace(int schemaVersion, String implementation, long leaseTtl, List<Step> steps) {

    public static final int SCHEMA_VERSION = 1;
    public static final long DEFAULT_LEASE_TTL = 10 * Micros.SECOND;

    public Trace {
        steps = List.copyOf(steps);
        if (leaseTtl <= 0) {
            throw new IllegalArgumentException("leaseTtl must be a positive number of microseconds, got " + leaseTtl);
        }
    }

    public static Trace of(String implementation, List<Step> steps) {
        return new Trace(SCHEMA_VERSION, implementation, DEFAULT_LEASE_TTL, steps);
    }

    public Trace withSteps(List<Step> newSteps) {
        return new Trace(schemaVersion, implementation, leaseTtl, newSteps);
    }

    /** Whether some step injects a network fault, so the workers' sessions must go through fault proxies. */
    public boolean needsFaultProxies() {
        return steps.stream().anyMatch(step -> step.action() instanceof Action.Network);
    }

    public Trace withImplementation(String name) {
        return new Trace(schemaVersion, name, leaseTtl, steps);
    }
}
