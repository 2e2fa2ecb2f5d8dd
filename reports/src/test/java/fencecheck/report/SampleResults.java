package fencecheck.report;

import fencecheck.api.Check;
import fencecheck.api.KeyState;
import fencecheck.api.Lease;
import fencecheck.api.Outcome;
import fencecheck.api.SinkKind;
import fencecheck.api.StoredResult;
import fencecheck.check.Invariant;
import fencecheck.check.Violation;
import fencecheck.job.JobCommand;
import fencecheck.job.JobOutcome;
import fencecheck.job.JobRows;
import fencecheck.model.Command;
import fencecheck.run.HistoryEntry;
import fencecheck.run.OperationMetrics;
import fencecheck.run.Situation;
import fencecheck.trace.Action;
import fencecheck.trace.NetworkFault;
import fencecheck.trace.Step;
import fencecheck.trace.Trace;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Hand-made results, with payloads full of markup characters, as histories of
 * the one trace language: article A's acceptance case against an
 * implementation whose sink ignores the token (a stale fenced write after a
 * takeover); a lost grant answer retried against an acquire that is not
 * idempotent, with a zombie and a database crash; and two job failures (a
 * takeover that does not wait for the open job, and a consumer that applies a
 * redelivered message again after a committed job, a lock wait and a
 * rolled-back one).
 */
final class SampleResults {

    static final String NASTY = "<b>A&B</b>";
    static final String QUOTED = "it's \"final\"";
    static final long TTL = 10_000_000L;

    private SampleResults() {
    }

    /**
     * w1 takes K1 and is paused past its expiry; w2 takes over and writes result r1 with token 2; w1,
     * resumed, still believes it holds token 1 and writes r1 with it: the model says Stale, the sink
     * that ignores the token answers Applied.
     */
    static History staleWrite() {
        Lease first = new Lease("w1", TTL, 1);
        Lease second = new Lease("w2", 2 * TTL + 1, 2);
        Command.Write current = new Command.Write(SinkKind.CURRENT_FENCE, "K1", 2, "r1", QUOTED);
        Command.Write late = new Command.Write(SinkKind.CURRENT_FENCE, "K1", 1, "r1", NASTY);
        Map<String, StoredResult> written = Map.of("r1", new StoredResult(2, QUOTED));
        Map<String, StoredResult> overwritten = Map.of("r1", new StoredResult(1, NASTY));
        return new History()
                .step(Step.worker(1, new Action.Acquire("K1")), "acquire K1", lease("w1", new Command.Acquire("K1", "w1", TTL)),
                        answered(new Outcome.Granted(1, TTL)), answered(new Outcome.Granted(1, TTL)))
                .rows("K1", jobRows(first, null, Map.of(), Map.of(), List.of(), Map.of()),
                        jobRows(first, null, Map.of(), Map.of(), List.of(), Map.of()))
                .fault(Step.nemesis(new Action.Pause("w1")), "pause w1")
                .step(Step.clock(new Action.AdvanceToExpiry("K1", 1)), "clock to 10.000001s", new JobCommand.AdvanceClock(TTL + 1),
                        new JobOutcome.ClockAt(TTL + 1), new JobOutcome.ClockAt(TTL + 1))
                .step(Step.worker(2, new Action.Acquire("K1")), "acquire K1", lease("w2", new Command.Acquire("K1", "w2", TTL)),
                        answered(new Outcome.Granted(2, 2 * TTL + 1)), answered(new Outcome.Granted(2, 2 * TTL + 1)))
                .rows("K1", jobRows(second, null, Map.of(), Map.of(), List.of(), Map.of()),
                        jobRows(second, null, Map.of(), Map.of(), List.of(), Map.of()))
                .step(Step.worker(2, Action.Write.fenced("r1", QUOTED)), "write K1 token 2 to fenced sink result r1 payload \"it's \\\"final\\\"\"",
                        new JobCommand.Write("w2", current), answered(new Outcome.Applied()), answered(new Outcome.Applied()))
                .rows("K1", jobRows(second, null, written, Map.of(), List.of(), Map.of()),
                        jobRows(second, null, written, Map.of(), List.of(), Map.of()))
                .note(Step.nemesis(new Action.Resume("w1")), "resume w1, still believing it holds K1 token 1")
                .step(Step.worker(1, Action.Write.fenced("r1", NASTY)), "write K1 token 1 to fenced sink result r1 payload \"" + NASTY + "\"",
                        new JobCommand.Write("w1", late), answered(new Outcome.Stale()), answered(new Outcome.Applied()))
                .rows("K1", jobRows(second, null, written, Map.of(), List.of(), Map.of()),
                        jobRows(second, null, overwritten, Map.of(), List.of(), Map.of()))
                .notRun(Step.worker(2, new Action.Renew()));
    }

    static RunResult failing() {
        History h = staleWrite();
        HistoryEntry at = h.entries.get(h.entries.size() - 1);
        List<Violation> violations = List.of(
                new Violation(Invariant.NO_STALE_ACCEPTANCE, 7, "fenced write r1 to K1 accepted with token 1 after token 2 was granted"),
                new Violation(Invariant.ACKNOWLEDGED_WRITE_KEPT, 7,
                        "acknowledged fenced write r1 of K1 (token 2) is now token 1 \"" + NASTY + "\""));
        String verdict = "divergence at step 7 (" + at.action() + "): the model expected Stale but the database answered Applied"
                + "; and invariant " + violations.get(0) + "; and invariant " + violations.get(1);
        String traceFile = "/tmp/fencecheck/traces/LeaseProtocolProperties-databaseAgreesWithModel-sink-ignores-token.json";
        RunResult.Failure failure = new RunResult.Failure(verdict, 7, violations, Trace.of("sink-ignores-token", h.steps), h.entries,
                new RunResult.Reproduction("-4242", traceFile,
                        "mvn -q -pl harness -am compile exec:java -Dexec.args=\"replay " + traceFile + "\"",
                        "mvn verify -pl properties -am -Dtest=LeaseProtocolProperties -Dfencecheck.seed=-4242 -Dfencecheck.implementation=sink-ignores-token"));
        return SampleResults.examined(new RunResult(RunResult.SCHEMA_VERSION, "LeaseProtocolProperties.databaseAgreesWithModel", "sink-ignores-token",
                "both sinks accept any token & overwrite <what is stored>", true, database(), RunResult.Status.FAILED,
                37, 37, "-4242", "2026-11-30T10:00:00Z", 12_345, 21, 41,
                statistics(37, false), metrics(), failure));
    }

    /** The test of fencecheck's own that runs the built-in variants inside itself, each against the property that declares it. */
    static final String VARIANT_TEST = "KnownBuggyVariantsTest.everyKnownBuggyVariantIsCaught [variant]";

    /** A built-in variant's run as fencecheck's own test runs it: a known bug that must be caught. */
    static RunResult examined(RunResult run) {
        return run.examinedBy(VARIANT_TEST);
    }

    static RunResult passing() {
        return new RunResult(RunResult.SCHEMA_VERSION, "LeaseProtocolProperties.databaseAgreesWithModel", "reference", "", false,
                database(), RunResult.Status.PASSED, 300, 300, "8675309", "2026-11-30T09:00:00Z", 95_000, 0, null,
                statistics(300, true), metrics(), null);
    }

    static RunResult.DatabaseInfo database() {
        return new RunResult.DatabaseInfo("embedded", "PostgreSQL 18.1 (embedded, linux-amd64)",
                Map.of("fsync", "off", "synchronous_commit", "off", "server_version", "18.1", "platform", "linux-amd64"));
    }

    static RunResult.Statistics statistics(int tries, boolean judged) {
        Map<Situation, Integer> counts = new EnumMap<>(Situation.class);
        int n = 0;
        for (Situation s : Situation.values()) {
            counts.put(s, Math.max(0, tries / (3 + n++) - (s == Situation.FORGED_TOKEN_WRITTEN ? tries / 8 : 0)));
        }
        return RunResult.Statistics.of(tries, 5.0, Check.LEASES, judged, counts);
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

    /**
     * w2 takes K2 and is restarted, living on as zombie z2; the network loses the answer to w1's acquire of K1;
     * the zombie, paused, cannot write; the database crashes and restarts; w1 retries its acquire as the same
     * owner, and the implementation answers Busy where the model grants again. The write after it never ran.
     */
    static RunResult faultFailing() {
        long later = 4_000_000L;
        Lease k1 = new Lease("w1", TTL, 1);
        Lease k2 = new Lease("w2", TTL, 1);
        JobRows granted = jobRows(k1, null, Map.of(), Map.of(), List.of(), Map.of());
        JobRows k2Granted = jobRows(k2, null, Map.of(), Map.of(), List.of(), Map.of());
        Command.Acquire acquire = new Command.Acquire("K1", "w1", TTL);
        History h = new History()
                .step(Step.worker(2, new Action.Acquire("K2")), "acquire K2", lease("w2", new Command.Acquire("K2", "w2", TTL)),
                        answered(new Outcome.Granted(1, TTL)), answered(new Outcome.Granted(1, TTL)))
                .rows("K2", k2Granted, k2Granted)
                .fault(Step.nemesis(new Action.Restart("w2", true)), "restart w2: w2 lives on as zombie z2, paused; w2.2 takes over")
                .note(Step.nemesis(new Action.Network("w1", NetworkFault.RESPONSE_LOST)), "the network will lose the answer of w1's next statement")
                .lost(Step.worker(1, new Action.Acquire("K1")), "w1", "acquire K1; it runs, its answer is lost, the client times out after"
                        + " 100 ms and drops its connection", lease("w1", acquire), answered(new Outcome.Granted(1, TTL)), NetworkFault.RESPONSE_LOST)
                .rows("K1", granted, granted)
                .step(Step.clock(new Action.AdvanceBy(later)), "clock to 4.000000s", new JobCommand.AdvanceClock(later),
                        new JobOutcome.ClockAt(later), new JobOutcome.ClockAt(later))
                .noOp(Step.zombie(2, Action.Write.fenced("r1", NASTY)), "w2", "(no-op) w2 is paused: write skipped")
                .step(Step.nemesis(new Action.CrashDatabase()), HistoryEntry.Kind.FAULT, Step.NEMESIS,
                        "the database crashes and restarts on the same data; open transactions vanish", new JobCommand.CrashDatabase(),
                        new JobOutcome.Restarted(), new JobOutcome.Restarted())
                .step(Step.worker(1, new Action.Retry()), "retry: acquire K1 as w1 for 10.000000s", lease("w1", acquire),
                        answered(new Outcome.Granted(1, TTL)), answered(new Outcome.Busy()))
                .rows("K1", granted, granted)
                .notRun(Step.worker(1, Action.Write.fenced("r1", NASTY)));
        Trace trace = Trace.of("acquire-not-idempotent", h.steps);
        String traceFile = "properties/target/fencecheck/traces/FaultProperties-faultsAgreeWithModel-acquire-not-idempotent--77.json";
        RunResult.Failure failure = new RunResult.Failure("divergence at step 8 (retry: acquire K1 as w1 for 10.000000s): the model expected"
                + " Granted(token 1, until 10.000000s) but the database answered Busy", 8, List.of(), trace, h.entries,
                new RunResult.Reproduction("-77", traceFile,
                        "mvn -q -pl harness -am compile exec:java -Dexec.args=\"replay " + traceFile + "\"",
                        "mvn verify -pl properties -am -Dsurefire.failIfNoSpecifiedTests=false -Dtest=FaultProperties -Dfencecheck.seed=-77"
                                + " -Dfencecheck.implementation=acquire-not-idempotent -Djqwik.failures.after.default=RANDOM_SEED"));
        return SampleResults.examined(new RunResult(RunResult.SCHEMA_VERSION, "FaultProperties.faultsAgreeWithModel", "acquire-not-idempotent",
                "answers Busy when the holder asks again", true, database(), RunResult.Status.FAILED,
                12, 12, "-77", "2026-11-30T10:05:00Z", 4_321, 9, 23, null, metrics(), failure));
    }

    // --- building histories --------------------------------------------------------------------------------

    /**
     * Builds a trace and the history of its try together, entry by entry, as the runner records it: each
     * method that takes a {@link Step} adds it to the trace and numbers its entries with it; the others add
     * another entry to the current step. The clock of an entry is the virtual time before its step.
     */
    static final class History {
        final List<Step> steps = new ArrayList<>();
        final List<HistoryEntry> entries = new ArrayList<>();
        long now;

        /** A step whose one entry is in the lane of the step's own actor. */
        History step(Step step, String what, JobCommand command, JobOutcome expected, JobOutcome observed) {
            return step(step, kindOf(command), step.actor(), what, command, expected, observed);
        }

        /** A step whose one entry is in the lane of {@code actor} (an incarnation such as {@code w1.2}, the zombie's own). */
        History step(Step step, String actor, String what, JobCommand command, JobOutcome expected, JobOutcome observed) {
            return step(step, kindOf(command), actor, what, command, expected, observed);
        }

        History step(Step step, HistoryEntry.Kind kind, String actor, String what, JobCommand command, JobOutcome expected,
                     JobOutcome observed) {
            steps.add(step);
            return add(kind, false, actor, what, command, now, expected, observed, null, null);
        }

        /** A statement that answered with an error instead of an outcome. */
        History error(Step step, String actor, String what, JobCommand command, JobOutcome expected, String error) {
            steps.add(step);
            return add(HistoryEntry.Kind.STATEMENT, false, actor, what, command, now, expected, null, error, null);
        }

        /** A statement whose request or answer the network lost: the model's answer says what the database did, if it ran. */
        History lost(Step step, String actor, String what, JobCommand command, JobOutcome expected, NetworkFault fault) {
            steps.add(step);
            return add(HistoryEntry.Kind.STATEMENT, false, actor, what, command, now, expected, null, null, fault.name());
        }

        /** A statement the network holds until a later step delivers it: it has not reached the database yet. */
        History held(Step step, String actor, String what) {
            steps.add(step);
            return add(HistoryEntry.Kind.NOTE, false, actor, what, null, now, null, null, null, NetworkFault.DELAYED.name());
        }

        /** A fault of the nemesis (a pause, a restart, a coordinator restart), in the lane of the worker it hits, as the runner records it. */
        History fault(Step step, String what) {
            return step(step, HistoryEntry.Kind.FAULT, laneOf(step), what, null, null, null);
        }

        /** A fault in the lane of the incarnation it hits (a restart ends the worker's current incarnation, e.g. {@code w1.2}). */
        History fault(Step step, String lane, String what) {
            return step(step, HistoryEntry.Kind.FAULT, lane, what, null, null, null);
        }

        /** What the nemesis arms or lets go on: a network fault for a worker's next statement, a resume. */
        History note(Step step, String what) {
            return step(step, HistoryEntry.Kind.NOTE, laneOf(step), what, null, null, null);
        }

        /** A fault aimed at a worker is in the worker's lane (its first incarnation, in these samples); others in the nemesis's. */
        private static String laneOf(Step step) {
            return step.action() instanceof Action.WorkerFault f ? f.worker() : step.actor();
        }

        /** A step that did not apply, in the lane of {@code actor}. */
        History noOp(Step step, String actor, String why) {
            return step(step, HistoryEntry.Kind.NO_OP, actor, why, null, null, null);
        }

        /** Another entry of the current step. */
        History also(HistoryEntry.Kind kind, String actor, String what, JobCommand command, JobOutcome expected, JobOutcome observed,
                     String fault) {
            return add(kind, false, actor, what, command, now, expected, observed, null, fault);
        }

        /** A statement that waited goes on at the current step, judged with the clock of its start. */
        History resumed(String actor, String what, JobCommand command, long startedAt, JobOutcome expected, JobOutcome observed) {
            return add(HistoryEntry.Kind.STATEMENT, true, actor, what, command, startedAt, expected, observed, null, null);
        }

        /** A transaction lost with its session's connection: it rolls back in the model too, at the current step. */
        History rolledBackWithConnection(String actor, String what, String fault) {
            return add(HistoryEntry.Kind.STATEMENT, true, actor, what, new JobCommand.Rollback(actor), now, new JobOutcome.RolledBack(),
                    new JobOutcome.RolledBack(), null, fault);
        }

        /** The last entry, with the rows of {@code key} as the model and the database have them. */
        History rows(String key, JobRows model, JobRows database) {
            HistoryEntry e = entries.remove(entries.size() - 1);
            entries.add(new HistoryEntry(e.step(), e.kind(), e.resumed(), e.actor(), e.action(), e.command(), e.at(), e.expected(),
                    e.observed(), key, model, database, e.error(), e.fault()));
            return this;
        }

        /** A step of the trace the try never reached. */
        History notRun(Step step) {
            steps.add(step);
            return this;
        }

        Trace trace(String implementation) {
            return Trace.of(implementation, steps);
        }

        private History add(HistoryEntry.Kind kind, boolean resumed, String actor, String what, JobCommand command, long at,
                            JobOutcome expected, JobOutcome observed, String error, String fault) {
            entries.add(new HistoryEntry(steps.size(), kind, resumed, actor, what, command, at, expected, observed, null, null, null,
                    error, fault));
            if (command instanceof JobCommand.AdvanceClock c) {
                now = Math.max(now, c.to());
            }
            return this;
        }

        private static HistoryEntry.Kind kindOf(JobCommand command) {
            return switch (command) {
                case null -> HistoryEntry.Kind.NO_OP;
                case JobCommand.AdvanceClock c -> HistoryEntry.Kind.CLOCK;
                case JobCommand.Relay r -> HistoryEntry.Kind.RELAY;
                case JobCommand.Redeliver r -> HistoryEntry.Kind.RELAY;
                case JobCommand.CrashDatabase c -> HistoryEntry.Kind.FAULT;
                default -> HistoryEntry.Kind.STATEMENT;
            };
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

    // --- job failures ----------------------------------------------------------------------------------------

    /** check-then-write: the takeover does not wait for the open job's claim; it is granted at once. */
    static RunResult jobTakeoverFailing() {
        Lease held = new Lease("w2", TTL, 1);
        Lease taken = new Lease("w1", 2 * TTL + 1, 2);
        History h = new History()
                .step(new Step("w2", new Action.Acquire("K1")), "acquire K1", lease("w2", new Command.Acquire("K1", "w2", TTL)),
                        answered(new Outcome.Granted(1, TTL)), answered(new Outcome.Granted(1, TTL)))
                .step(new Step("w2", new Action.Begin()), "begin", new JobCommand.Begin("w2"), new JobOutcome.Begun(), new JobOutcome.Begun())
                .step(new Step("w2", new Action.Claim()), "claim K1 token 1", new JobCommand.Claim("w2", "K1", 1),
                        new JobOutcome.Claimed(1), new JobOutcome.Claimed(1))
                .step(new Step("clock", new Action.AdvanceToExpiry("K1", 1)), "clock to 10.000001s", new JobCommand.AdvanceClock(TTL + 1),
                        new JobOutcome.ClockAt(TTL + 1), new JobOutcome.ClockAt(TTL + 1))
                .step(new Step("w1", new Action.Acquire("K1")), "acquire K1", lease("w1", new Command.Acquire("K1", "w1", TTL)),
                        new JobOutcome.Waiting(), answered(new Outcome.Granted(2, 2 * TTL + 1)))
                .rows("K1", jobRows(held, null, Map.of(), Map.of(), List.of(), Map.of()),
                        jobRows(taken, null, Map.of(), Map.of(), List.of(), Map.of()))
                .notRun(new Step("w2", new Action.BusinessRow("r1", NASTY)))
                .notRun(new Step("w2", new Action.Commit()));
        Trace trace = Trace.of("check-then-write", h.steps);
        String traceFile = "properties/target/fencecheck/traces/JobTransactionProperties-interleavedTransactionsAgreeWithModel-check-then-write-5.json";
        RunResult.Failure failure = new RunResult.Failure("divergence at step 5 (acquire K1): the model expected Waiting but the database"
                + " answered Granted(token 2, until 20.000001s)", 5, List.of(), trace, h.entries,
                new RunResult.Reproduction("5", traceFile, "mvn -q -pl harness -am compile exec:java -Dexec.args=\"replay " + traceFile + "\"",
                        "mvn verify -pl properties -am -Dsurefire.failIfNoSpecifiedTests=false -Dtest=JobTransactionProperties"
                                + " -Dfencecheck.seed=5 -Dfencecheck.implementation=check-then-write -Djqwik.failures.after.default=RANDOM_SEED"));
        return SampleResults.examined(new RunResult(RunResult.SCHEMA_VERSION, "JobTransactionProperties.interleavedTransactionsAgreeWithModel", "check-then-write",
                "the job reads the fence in one statement and writes its job-state row in a later one", true, database(),
                RunResult.Status.FAILED, 4, 4, "5", "2026-11-30T10:10:00Z", 2_500, 6, 14, null, null, failure));
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
        History h = new History()
                .step(new Step("w1", new Action.Acquire("K1")), "acquire K1", lease("w1", new Command.Acquire("K1", "w1", TTL)),
                        answered(new Outcome.Granted(1, TTL)), answered(new Outcome.Granted(1, TTL)))
                .step(new Step("w1", Action.Write.fenced("r0", QUOTED)), "write K1 token 1 to fenced sink result r0 payload \"it's \\\"final\\\"\"",
                        new JobCommand.Write("w1", w1Write), answered(new Outcome.Applied()), answered(new Outcome.Applied()))
                .step(new Step("w1", new Action.Begin()), "begin", new JobCommand.Begin("w1"), new JobOutcome.Begun(), new JobOutcome.Begun())
                .step(new Step("w1", new Action.Claim()), "claim K1 token 1", new JobCommand.Claim("w1", "K1", 1),
                        new JobOutcome.Claimed(1), new JobOutcome.Claimed(1))
                .step(new Step("clock", new Action.AdvanceToExpiry("K1", 1)), "clock to 10.000001s", new JobCommand.AdvanceClock(TTL + 1),
                        new JobOutcome.ClockAt(TTL + 1), new JobOutcome.ClockAt(TTL + 1))
                .step(new Step("w2", new Action.Acquire("K1")), "acquire K1", lease("w2", new Command.Acquire("K1", "w2", TTL)),
                        new JobOutcome.Waiting(), new JobOutcome.Waiting())
                .step(new Step("w1", new Action.BusinessRow("r1", NASTY)), "business row r1 \"" + NASTY + "\"",
                        new JobCommand.BusinessRow("w1", "r1", NASTY), new JobOutcome.Inserted(), new JobOutcome.Inserted())
                .step(new Step("w1", new Action.OutboxRow("r1", NASTY)), "outbox row r1 \"" + NASTY + "\"",
                        new JobCommand.OutboxRow("w1", "r1", NASTY), new JobOutcome.Inserted(), new JobOutcome.Inserted())
                .step(new Step("w1", new Action.Commit()), "commit", new JobCommand.Commit("w1"), new JobOutcome.Committed(), new JobOutcome.Committed())
                .resumed("w2", "acquire K1", lease("w2", new Command.Acquire("K1", "w2", TTL)), TTL + 1,
                        answered(new Outcome.Granted(2, 2 * TTL + 1)), answered(new Outcome.Granted(2, 2 * TTL + 1)))
                .step(new Step("w1", new Action.Begin()), "begin", new JobCommand.Begin("w1"), new JobOutcome.Begun(), new JobOutcome.Begun())
                .step(new Step("w1", new Action.Claim()), "claim K1 token 1", new JobCommand.Claim("w1", "K1", 1),
                        new JobOutcome.NotClaimed(), new JobOutcome.NotClaimed())
                .step(new Step("w1", new Action.BusinessRow("r2", "late")), "business row r2 \"late\"",
                        new JobCommand.BusinessRow("w1", "r2", "late"), new JobOutcome.Skipped(), new JobOutcome.Skipped())
                .step(new Step("w1", new Action.Rollback()), "rollback", new JobCommand.Rollback("w1"), new JobOutcome.RolledBack(), new JobOutcome.RolledBack())
                .step(new Step("w2", Action.Write.fenced("r2", QUOTED)), "write K1 token 2 to fenced sink result r2 payload \"it's \\\"final\\\"\"",
                        new JobCommand.Write("w2", w2Write), answered(new Outcome.Applied()), answered(new Outcome.Applied()))
                .step(new Step("relay", new Action.Relay(true)), "deliver the next message, crash before marking it", new JobCommand.Relay(true),
                        new JobOutcome.Delivered("K1", "r1", true, false), new JobOutcome.Delivered("K1", "r1", true, false))
                .step(new Step("relay", new Action.Redeliver()), "deliver the last message again", new JobCommand.Redeliver(),
                        new JobOutcome.Delivered("K1", "r1", false, false), new JobOutcome.Delivered("K1", "r1", true, false))
                .rows("K1", jobRows(second, 1L, fenced, business, outbox, Map.of("r1", 1)),
                        jobRows(second, 1L, fenced, business, outbox, Map.of("r1", 2)))
                .notRun(new Step("w2", new Action.Release()));
        Trace trace = Trace.of("non-idempotent-consumer", h.steps);
        List<Violation> violations = List.of(new Violation(Invariant.EXACTLY_ONCE_EFFECT, 16,
                "the consumer applied K1/r1 twice (payload " + NASTY + ")"));
        String traceFile = "properties/target/fencecheck/traces/JobTransactionProperties-interleavedTransactionsAgreeWithModel-non-idempotent-consumer-9.json";
        RunResult.Failure failure = new RunResult.Failure("divergence at step 16 (deliver the last message again): the model expected"
                + " Delivered(K1/r1, no effect, not marked) but the database answered Delivered(K1/r1, effect, not marked); and invariant "
                + violations.get(0), 16, violations, trace, h.entries,
                new RunResult.Reproduction("9", traceFile, "mvn -q -pl harness -am compile exec:java -Dexec.args=\"replay " + traceFile + "\"",
                        "mvn verify -pl properties -am -Dsurefire.failIfNoSpecifiedTests=false -Dtest=JobTransactionProperties"
                                + " -Dfencecheck.seed=9 -Dfencecheck.implementation=non-idempotent-consumer -Djqwik.failures.after.default=RANDOM_SEED"));
        return SampleResults.examined(new RunResult(RunResult.SCHEMA_VERSION, "JobTransactionProperties.interleavedTransactionsAgreeWithModel", "non-idempotent-consumer",
                "the consumer applies every delivery", true, database(), RunResult.Status.FAILED, 40, 40, "9", "2026-11-30T10:20:00Z",
                9_000, 31, 44, null, null, failure));
    }
}
