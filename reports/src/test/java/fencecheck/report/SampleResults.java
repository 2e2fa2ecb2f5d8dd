package fencecheck.report;

import fencecheck.check.Invariant;
import fencecheck.check.Violation;
import fencecheck.job.JobCommand;
import fencecheck.job.JobOutcome;
import fencecheck.job.JobRows;
import fencecheck.model.Command;
import fencecheck.model.KeyState;
import fencecheck.model.Lease;
import fencecheck.model.Outcome;
import fencecheck.model.SinkKind;
import fencecheck.model.StoredResult;
import fencecheck.run.HistoryEntry;
import fencecheck.run.HistoryEntry;
import fencecheck.run.OperationMetrics;
import fencecheck.run.Situation;
import fencecheck.trace.Action;
import fencecheck.trace.Action;
import fencecheck.trace.Step;
import fencecheck.trace.Trace;
import fencecheck.trace.NetworkFault;
import fencecheck.trace.Step;
import fencecheck.trace.TokenSource;
import fencecheck.trace.Trace;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Hand-made results, with payloads full of markup characters: article A's
 * acceptance case against an implementation whose sink ignores the token; a
 * lost grant answer retried against an acquire that is not idempotent, with
 * a zombie and a database crash; and two job failures (a takeover that does
 * not wait for the open job, and a consumer that applies a redelivered
 * message again after a committed job, a lock wait and a rolled-back one).
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
                statistics(37, false), metrics(), failure);
    }

    static RunResult passing() {
        return new RunResult(RunResult.SCHEMA_VERSION, "LeaseProtocolProperties.databaseAgreesWithModel", "reference", "", false,
                database(), RunResult.Status.PASSED, 300, 300, "8675309", "2026-11-30T09:00:00Z", 95_000, 0, null,
                statistics(300, true), metrics(), null);
    }

    static RunResult.DatabaseInfo database() {
        return new RunResult.DatabaseInfo("embedded", "embedded PostgreSQL 18.1",
                Map.of("fsync", "off", "synchronous_commit", "off", "server_version", "18.1"));
    }

    static RunResult.Statistics statistics(int tries, boolean judged) {
        Map<Situation, Integer> counts = new EnumMap<>(Situation.class);
        int n = 0;
        for (Situation s : Situation.values()) {
            counts.put(s, Math.max(0, tries / (3 + n++) - (s == Situation.FORGED_TOKEN ? tries / 8 : 0)));
        }
        return RunResult.Statistics.of(tries, 5.0, Situation.Group.INTERLEAVINGS, judged, counts);
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

    // --- a lease failure with a network fault, a restart, a zombie and a database crash ---------------------

    static Trace faultTrace() {
        return Trace.of("acquire-not-idempotent", List.of(
                Step.worker(2, new Action.Acquire("K2")),
                Step.nemesis(new Action.Restart("w2", true)),
                Step.nemesis(new Action.Network("w1", NetworkFault.RESPONSE_LOST)),
                Step.worker(1, new Action.Acquire("K1")),
                Step.clock(new Action.AdvanceBy(4_000_000L)),
                Step.zombie(2, new Action.Write(SinkKind.CURRENT_FENCE, TokenSource.HELD, "r1", NASTY)),
                Step.nemesis(new Action.CrashDatabase()),
                Step.worker(1, new Action.Retry())));
    }

    static RunResult faultFailing() {
        Trace trace = faultTrace();
        long later = 4_000_000L;
        Lease k1 = new Lease("w1.1", TTL, 1);
        KeyState granted = KeyState.EMPTY.withLease(k1);
        KeyState k2 = KeyState.EMPTY.withLease(new Lease("w2.1", TTL, 1));
        List<HistoryEntry> history = List.of(
                entry(trace, 1, "acquire K2 as w2.1 for 10.000000s", new Command.Acquire("K2", "w2.1", TTL), 0,
                        new Outcome.Granted(1, TTL), new Outcome.Granted(1, TTL), "K2", k2, k2),
                entry(trace, 2, "restart w2: w2.1 lives on as zombie z2; w2.2 takes over", null, 0, null, null, null, null, null),
                entry(trace, 3, "the network will lose the answer to the next statement of w1.1", null, 0, null, null, null, null, null),
                new HistoryEntry(4, "w1", trace.steps().get(3).action().toString(),
                        "acquire K1 as w1.1 for 10.000000s; the statement runs, its answer is lost, the client times out after 500 ms",
                        new Command.Acquire("K1", "w1.1", TTL), 0, new Outcome.Granted(1, TTL), null, "K1", granted, granted, null,
                        NetworkFault.RESPONSE_LOST.name()),
                entry(trace, 5, "clock to 4.000000s", new Command.AdvanceClock(later), later,
                        new Outcome.ClockAt(later), new Outcome.ClockAt(later), null, null, null),
                entry(trace, 6, "no-op: w2.1 is paused", null, later, null, null, null, null, null),
                entry(trace, 7, "the database crashes and restarts on the same data; every session reconnects", null, later,
                        null, null, null, null, null),
                entry(trace, 8, "acquire K1 as w1.1 for 10.000000s", new Command.Acquire("K1", "w1.1", TTL), later,
                        new Outcome.Granted(1, TTL), new Outcome.Busy(), "K1", granted, granted));
        String traceFile = "properties/target/fencecheck/traces/FaultProperties-faultsAgreeWithModel-acquire-not-idempotent--77.json";
        RunResult.Failure failure = new RunResult.Failure("divergence at step 8 (acquire K1 as w1.1 for 10.000000s): the model expected"
                + " Granted(token 1, until 10.000000s) but the database answered Busy", 8, List.of(), trace, history,
                new RunResult.Reproduction("-77", traceFile,
                        "mvn -q -pl harness -am compile exec:java -Dexec.args=\"replay " + traceFile + "\"",
                        "mvn verify -pl properties -am -Dsurefire.failIfNoSpecifiedTests=false -Dtest=FaultProperties -Dfencecheck.seed=-77"
                                + " -Dfencecheck.implementation=acquire-not-idempotent -Djqwik.failures.after.default=RANDOM_SEED"));
        return new RunResult(RunResult.SCHEMA_VERSION, "FaultProperties.faultsAgreeWithModel", "acquire-not-idempotent",
                "answers Busy when the holder asks again", true, database(), RunResult.Status.FAILED,
                12, 12, "-77", "2026-11-30T10:05:00Z", 4_321, 9, 23, null, metrics(), failure);
    }

    // --- job failures ----------------------------------------------------------------------------------------

    /** Builds a job history entry by entry, the step number counting the trace's steps. */
    static final class JobHistory {
        final List<Step> steps = new ArrayList<>();
        final List<HistoryEntry> entries = new ArrayList<>();
        long now;

        JobHistory step(String actor, Action action, String what, JobCommand command, JobOutcome expected, JobOutcome observed) {
            steps.add(new Step(actor, action));
            long at = now;
            if (command instanceof JobCommand.AdvanceClock c) {
                now = c.to();
            }
            entries.add(new HistoryEntry(steps.size(), false, actor, what, command, at, expected, observed, null, null, null, null));
            return this;
        }

        /** A statement that waited goes on at the current step, judged with the clock of its start. */
        JobHistory resumed(String actor, String what, JobCommand command, long startedAt, JobOutcome expected, JobOutcome observed) {
            entries.add(new HistoryEntry(steps.size(), true, actor, what, command, startedAt, expected, observed, null, null, null, null));
            return this;
        }

        /** The last entry, with the rows of {@code key} as the model and the database have them. */
        JobHistory rows(String key, JobRows model, JobRows database) {
            HistoryEntry e = entries.remove(entries.size() - 1);
            entries.add(new HistoryEntry(e.step(), e.resumed(), e.actor(), e.action(), e.command(), e.at(), e.expected(), e.observed(),
                    key, model, database, e.error()));
            return this;
        }

        JobHistory notRun(String actor, Action action) {
            steps.add(new Step(actor, action));
            return this;
        }
    }

    static JobOutcome answered(Outcome outcome) {
        return new JobOutcome.Answered(outcome);
    }

    static JobCommand lease(String session, Command command) {
        return new JobCommand.LeaseOperation(session, command);
    }

    static JobRows jobRows(Lease lease, Long jobState, Map<String, StoredResult> fenced, Map<String, StoredResult> business,
                           List<JobRows.Message> outbox, Map<String, Integer> effects) {
        return new JobRows(new KeyState(lease, null, new TreeMap<>(fenced)), jobState, new TreeMap<>(business), outbox, new TreeMap<>(effects));
    }

    /** check-then-write: the takeover does not wait for the open job's claim; it is granted at once. */
    static RunResult jobTakeoverFailing() {
        Lease held = new Lease("w2", TTL, 1);
        Lease taken = new Lease("w1", 2 * TTL + 1, 2);
        JobHistory h = new JobHistory()
                .step("w2", new Action.Acquire("K1"), "acquire K1", lease("w2", new Command.Acquire("K1", "w2", TTL)),
                        answered(new Outcome.Granted(1, TTL)), answered(new Outcome.Granted(1, TTL)))
                .step("w2", new Action.Begin(), "begin", new JobCommand.Begin("w2"), new JobOutcome.Begun(), new JobOutcome.Begun())
                .step("w2", new Action.Claim(), "claim K1 token 1", new JobCommand.Claim("w2", "K1", 1),
                        new JobOutcome.Claimed(1), new JobOutcome.Claimed(1))
                .step("clock", new Action.AdvanceToExpiry("K1", 1), "clock to 10.000001s", new JobCommand.AdvanceClock(TTL + 1),
                        new JobOutcome.ClockAt(TTL + 1), new JobOutcome.ClockAt(TTL + 1))
                .step("w1", new Action.Acquire("K1"), "acquire K1", lease("w1", new Command.Acquire("K1", "w1", TTL)),
                        new JobOutcome.Waiting(), answered(new Outcome.Granted(2, 2 * TTL + 1)))
                .rows("K1", jobRows(held, null, Map.of(), Map.of(), List.of(), Map.of()),
                        jobRows(taken, null, Map.of(), Map.of(), List.of(), Map.of()))
                .notRun("w2", new Action.BusinessRow("r1", NASTY))
                .notRun("w2", new Action.Commit());
        Trace trace = Trace.of("check-then-write", h.steps);
        String traceFile = "properties/target/fencecheck/traces/JobTransactionProperties-interleavedTransactionsAgreeWithModel-check-then-write-5.json";
        RunResult.Failure failure = new RunResult.Failure("divergence at step 5 (acquire K1): the model expected Waiting but the database"
                + " answered Granted(token 2, until 20.000001s)", 5, List.of(), null, null, trace, h.entries,
                new RunResult.Reproduction("5", traceFile, "mvn -q -pl harness -am compile exec:java -Dexec.args=\"replay " + traceFile + "\"",
                        "mvn verify -pl properties -am -Dsurefire.failIfNoSpecifiedTests=false -Dtest=JobTransactionProperties"
                                + " -Dfencecheck.seed=5 -Dfencecheck.implementation=check-then-write -Djqwik.failures.after.default=RANDOM_SEED"));
        return new RunResult(RunResult.SCHEMA_VERSION, "JobTransactionProperties.interleavedTransactionsAgreeWithModel", "check-then-write",
                "the job reads the fence in one statement and writes its job-state row in a later one", true, database(),
                RunResult.Status.FAILED, 4, 4, "5", "2026-11-30T10:10:00Z", 2_500, 6, 14, null, null, failure);
    }

    /**
     * non-idempotent-consumer: w1 writes, claims and commits while w2's takeover waits (it goes on at the
     * commit), w1's stale second job is refused and rolled back, w2 writes with its token, and the relay
     * crashes before marking the message: delivered again, the consumer applies it a second time.
     */
    static RunResult jobDuplicateEffectFailing() {
        Lease first = new Lease("w1", TTL, 1);
        Lease second = new Lease("w2", 2 * TTL + 1, 2);
        Map<String, StoredResult> fenced = Map.of("r0", new StoredResult(1, QUOTED), "r2", new StoredResult(2, QUOTED));
        Map<String, StoredResult> business = Map.of("r1", new StoredResult(1, NASTY));
        List<JobRows.Message> outbox = List.of(new JobRows.Message("r1", 1, NASTY, false));
        Command.Write w1Write = new Command.Write(SinkKind.CURRENT_FENCE, "K1", 1, "r0", QUOTED);
        Command.Write w2Write = new Command.Write(SinkKind.CURRENT_FENCE, "K1", 2, "r2", QUOTED);
        JobHistory h = new JobHistory()
                .step("w1", new Action.Acquire("K1"), "acquire K1", lease("w1", new Command.Acquire("K1", "w1", TTL)),
                        answered(new Outcome.Granted(1, TTL)), answered(new Outcome.Granted(1, TTL)))
                .step("w1", Action.Write.fenced("r0", QUOTED), "write K1 token 1 to fenced sink result r0 payload \"it's \\\"final\\\"\"",
                        new JobCommand.Write("w1", w1Write), answered(new Outcome.Applied()), answered(new Outcome.Applied()))
                .step("w1", new Action.Begin(), "begin", new JobCommand.Begin("w1"), new JobOutcome.Begun(), new JobOutcome.Begun())
                .step("w1", new Action.Claim(), "claim K1 token 1", new JobCommand.Claim("w1", "K1", 1),
                        new JobOutcome.Claimed(1), new JobOutcome.Claimed(1))
                .step("clock", new Action.AdvanceToExpiry("K1", 1), "clock to 10.000001s", new JobCommand.AdvanceClock(TTL + 1),
                        new JobOutcome.ClockAt(TTL + 1), new JobOutcome.ClockAt(TTL + 1))
                .step("w2", new Action.Acquire("K1"), "acquire K1", lease("w2", new Command.Acquire("K1", "w2", TTL)),
                        new JobOutcome.Waiting(), new JobOutcome.Waiting())
                .step("w1", new Action.BusinessRow("r1", NASTY), "business row r1 \"" + NASTY + "\"",
                        new JobCommand.BusinessRow("w1", "r1", NASTY), new JobOutcome.Inserted(), new JobOutcome.Inserted())
                .step("w1", new Action.OutboxRow("r1", NASTY), "outbox row r1 \"" + NASTY + "\"",
                        new JobCommand.OutboxRow("w1", "r1", NASTY), new JobOutcome.Inserted(), new JobOutcome.Inserted())
                .step("w1", new Action.Commit(), "commit", new JobCommand.Commit("w1"), new JobOutcome.Committed(), new JobOutcome.Committed())
                .resumed("w2", "acquire K1 as w2 for 10.000000s", lease("w2", new Command.Acquire("K1", "w2", TTL)), TTL + 1,
                        answered(new Outcome.Granted(2, 2 * TTL + 1)), answered(new Outcome.Granted(2, 2 * TTL + 1)))
                .step("w1", new Action.Begin(), "begin", new JobCommand.Begin("w1"), new JobOutcome.Begun(), new JobOutcome.Begun())
                .step("w1", new Action.Claim(), "claim K1 token 1", new JobCommand.Claim("w1", "K1", 1),
                        new JobOutcome.NotClaimed(), new JobOutcome.NotClaimed())
                .step("w1", new Action.BusinessRow("r2", "late"), "business row r2 \"late\"",
                        new JobCommand.BusinessRow("w1", "r2", "late"), new JobOutcome.Skipped(), new JobOutcome.Skipped())
                .step("w1", new Action.Rollback(), "rollback", new JobCommand.Rollback("w1"), new JobOutcome.RolledBack(), new JobOutcome.RolledBack())
                .step("w2", Action.Write.fenced("r2", QUOTED), "write K1 token 2 to fenced sink result r2 payload \"it's \\\"final\\\"\"",
                        new JobCommand.Write("w2", w2Write), answered(new Outcome.Applied()), answered(new Outcome.Applied()))
                .step("relay", new Action.Relay(true), "deliver the next message, crash before marking it", new JobCommand.Relay(true),
                        new JobOutcome.Delivered("K1", "r1", true, false), new JobOutcome.Delivered("K1", "r1", true, false))
                .step("relay", new Action.Redeliver(), "deliver the last message again", new JobCommand.Redeliver(),
                        new JobOutcome.Delivered("K1", "r1", false, false), new JobOutcome.Delivered("K1", "r1", true, false))
                .rows("K1", jobRows(second, 1L, fenced, business, outbox, Map.of("r1", 1)),
                        jobRows(second, 1L, fenced, business, outbox, Map.of("r1", 2)))
                .notRun("w2", new Action.Release());
        Trace trace = Trace.of("non-idempotent-consumer", h.steps);
        List<Violation> violations = List.of(new Violation(Invariant.EXACTLY_ONCE_EFFECT, 16,
                "the consumer applied K1/r1 twice (payload " + NASTY + ")"));
        String traceFile = "properties/target/fencecheck/traces/JobTransactionProperties-interleavedTransactionsAgreeWithModel-non-idempotent-consumer-9.json";
        RunResult.Failure failure = new RunResult.Failure("divergence at step 16 (deliver the last message again): the model expected"
                + " Delivered(K1/r1, no effect, not marked) but the database answered Delivered(K1/r1, effect, not marked); and invariant "
                + violations.get(0), 16, violations, null, null, trace, h.entries,
                new RunResult.Reproduction("9", traceFile, "mvn -q -pl harness -am compile exec:java -Dexec.args=\"replay " + traceFile + "\"",
                        "mvn verify -pl properties -am -Dsurefire.failIfNoSpecifiedTests=false -Dtest=JobTransactionProperties"
                                + " -Dfencecheck.seed=9 -Dfencecheck.implementation=non-idempotent-consumer -Djqwik.failures.after.default=RANDOM_SEED"));
        return new RunResult(RunResult.SCHEMA_VERSION, "JobTransactionProperties.interleavedTransactionsAgreeWithModel", "non-idempotent-consumer",
                "the consumer applies every delivery", true, database(), RunResult.Status.FAILED, 40, 40, "9", "2026-11-30T10:20:00Z",
                9_000, 31, 44, null, null, failure);
    }
}
