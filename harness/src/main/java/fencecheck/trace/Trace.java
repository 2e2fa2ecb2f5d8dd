package fencecheck.trace;

import fencecheck.model.Micros;

import java.util.List;

/**
 * A trace is plain data: the steps to run, the lease duration workers ask
 * for, and the implementation it was recorded against. Every step is a
 * statement of a session, a move of the clock, a step of the outbox relay or
 * a fault; a lease operation with no transaction open is its own transaction.
 */
public record Trace(int schemaVersion, String implementation, long leaseTtl, List<Step> steps) {

    /**
     * Version 3: one language for leases and jobs (version 1 held lease traces, version 2 job traces;
     * a rolled-back write is now begin, write, rollback, and a crash mid-write begin, write, restart).
     */
    public static final int SCHEMA_VERSION = 3;
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

    /** Whether some step injects a network fault, so the workers' sessions must go through fault proxies. */
    public boolean needsFaultProxies() {
        return steps.stream().anyMatch(step -> step.action() instanceof Action.Network);
    }

    /**
     * Whether it runs statements only an implementation with the job transaction has: a claim, a business or
     * outbox row, the relay. Begin, commit and rollback around lease operations and writes are not among them.
     */
    public boolean needsJobOperations() {
        return steps.stream().map(Step::action).anyMatch(a -> a instanceof Action.Claim || a instanceof Action.BusinessRow
                || a instanceof Action.OutboxRow || a instanceof Action.Relay || a instanceof Action.Redeliver);
    }

    public Trace withSteps(List<Step> newSteps) {
        return new Trace(schemaVersion, implementation, leaseTtl, newSteps);
    }

    public Trace withImplementation(String name) {
        return new Trace(schemaVersion, name, leaseTtl, steps);
    }
}
