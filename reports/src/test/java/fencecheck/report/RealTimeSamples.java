package fencecheck.report;

import fencecheck.api.KeyState;
import fencecheck.api.Lease;
import fencecheck.api.Outcome;
import fencecheck.api.SinkKind;
import fencecheck.check.Invariant;
import fencecheck.check.RealTimeHistory;
import fencecheck.check.TimedOperation;
import fencecheck.check.Violation;
import fencecheck.model.Command;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Real-time failures as the real-time property records them: a full history of four workers on two keys, on the
 * server's clock (microseconds from the virtual clock's epoch, 2030, so a real instant is a large negative number),
 * and the few operations the shrinker kept.
 */
final class RealTimeSamples {

    /** 2026-11-30T10:00:00Z, on the model's time base: negative. */
    static final long START = (Instant.parse("2026-11-30T10:00:00Z").toEpochMilli() - Instant.parse("2030-01-01T00:00:00Z").toEpochMilli()) * 1000;
    static final long TTL = 150_000;
    /** The stale write the check refused: operation 7 of the full history. */
    static final int FAILING = 7;
    /** The grant the stale write was judged against. */
    static final List<Integer> JUDGED_AGAINST = List.of(3);

    private RealTimeSamples() {
    }

    /** A history of {@code operations} operations, one every 2 ms, spread over four workers and two keys. */
    static RealTimeHistory full(int operations) {
        List<TimedOperation> ops = new ArrayList<>();
        for (int id = 1; id <= operations; id++) {
            String process = "w" + (1 + id % 4);
            String key = "K" + (1 + id % 2);
            long invoke = START + 500 + id * 2_000L;
            long complete = invoke + 1_200;
            ops.add(switch (id % 3) {
                case 0 -> new TimedOperation(id, process, new Command.Acquire(key, process, TTL), invoke, complete,
                        new Outcome.Granted(id, invoke + 300 + TTL), "");
                case 1 -> new TimedOperation(id, process, new Command.Write(SinkKind.CURRENT_FENCE, key, id - 1, "r" + id, "p" + id),
                        invoke, complete, id == FAILING ? new Outcome.Applied() : new Outcome.Stale(), id == FAILING ? "after a pause" : "");
                default -> new TimedOperation(id, process, new Command.Renew(key, process, id - 2, TTL), invoke, complete,
                        id % 5 == 0 ? null : new Outcome.Renewed(invoke + 400 + TTL), id % 5 == 0 ? "answer lost" : "");
            });
        }
        Map<String, KeyState> rows = Map.of("K1", new KeyState(new Lease("w1", START + 2 * TTL, 3), null, new TreeMap<>()),
                "K2", new KeyState(new Lease("w2", START + 3 * TTL, 4), null, new TreeMap<>()));
        List<RealTimeHistory.Mark> marks = List.of(new RealTimeHistory.Mark("w4", START + 4_000, "paused"),
                new RealTimeHistory.Mark("w4", START + 9_000, "resumed"));
        return new RealTimeHistory(ops, rows, marks, START, 120);
    }

    /** A failing run whose full history has {@code operations} operations, shrunk to those 3 of them that tell the story. */
    static RunResult failing(int operations) {
        return failing(failure(operations, "safety"));
    }

    private static RunResult failing(RunResult.Failure failure) {
        return SampleResults.examined(new RunResult(RunResult.SCHEMA_VERSION, "RealTimeProperties.historiesAreLinearizable", "sink-ignores-token",
                "both sinks accept any token", true, SampleResults.database(), RunResult.Status.FAILED, 1, 1, "31337",
                "2026-11-30T10:00:00Z", 2_500, 0, null, null, null, failure));
    }

    /** Another worker's operation that overlaps the failing one, which shrinking put back: w2's renewal 5, its answer lost. */
    static final int OVERLAPPING = 5;

    /** The same run, its shrunk history with {@link #OVERLAPPING} put back. */
    static RunResult failingWithAnOverlappingOperation(int operations) {
        RunResult.Failure f = failure(operations, "safety");
        RunResult.RealTime rt = f.realTime();
        RealTimeHistory shrunk = rt.fullHistory().filter(o -> o.id() == 3 || o.id() == OVERLAPPING || o.id() == FAILING).ofKey("K2")
                .startingFrom(rt.history().startRows());
        RunResult.RealTime put = new RunResult.RealTime(shrunk, rt.fullHistory(), FAILING, false, operations, 2_000, 70, 4_242, 57, false,
                JUDGED_AGAINST, "safety", List.of(OVERLAPPING));
        return failing(new RunResult.Failure(f.verdict(), null, f.violations(), null, null, f.reproduce(), put));
    }

    /**
     * The failure of such a run, weighed {@code severity} ({@code safety}, {@code conformance}, or null as in a result
     * written before real-time failures were weighed).
     */
    static RunResult.Failure failure(int operations, String severity) {
        RealTimeHistory full = full(operations);
        RealTimeHistory shrunk = full.filter(o -> o.id() == 3 || o.id() == 6 || o.id() == FAILING).ofKey("K2")
                .startingFrom(Map.of("K2", KeyState.EMPTY.withLease(new Lease(RealTimeHistory.EARLIER_HOLDER, START, 2))));
        RunResult.RealTime rt = new RunResult.RealTime(shrunk, full, FAILING, false, operations, 2_000, 70, 4_242, 57, false, JUDGED_AGAINST,
                severity);
        return new RunResult.Failure("operation 7 (w4: write K2 token 6) answered Applied, but the model answers Stale",
                null, List.of(new Violation(Invariant.NO_STALE_ACCEPTANCE, FAILING, "write with token 6 accepted after token 7 was granted")),
                null, null, new RunResult.Reproduction("31337", null, null,
                "mvn verify -pl properties -am -Dtest=RealTimeProperties -Dfencecheck.seed=31337"), rt);
    }
}
