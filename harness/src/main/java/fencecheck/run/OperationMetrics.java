package fencecheck.run;

import fencecheck.api.Outcome;
import fencecheck.job.JobCommand;
import fencecheck.job.JobOutcome;
import fencecheck.model.Command;
import fencecheck.trace.Action;
import fencecheck.trace.Step;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The monitoring figures article A asks for, as observed against the
 * database over every try of a run: attempts and failures per operation,
 * stale-token rejections, duplicates, conflicts, latency percentiles, job
 * durations, and the same counts over the virtual clock (every try starts at
 * 0 s; a bucket sums all tries' steps whose clock fell in it), with the faults
 * injected in each bucket, so a chart can put failures next to their causes.
 */
public final class OperationMetrics {

    public enum Operation { ACQUIRE, RENEW, RELEASE, WRITE, ROLLED_BACK_WRITE, CLAIM }

    /** Width of one bucket of the virtual clock. */
    public static final long BUCKET_MICROS = 5_000_000L;
    /** Buckets kept; steps at a later clock count in the last one. */
    public static final int BUCKETS = 12;

    private final Map<Operation, Latencies> latencies = new EnumMap<>(Operation.class);
    private final Map<Operation, long[]> attempts = new EnumMap<>(Operation.class);
    private final Map<Operation, long[]> failures = new EnumMap<>(Operation.class);
    private final Bucket[] buckets = new Bucket[BUCKETS];
    private final Latencies jobDurations = new Latencies();
    private long jobsCommitted;
    private long jobsRolledBack;
    private long staleRejections;
    private long conflicts;
    private long duplicatesDelivered;

    public OperationMetrics() {
        clearBuckets();
    }

    /**
     * The wall latency of a lease operation or write that answered without
     * waiting for another session's lock (a wait's length is the harness's
     * doing, not the implementation's); its answer is counted by {@link #recordTry}.
     */
    public synchronized void latency(JobCommand statement, long nanos, long atMicros) {
        Command command = switch (statement) {
            case JobCommand.LeaseOperation l -> l.command();
            case JobCommand.Write w -> w.write();
            default -> null;
        };
        Operation op = command == null ? null : operationOf(command);
        if (op == null) {
            return;
        }
        latencies.computeIfAbsent(op, o -> new Latencies()).add(nanos);
        bucketAt(atMicros).latencies.add(nanos);
    }

    /**
     * A finished job try, from its history: its statements' answers (a lock-step runner's wall latency
     * of a statement that waited says nothing, so job statements carry no latency), how long each job
     * took on the virtual clock from begin to commit or rollback, and the relay's duplicate deliveries.
     */
    public synchronized void recordTry(TryResult tried) {
        Map<String, Long> begun = new HashMap<>();
        for (HistoryEntry e : tried.history()) {
            if (e.fault() != null || e.kind() == HistoryEntry.Kind.FAULT) {
                bucketAt(e.at()).faults++;
            }
            if (e.command() == null || e.observed() == null || e.observed() instanceof JobOutcome.Waiting) {
                continue;
            }
            Bucket bucket = bucketAt(e.at());
            switch (e.command()) {
                case JobCommand.LeaseOperation l -> count(operationOf(l.command()), answer(e.observed()), bucket);
                case JobCommand.Write w -> count(Operation.WRITE, answer(e.observed()), bucket);
                case JobCommand.Claim c -> {
                    attempts(Operation.CLAIM, bucket);
                    if (e.observed() instanceof JobOutcome.NotClaimed) {
                        failures.computeIfAbsent(Operation.CLAIM, o -> new long[1])[0]++;
                        bucket.claimFailures++;
                    }
                }
                case JobCommand.Begin b -> begun.put(b.session(), e.at());
                case JobCommand.Commit c -> endJob(begun.remove(c.session()), e.at(), true);
                case JobCommand.Rollback r -> endJob(begun.remove(r.session()), e.at(), false);
                case JobCommand.Relay r -> {
                    if (e.observed() instanceof JobOutcome.Delivered d && !d.effect()) {
                        duplicatesDelivered++;
                    }
                    if (r.crashBeforeMark()) {
                        bucket.faults++;
                    }
                }
                case JobCommand.Redeliver r -> {
                    duplicatesDelivered++;
                    bucket.faults++;
                }
                default -> {
                }
            }
        }
    }

    private void endJob(Long begunAt, long endedAt, boolean committed) {
        if (begunAt == null) {
            return;
        }
        // the histogram holds nanoseconds; a job's duration is virtual microseconds
        jobDurations.add((endedAt - begunAt) * 1000);
        if (committed) {
            jobsCommitted++;
        } else {
            jobsRolledBack++;
        }
    }

    private static Outcome answer(JobOutcome observed) {
        return observed instanceof JobOutcome.Answered a ? a.outcome() : null;
    }

    private static Operation operationOf(Command command) {
        return switch (command) {
            case Command.Acquire a -> Operation.ACQUIRE;
            case Command.Renew r -> Operation.RENEW;
            case Command.Release r -> Operation.RELEASE;
            case Command.Write w -> Operation.WRITE;
            case Command.RolledBackWrite r -> Operation.ROLLED_BACK_WRITE;
            case Command.AdvanceClock c -> null;
        };
    }

    private void attempts(Operation op, Bucket bucket) {
        attempts.computeIfAbsent(op, o -> new long[1])[0]++;
        bucket.operations++;
    }

    private void count(Operation op, Outcome seen, Bucket bucket) {
        if (op == null) {
            return;
        }
        attempts(op, bucket);
        if (seen == null || !Outcome.isSuccess(seen)) {
            failures.computeIfAbsent(op, o -> new long[1])[0]++;
            if (op == Operation.ACQUIRE) {
                bucket.acquireFailures++;
            } else if (op == Operation.RENEW) {
                bucket.renewFailures++;
            }
        }
        if (seen instanceof Outcome.Stale) {
            staleRejections++;
            bucket.staleRejections++;
        }
        if (seen instanceof Outcome.Conflict) {
            conflicts++;
        }
    }

    private Bucket bucketAt(long atMicros) {
        int index = (int) Math.min(BUCKETS - 1, Math.max(0, atMicros / BUCKET_MICROS));
        return buckets[index];
    }

    public synchronized void duplicateDelivered() {
        duplicatesDelivered++;
    }

    public synchronized Snapshot snapshot() {
        Map<Operation, OperationFigures> figures = new EnumMap<>(Operation.class);
        attempts.forEach((op, n) -> {
            Latencies l = latencies.get(op);
            long failed = failures.getOrDefault(op, new long[1])[0];
            figures.put(op, l == null ? new OperationFigures(n[0], failed, null, null, null, null) : l.figures(n[0], failed));
        });
        List<ClockBucket> clock = new ArrayList<>();
        int last = -1;
        for (int i = 0; i < BUCKETS; i++) {
            if (buckets[i].operations > 0 || buckets[i].faults > 0) {
                last = i;
            }
        }
        for (int i = 0; i <= last; i++) {
            Bucket b = buckets[i];
            clock.add(new ClockBucket(i * BUCKET_MICROS, i == BUCKETS - 1 ? null : (i + 1) * BUCKET_MICROS, b.operations,
                    b.acquireFailures, b.renewFailures, b.claimFailures, b.staleRejections, b.faults,
                    b.latencies.percentileMicros(0.50), b.latencies.percentileMicros(0.95), b.latencies.percentileMicros(0.99)));
        }
        JobDurations jobs = jobsCommitted + jobsRolledBack == 0 ? null : new JobDurations(jobsCommitted, jobsRolledBack,
                jobDurations.percentileMicros(0.50), jobDurations.percentileMicros(0.95), jobDurations.percentileMicros(0.99),
                jobDurations.percentileMicros(1.0));
        return new Snapshot(figures, staleRejections, conflicts, duplicatesDelivered, clock, jobs);
    }

    public synchronized void reset() {
        latencies.clear();
        attempts.clear();
        failures.clear();
        clearBuckets();
        jobDurations.clear();
        jobsCommitted = 0;
        jobsRolledBack = 0;
        staleRejections = 0;
        conflicts = 0;
        duplicatesDelivered = 0;
    }

    private void clearBuckets() {
        for (int i = 0; i < BUCKETS; i++) {
            buckets[i] = new Bucket();
        }
    }

    /**
     * Attempts, failures (Busy, rejected, not accepted, not claimed, or an error), and wall latency
     * percentiles in microseconds (null where the run measured none: job statements).
     */
    public record OperationFigures(long attempts, long failures, Double p50Micros, Double p95Micros, Double p99Micros,
                                   Double maxMicros) {
    }

    /**
     * One stretch of the virtual clock, summed over every try: operations answered, the failures
     * article A asks an operator to watch, faults injected, and the wall latency percentiles (µs) of
     * the lease operations answered in it (null when none was timed).
     *
     * @param toMicros the end of the stretch, or null for the last one, which takes every later step
     */
    public record ClockBucket(long fromMicros, Long toMicros, long operations, long acquireFailures, long renewFailures,
                              long claimFailures, long staleRejections, long faults,
                              Double p50Micros, Double p95Micros, Double p99Micros) {
    }

    /** Jobs that ended, and percentiles of their duration on the virtual clock (begin to commit or rollback), in µs. */
    public record JobDurations(long committed, long rolledBack, Double p50Micros, Double p95Micros, Double p99Micros,
                               Double maxMicros) {
    }

    /**
     * @param clock the virtual clock in buckets of {@link #BUCKET_MICROS}, up to the last one with a step
     * @param jobs  null when the run ended no job transaction
     */
    public record Snapshot(Map<Operation, OperationFigures> operations, long staleRejections, long conflicts,
                           long duplicatesDelivered, List<ClockBucket> clock, JobDurations jobs) {
        public Snapshot {
            clock = clock == null ? List.of() : List.copyOf(clock);
        }

        public Snapshot(Map<Operation, OperationFigures> operations, long staleRejections, long conflicts, long duplicatesDelivered) {
            this(operations, staleRejections, conflicts, duplicatesDelivered, List.of(), null);
        }
    }

    private static final class Bucket {
        long operations;
        long acquireFailures;
        long renewFailures;
        long claimFailures;
        long staleRejections;
        long faults;
        final Latencies latencies = new Latencies();
    }

    private static final class Latencies {
        private long[] nanos = new long[64];
        private int size;

        void add(long value) {
            if (size == nanos.length) {
                nanos = Arrays.copyOf(nanos, size * 2);
            }
            nanos[size++] = value;
        }

        void clear() {
            size = 0;
        }

        OperationFigures figures(long attempts, long failed) {
            return new OperationFigures(attempts, failed, percentileMicros(0.50), percentileMicros(0.95),
                    percentileMicros(0.99), percentileMicros(1.0));
        }

        Double percentileMicros(double p) {
            if (size == 0) {
                return null;
            }
            long[] sorted = Arrays.copyOf(nanos, size);
            Arrays.sort(sorted);
            int index = (int) Math.ceil(p * sorted.length) - 1;
            return sorted[Math.max(0, Math.min(index, sorted.length - 1))] / 1000.0;
        }
    }
}
