package fencecheck.run;

import fencecheck.model.Command;
import fencecheck.model.Outcome;

import java.util.Arrays;
import java.util.EnumMap;
import java.util.Map;

/**
 * The monitoring figures article A asks for, as observed against the
 * database over every try of a run: attempts and failures per operation,
 * stale-token rejections, duplicates, conflicts, and latency percentiles.
 */
public final class OperationMetrics {

    public enum Operation { ACQUIRE, RENEW, RELEASE, WRITE, ROLLED_BACK_WRITE }

    private final Map<Operation, Latencies> latencies = new EnumMap<>(Operation.class);
    private final Map<Operation, long[]> failures = new EnumMap<>(Operation.class);
    private long staleRejections;
    private long conflicts;
    private long duplicatesDelivered;

    public synchronized void record(Command command, Outcome observed, long nanos) {
        Operation op = switch (command) {
            case Command.Acquire a -> Operation.ACQUIRE;
            case Command.Renew r -> Operation.RENEW;
            case Command.Release r -> Operation.RELEASE;
            case Command.Write w -> Operation.WRITE;
            case Command.RolledBackWrite r -> Operation.ROLLED_BACK_WRITE;
            case Command.AdvanceClock c -> null;
        };
        if (op == null) {
            return;
        }
        latencies.computeIfAbsent(op, o -> new Latencies()).add(nanos);
        Outcome seen = observed instanceof Outcome.RolledBack r ? r.seen() : observed;
        if (seen == null || !Outcome.isSuccess(seen)) {
            failures.computeIfAbsent(op, o -> new long[1])[0]++;
        }
        if (seen instanceof Outcome.Stale) {
            staleRejections++;
        }
        if (seen instanceof Outcome.Conflict) {
            conflicts++;
        }
    }

    public synchronized void duplicateDelivered() {
        duplicatesDelivered++;
    }

    public synchronized Snapshot snapshot() {
        Map<Operation, OperationFigures> figures = new EnumMap<>(Operation.class);
        latencies.forEach((op, l) -> figures.put(op, l.figures(failures.getOrDefault(op, new long[1])[0])));
        return new Snapshot(figures, staleRejections, conflicts, duplicatesDelivered);
    }

    public synchronized void reset() {
        latencies.clear();
        failures.clear();
        staleRejections = 0;
        conflicts = 0;
        duplicatesDelivered = 0;
    }

    /** Attempts, failures (Busy, rejected, not accepted, or an error), and latency percentiles in microseconds. */
    public record OperationFigures(long attempts, long failures, double p50Micros, double p95Micros, double p99Micros, double maxMicros) {
    }

    public record Snapshot(Map<Operation, OperationFigures> operations, long staleRejections, long conflicts,
                           long duplicatesDelivered) {
    }

    private static final class Latencies {
        private long[] nanos = new long[1024];
        private int size;

        void add(long value) {
            if (size == nanos.length) {
                nanos = Arrays.copyOf(nanos, size * 2);
            }
            nanos[size++] = value;
        }

        OperationFigures figures(long failed) {
            long[] sorted = Arrays.copyOf(nanos, size);
            Arrays.sort(sorted);
            return new OperationFigures(size, failed, percentile(sorted, 0.50), percentile(sorted, 0.95),
                    percentile(sorted, 0.99), sorted.length == 0 ? 0 : sorted[sorted.length - 1] / 1000.0);
        }

        private static double percentile(long[] sorted, double p) {
            if (sorted.length == 0) {
                return 0;
            }
            int index = (int) Math.ceil(p * sorted.length) - 1;
            return sorted[Math.max(0, Math.min(index, sorted.length - 1))] / 1000.0;
        }
    }
}
