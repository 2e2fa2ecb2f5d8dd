package fencecheck.report;

import fencecheck.api.Check;
import fencecheck.run.OperationMetrics;
import fencecheck.run.OperationMetrics.ClockBucket;
import fencecheck.run.OperationMetrics.Operation;
import fencecheck.run.OperationMetrics.OperationFigures;
import fencecheck.run.Situation;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Runs of every kind the index tells apart, built from {@link SampleResults}: a reference that passed
 * with figures over the whole virtual clock, a job property's reference with job durations and no
 * latency, a known-buggy variant caught, one missed, a reference that failed, and a variant that failed
 * without a trace.
 */
final class IndexSamples {

    static final String JOB_PROPERTY = "JobTransactionProperties.interleavedTransactionsAgreeWithModel";

    private IndexSamples() {
    }

    /** A passed reference run whose monitoring covers 12 buckets of the clock, with faults in some and no latency in one. */
    static RunResult referencePassed() {
        return withMonitoring(SampleResults.passing(), leaseMonitoring());
    }

    static RunResult variantCaught() {
        return SampleResults.failing();
    }

    /** The sample variant, passed: the harness missed it. */
    static RunResult variantMissed() {
        RunResult failing = SampleResults.failing();
        return SampleResults.examined(new RunResult(RunResult.SCHEMA_VERSION, failing.property(), "renew-ignores-token", "renew matches the owner only", true,
                failing.database(), RunResult.Status.PASSED, 300, 300, "11", failing.startedAt(), 90_000, 0, null,
                SampleResults.statistics(300, true), SampleResults.metrics(), null));
    }

    /** The reference, failed with the sample's trace: an unexpected failure. */
    static RunResult referenceFailed() {
        RunResult failing = SampleResults.failing();
        return new RunResult(RunResult.SCHEMA_VERSION, "FaultProperties.networkFaultsAndRestarts", "reference", "", false,
                failing.database(), RunResult.Status.FAILED, 17, 17, "-99", failing.startedAt(), 7_000, 5, 41,
                faultStatistics(17, false), SampleResults.metrics(), failing.failure());
    }

    /** A known-buggy variant that failed with an error and no trace: not a catch. */
    static RunResult variantErrored() {
        RunResult failing = SampleResults.failing();
        return SampleResults.examined(new RunResult(RunResult.SCHEMA_VERSION, failing.property(), "stable-owner", "", true,
                failing.database(), RunResult.Status.ABORTED, 1, 1, "3", failing.startedAt(), 10, 0, null, null, null,
                RunResult.Failure.withoutTrace("the database went away " + SampleResults.NASTY, null)));
    }

    /** The job property's reference, passed: job durations, claim failures, statements without latency. */
    static RunResult jobReferencePassed() {
        List<RunResult.SituationCount> situations = List.of(
                new RunResult.SituationCount("WAIT_OBSERVED", "a statement waited for a row lock", 79, 5.0),
                new RunResult.SituationCount("WAIT_RESOLVED_BY_COMMIT", "a waiting statement went on when the holder committed", 52, 5.0),
                new RunResult.SituationCount("STALE_CLAIM_REFUSED", "a claim with an old token affected zero rows", 23, 5.0),
                new RunResult.SituationCount("RELAY_CRASH", "the relay crashed between delivering and marking", 45, 5.0));
        Map<Operation, OperationFigures> figures = new TreeMap<>();
        figures.put(Operation.ACQUIRE, new OperationFigures(900, 310, null, null, null, null));
        figures.put(Operation.CLAIM, new OperationFigures(700, 80, null, null, null, null));
        figures.put(Operation.WRITE, new OperationFigures(400, 20, null, null, null, null));
        List<ClockBucket> clock = List.of(
                new ClockBucket(0, 5_000_000L, 1500, 250, 0, 60, 0, 40, null, null, null),
                new ClockBucket(5_000_000L, 10_000_000L, 300, 40, 0, 15, 0, 4, null, null, null),
                new ClockBucket(10_000_000L, 15_000_000L, 200, 20, 0, 5, 0, 0, null, null, null));
        OperationMetrics.Snapshot monitoring = new OperationMetrics.Snapshot(figures, 0, 0, 52, clock,
                new OperationMetrics.JobDurations(165, 106, 0.0, 10_000_001.0, 10_000_001.0, 20_000_002.0));
        return new RunResult(RunResult.SCHEMA_VERSION, JOB_PROPERTY, "reference", "", false, SampleResults.database(),
                RunResult.Status.PASSED, 300, 300, "42", "2026-11-30T09:30:00Z", 60_000, 0, null,
                new RunResult.Statistics(300, 5.0, true, situations), monitoring, null);
    }

    /** Every kind of run at once: one of each, as a report of a build gone wrong would show them. */
    static List<RunResult> mixed() {
        return List.of(variantCaught(), referencePassed(), variantMissed(), referenceFailed(), jobReferencePassed(), variantErrored(),
                SampleResults.faultFailing(), SampleResults.jobTakeoverFailing());
    }

    /**
     * Counts of the lease network-fault group's situations (those of FaultProperties.networkFaultsAndRestarts, with a
     * 5 % floor) next to every other group's counts, which that property does not declare: all at 0.
     */
    static RunResult.Statistics faultStatistics(int tries, boolean judged) {
        Map<Situation, Integer> counts = new EnumMap<>(Situation.class);
        for (Situation s : Situation.of(Check.LEASE_FAULTS)) {
            counts.put(s, tries / 2);
        }
        return RunResult.Statistics.of(tries, 5.0, Check.LEASE_FAULTS, judged, counts);
    }

    static RunResult withMonitoring(RunResult r, OperationMetrics.Snapshot monitoring) {
        return new RunResult(r.schemaVersion(), r.property(), r.implementation(), r.implementationNote(), r.knownBuggyVariant(),
                r.database(), r.status(), r.tries(), r.checks(), r.seed(), r.startedAt(), r.durationMillis(), r.shrinkingSteps(),
                r.originalTraceSize(), r.statistics(), monitoring, r.failure()).examinedBy(r.examinedBy());
    }

    static RunResult withStatistics(RunResult r, RunResult.Statistics statistics) {
        return new RunResult(r.schemaVersion(), r.property(), r.implementation(), r.implementationNote(), r.knownBuggyVariant(),
                r.database(), r.status(), r.tries(), r.checks(), r.seed(), r.startedAt(), r.durationMillis(), r.shrinkingSteps(),
                r.originalTraceSize(), statistics, r.monitoring(), r.failure()).examinedBy(r.examinedBy());
    }

    /** 12 buckets of 5 s: a busy start, faults injected in the middle with failures after them, an empty bucket, latency spikes. */
    static OperationMetrics.Snapshot leaseMonitoring() {
        List<ClockBucket> clock = new ArrayList<>();
        for (int i = 0; i < OperationMetrics.BUCKETS; i++) {
            long from = i * OperationMetrics.BUCKET_MICROS;
            Long to = i == OperationMetrics.BUCKETS - 1 ? null : from + OperationMetrics.BUCKET_MICROS;
            long faults = i >= 3 && i <= 6 ? (i - 2) * 6L : 0;
            boolean empty = i == 9;
            clock.add(new ClockBucket(from, to, empty ? 0 : 400 - 25L * i, empty ? 0 : 30 + faults, empty ? 0 : 4 + i,
                    0, empty ? 0 : 12 + 2 * faults, faults,
                    empty ? null : 300.0 + 20 * i, empty ? null : 900.0 + 80 * faults, empty ? null : 1400.0 + 400 * faults));
        }
        Map<Operation, OperationFigures> figures = new TreeMap<>(SampleResults.metrics().operations());
        figures.put(Operation.RELEASE, new OperationFigures(95, 0, 250.0, 600.0, 800.0, 900.0));
        figures.put(Operation.ROLLED_BACK_WRITE, new OperationFigures(60, 2, 400.0, 1000.0, 1200.0, 1300.0));
        return new OperationMetrics.Snapshot(figures, 52, 7, 19, clock, null);
    }
}
