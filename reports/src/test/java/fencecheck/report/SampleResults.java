package fencecheck.report;

import fencecheck.check.Invariant;
import fencecheck.check.Violation;
import fencecheck.model.Command;
import fencecheck.model.KeyState;
import fencecheck.model.Lease;
import fencecheck.model.Outcome;
import fencecheck.model.SinkKind;
import fencecheck.model.StoredResult;
import fencecheck.run.HistoryEntry;
import fencecheck.run.OperationMetrics;
import fencecheck.run.Situation;
import fencecheck.trace.Action;
import fencecheck.trace.Step;
import fencecheck.trace.TokenSource;
import fencecheck.trace.Trace;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Hand-made results: article A's acceptance case against an implementation
 * whose sink ignores the token, with payloads full of markup characters.
 */
final class SampleResults {

    static final String NASTY = "<b>A&B</b>";
    static final String QUOTED = "it's \"final\"";
    static final long TTL = 10_000_000L;

    private SampleResults() {
    }

    static Trace trace() {
        return Trace.of("sink-ignores-token", List.of(
                Step.worker(1, new Action.Acquire("K1")),
                Step.nemesis(new Action.Pause("w1")),
                Step.clock(new Action.AdvanceToExpiry("K1", 1)),
                Step.worker(2, new Action.Acquire("K1")),
                Step.worker(2, new Action.Write(SinkKind.LATEST_TOKEN_WINS, TokenSource.HELD, "r1", QUOTED)),
                Step.nemesis(new Action.Resume("w1")),
                Step.worker(1, new Action.Write(SinkKind.LATEST_TOKEN_WINS, TokenSource.HELD, "r1", NASTY)),
                Step.worker(2, new Action.Renew())));
    }

    static List<HistoryEntry> history() {
        Trace trace = trace();
        Lease first = new Lease("w1.1", TTL, 1);
        Lease second = new Lease("w2.1", 2 * TTL + 1, 2);
        KeyState afterFirst = KeyState.EMPTY.withLease(first);
        KeyState afterSecond = KeyState.EMPTY.withLease(second);
        KeyState written = afterSecond.withLatest(new StoredResult(2, QUOTED));
        KeyState overwritten = afterSecond.withLatest(new StoredResult(1, NASTY));
        Command.Write late = new Command.Write(SinkKind.LATEST_TOKEN_WINS, "K1", 1, "r1", NASTY);
        Command.Write current = new Command.Write(SinkKind.LATEST_TOKEN_WINS, "K1", 2, "r1", QUOTED);
        return List.of(
                entry(trace, 1, "acquire K1 as w1.1 for 10.000000s", new Command.Acquire("K1", "w1.1", TTL), 0,
                        new Outcome.Granted(1, TTL), new Outcome.Granted(1, TTL), "K1", afterFirst, afterFirst),
                entry(trace, 2, "pause w1.1", null, 0, null, null, null, null, null),
                entry(trace, 3, "clock to 10.000001s", new Command.AdvanceClock(TTL + 1), TTL + 1,
                        new Outcome.ClockAt(TTL + 1), new Outcome.ClockAt(TTL + 1), null, null, null),
                entry(trace, 4, "acquire K1 as w2.1 for 10.000000s", new Command.Acquire("K1", "w2.1", TTL), TTL + 1,
                        new Outcome.Granted(2, 2 * TTL + 1), new Outcome.Granted(2, 2 * TTL + 1), "K1", afterSecond, afterSecond),
                entry(trace, 5, "write K1 token 2 to latest-token sink payload \"it's \\\"final\\\"\"", current, TTL + 1,
                        new Outcome.Applied(), new Outcome.Applied(), "K1", written, written),
                entry(trace, 6, "resume w1.1, still believing it holds K1 token 1", null, TTL + 1, null, null, null, null, null),
                entry(trace, 7, "write K1 token 1 to latest-token sink payload \"" + NASTY + "\"", late, TTL + 1,
                        new Outcome.Stale(), new Outcome.Applied(), "K1", written, overwritten));
    }

    private static HistoryEntry entry(Trace trace, int step, String resolved, Command command, long at,
                                      Outcome expected, Outcome observed, String key, KeyState expectedRows, KeyState observedRows) {
        Step s = trace.steps().get(step - 1);
        return new HistoryEntry(step, s.actor(), s.action().toString(), resolved, command, at, expected, observed,
                key, expectedRows, observedRows, null, null);
    }

    static RunResult failing() {
        List<HistoryEntry> history = history();
        HistoryEntry at = history.get(history.size() - 1);
        List<Violation> violations = List.of(new Violation(Invariant.NO_STALE_ACCEPTANCE, 7,
                "write to K1 accepted with token 1 after token 2 was accepted (payload " + NASTY + ")"));
        String verdict = "divergence at step 7 (" + at.resolved() + "): the model expected Stale but the database answered Applied"
                + "; and invariant " + violations.get(0);
        String traceFile = "/tmp/fencecheck/traces/LeaseProtocolProperties-databaseAgreesWithModel-sink-ignores-token.json";
        RunResult.Failure failure = new RunResult.Failure(verdict, 7, violations, trace(), history,
                new RunResult.Reproduction("-4242", traceFile,
                        "mvn -q -pl harness -am compile exec:java -Dexec.args=\"replay " + traceFile + "\"",
                        "mvn verify -pl properties -am -Dtest=LeaseProtocolProperties -Dfencecheck.seed=-4242 -Dfencecheck.implementation=sink-ignores-token"));
        return new RunResult(RunResult.SCHEMA_VERSION, "LeaseProtocolProperties.databaseAgreesWithModel", "sink-ignores-token",
                "both sinks accept any token & overwrite <what is stored>", true, database(), RunResult.Status.FAILED,
                37, 37, "-4242", "2026-11-30T10:00:00Z", 12_345, 21, 41,
                statistics(37), metrics(), failure);
    }

    static RunResult passing() {
        return new RunResult(RunResult.SCHEMA_VERSION, "LeaseProtocolProperties.databaseAgreesWithModel", "reference", "", false,
                database(), RunResult.Status.PASSED, 300, 300, "8675309", "2026-11-30T09:00:00Z", 95_000, 0, null,
                statistics(300), metrics(), null);
    }

    static RunResult.DatabaseInfo database() {
        return new RunResult.DatabaseInfo("embedded", "embedded PostgreSQL 18.1",
                Map.of("fsync", "off", "synchronous_commit", "off", "server_version", "18.1"));
    }

    static RunResult.Statistics statistics(int tries) {
        Map<Situation, Integer> counts = new EnumMap<>(Situation.class);
        int n = 0;
        for (Situation s : Situation.values()) {
            counts.put(s, Math.max(0, tries / (3 + n++) - (s == Situation.FORGED_TOKEN ? tries / 8 : 0)));
        }
        return RunResult.Statistics.of(tries, 5.0, Situation.Group.INTERLEAVINGS, true, counts);
    }

    static OperationMetrics.Snapshot metrics() {
        Map<OperationMetrics.Operation, OperationMetrics.OperationFigures> figures = new TreeMap<>();
        figures.put(OperationMetrics.Operation.ACQUIRE, new OperationMetrics.OperationFigures(420, 133, 310.0, 905.0, 1500.0, 2210.0));
        figures.put(OperationMetrics.Operation.RENEW, new OperationMetrics.OperationFigures(180, 61, 280.0, 700.0, 1100.0, 1300.0));
        figures.put(OperationMetrics.Operation.WRITE, new OperationMetrics.OperationFigures(510, 95, 350.0, 990.0, 1700.0, 24_000.0));
        List<OperationMetrics.ClockBucket> clock = List.of(
                new OperationMetrics.ClockBucket(0, 5_000_000L, 610, 80, 0, 0, 12, 9, 300.0, 900.0, 1400.0),
                new OperationMetrics.ClockBucket(5_000_000L, 10_000_000L, 120, 10, 1, 0, 3, 30, 320.0, 950.0, 1600.0),
                new OperationMetrics.ClockBucket(10_000_000L, 15_000_000L, 330, 43, 60, 0, 37, 14, 340.0, 990.0, 24_000.0));
        return new OperationMetrics.Snapshot(figures, 52, 7, 19, clock, null);
    }
}
