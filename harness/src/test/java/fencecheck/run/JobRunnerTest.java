package fencecheck.run;

import fencecheck.api.LeaseProtocol;
import fencecheck.api.ModelConfig;
import fencecheck.api.Outcome;
import fencecheck.check.Invariant;
import fencecheck.check.Violation;
import fencecheck.db.Databases;
import fencecheck.job.JobOutcome;
import fencecheck.protocol.Alternatives;
import fencecheck.protocol.Implementations;
import fencecheck.protocol.JobClient;
import fencecheck.protocol.SqlLeaseProtocol;
import fencecheck.trace.Action;
import fencecheck.trace.NetworkFault;
import fencecheck.trace.Step;
import fencecheck.trace.Trace;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Hand-written job traces: waits as PostgreSQL shows them, and the model's judgement of each statement once it completes. */
class JobRunnerTest {

    /** A takeover while the old holder's job is open waits, and is granted when the job commits. */
    static final List<Step> TAKEOVER_WAITS_FOR_OPEN_JOB = List.of(
            new Step("w1", new Action.Acquire("K1")),
            new Step("w1", new Action.Begin()),
            new Step("w1", new Action.Claim()),
            new Step("clock", new Action.AdvanceToExpiry("K1", 1)),
            new Step("w2", new Action.Acquire("K1")),
            new Step("w1", new Action.BusinessRow("r1", "done")),
            new Step("w1", new Action.OutboxRow("r1", "done")),
            new Step("w1", new Action.Commit()),
            new Step("relay", new Action.Relay(true)),
            new Step("relay", new Action.Relay(false)),
            new Step("relay", new Action.Redeliver()));

    private static TryResult run(String implementation, List<Step> steps) {
        return FreshRunner.run(implementation, steps);
    }

    @Test
    void theReferenceAgreesWithTheModelOnEveryStatementIncludingTheOneThatWaited() {
        TryResult result = run("reference", TAKEOVER_WAITS_FOR_OPEN_JOB);
        assertThat(result.passed()).as(result.verdict() + "\n" + TraceTable.render(result)).isTrue();
        assertThat(result.history().get(4).observed()).isEqualTo(new JobOutcome.Waiting());
        assertThat(result.situations()).contains(Situation.WAIT_OBSERVED, Situation.WAIT_RESOLVED_BY_COMMIT,
                Situation.TAKEOVER_WHILE_JOB_OPEN, Situation.RELAY_CRASH, Situation.DUPLICATE_DELIVERY);
    }

    /**
     * check-then-write holds nothing after its check, so the takeover does not
     * wait: the model takes that as the database shows it, and the stale job's
     * commit after the takeover is what breaks (invariant 1), not the missing wait.
     */
    @Test
    void checkThenWriteIsCaughtByItsStaleCommitNotByTheWaitItSkips() {
        TryResult result = run("check-then-write", TAKEOVER_WAITS_FOR_OPEN_JOB);
        assertThat(result.passed()).isFalse();
        assertThat(result.divergent()).as(TraceTable.render(result)).isNull();
        assertThat(result.history().get(4).observed()).isEqualTo(new JobOutcome.Answered(
                new Outcome.Granted(2, 20_000_001)));
        assertThat(result.violations()).extracting(Violation::invariant)
                .containsExactly(Invariant.NO_STALE_ACCEPTANCE);
        assertThat(result.violations().get(0).step()).isEqualTo(8);

        try (TraceRunner strict = new TraceRunner(Databases.shared(), Implementations.select("check-then-write"),
                TraceRunner.STATEMENT_MILLIS, true)) {
            TryResult held = strict.run(Trace.of("check-then-write", TAKEOVER_WAITS_FOR_OPEN_JOB));
            assertThat(held.divergent().step()).as("under the strict check, the skipped wait is the finding").isEqualTo(5);
            assertThat(held.divergent().expected()).isEqualTo(new JobOutcome.Waiting());
        }
    }

    private static Step w(int n, Action action) {
        return new Step("w" + n, action);
    }

    /**
     * A waiting acquire answers with the clock of its own start: it began
     * before the lease expired, so once the claim commits after the expiry it
     * is still Busy (READ COMMITTED re-checks the row, not the clock).
     */
    @Test
    void aWaitingAcquireIsJudgedWithTheClockOfItsStart() {
        TryResult result = run("reference", List.of(
                w(1, new Action.Acquire("K1")),
                w(1, new Action.Begin()),
                w(1, new Action.Claim()),
                new Step("clock", new Action.AdvanceToExpiry("K1", -1)),
                w(2, new Action.Acquire("K1")),
                new Step("clock", new Action.AdvanceToExpiry("K1", 5)),
                w(1, new Action.Commit())));
        assertThat(result.passed()).as(result.verdict() + "\n" + TraceTable.render(result)).isTrue();
        HistoryEntry resumed = result.history().stream().filter(HistoryEntry::resumed).findFirst().orElseThrow();
        assertThat(resumed.observed()).isEqualTo(new JobOutcome.Answered(new Outcome.Busy()));
    }

    /** The holder's renew waits behind another session's fenced write in a transaction (FOR SHARE), and goes on at its rollback. */
    @Test
    void aRenewWaitsForAStaleWritersShareLockAndGoesOnAtItsRollback() {
        TryResult result = run("reference", List.of(
                w(1, new Action.Acquire("K1")),
                new Step("clock", new Action.AdvanceToExpiry("K1", 1)),
                w(2, new Action.Acquire("K1")),
                w(1, new Action.Begin()),
                w(1, Action.Write.fenced("r1", "late")),
                w(2, new Action.Renew()),
                w(1, new Action.Rollback())));
        assertThat(result.passed()).as(result.verdict() + "\n" + TraceTable.render(result)).isTrue();
        assertThat(result.history().get(5).observed()).isEqualTo(new JobOutcome.Waiting());
        assertThat(result.situations()).contains(Situation.WAIT_RESOLVED_BY_ROLLBACK);
    }

    /** A takeover waits for the holder's fenced write; afterwards the old holder's claim finds its token gone and writes nothing. */
    @Test
    void aTakeoverWaitsForAFencedWriteAndTheOldClaimThenWritesNothing() {
        TryResult result = run("reference", List.of(
                w(1, new Action.Acquire("K1")),
                w(1, new Action.Begin()),
                w(1, Action.Write.fenced("r1", "holder")),
                new Step("clock", new Action.AdvanceToExpiry("K1", 1)),
                w(2, new Action.Acquire("K1")),
                w(1, new Action.Commit()),
                w(1, new Action.Begin()),
                w(1, new Action.Claim()),
                w(1, new Action.BusinessRow("r1", "stale")),
                w(1, new Action.Commit())));
        assertThat(result.passed()).as(result.verdict() + "\n" + TraceTable.render(result)).isTrue();
        assertThat(result.situations()).contains(Situation.STALE_CLAIM_REFUSED, Situation.WAIT_RESOLVED_BY_COMMIT);
    }

    /**
     * A statement blocked by something outside the try (here an advisory lock
     * another connection holds) neither answers nor waits for the try's
     * sessions: the try ends with a verdict after the bound, it does not hang,
     * and the next try starts clean.
     */
    @Test
    void aStatementThatNeverCompletesEndsTheTryWithAVerdict() throws Exception {
        LeaseProtocol stuck = new SqlLeaseProtocol("begin-takes-an-advisory-lock", "", ModelConfig.reference()) {
            @Override
            public JobClient jobClient(Connection connection) throws SQLException {
                return new BlockingBegin(super.jobClient(connection), connection);
            }
        };
        try (TraceRunner runner = new TraceRunner(Databases.shared(), stuck, 1_000, false);
             Connection outsider = Databases.shared().connect()) {
            try (var s = outsider.createStatement()) {
                s.execute("select pg_catalog.pg_advisory_lock(" + BlockingBegin.LOCK + ")");
            }
            TryResult result = runner.run(Trace.of(stuck.name(), List.of(w(1, new Action.Begin()))));
            assertThat(result.passed()).isFalse();
            assertThat(result.divergent().error()).contains("never completed");
            try (var s = outsider.createStatement()) {
                s.execute("select pg_catalog.pg_advisory_unlock(" + BlockingBegin.LOCK + ")");
            }
            TryResult next = runner.run(Trace.of(stuck.name(), TAKEOVER_WAITS_FOR_OPEN_JOB));
            assertThat(next.passed()).as(next.verdict() + "\n" + TraceTable.render(next)).isTrue();
        }
    }

    /** After the server restarted under it, a runner reconnects all its sessions, the observer's prepared statements included. */
    @Test
    void aRunnerGoesOnAfterTheDatabaseRestarted() throws Exception {
        Assumptions.assumeTrue(Databases.shared().kind().equals("embedded"),
                "only the embedded database can be crashed by the test");
        try (TraceRunner runner = new TraceRunner(Databases.shared(), Implementations.select("reference"))) {
            TryResult first = runner.run(Trace.of("reference", TAKEOVER_WAITS_FOR_OPEN_JOB));
            assertThat(first.passed()).as(first.verdict() + "\n" + TraceTable.render(first)).isTrue();
            Databases.shared().crashAndRestart();
            TryResult again = runner.run(Trace.of("reference", TAKEOVER_WAITS_FOR_OPEN_JOB));
            assertThat(again.passed()).as(again.verdict()).isTrue();
        }
    }

    /** A stale job's claim: the reference's conditioned update locks nothing; SELECT ... FOR UPDATE holds the row anyway. */
    static final List<Step> TAKEOVER_AFTER_A_STALE_CLAIM = List.of(
            new Step("w1", new Action.Acquire("K1")),
            new Step("clock", new Action.AdvanceToExpiry("K1", 1)),
            new Step("w2", new Action.Acquire("K1")),
            new Step("w1", new Action.Begin()),
            new Step("w1", new Action.Claim()),
            new Step("clock", new Action.AdvanceToExpiry("K1", 1)),
            new Step("w3", new Action.Acquire("K1")),
            new Step("w1", new Action.Rollback()));

    /** A stale writer's fenced write holds the lease row FOR SHARE in the reference, FOR UPDATE in the alternative. */
    static final List<Step> HOLDER_WRITES_BESIDE_A_STALE_WRITER = List.of(
            new Step("w1", new Action.Acquire("K1")),
            new Step("clock", new Action.AdvanceToExpiry("K1", 1)),
            new Step("w2", new Action.Acquire("K1")),
            new Step("w1", new Action.Begin()),
            new Step("w1", Action.Write.fenced("r1", "stale")),
            new Step("w2", new Action.Begin()),
            new Step("w2", Action.Write.fenced("r2", "holder")),
            new Step("w1", new Action.Rollback()),
            new Step("w2", new Action.Commit()));

    private static boolean waitedAt(TryResult result, int step) {
        return result.history().stream().anyMatch(e -> e.step() == step && !e.resumed() && e.observed() instanceof JobOutcome.Waiting);
    }

    /**
     * Correct implementations that lock where the reference does not: the
     * database shows the wait, the model judges the answer when it comes, and
     * both pass. Under the opt-in strict check the same wait is a finding.
     */
    @Test
    void anImplementationThatLocksMoreThanTheReferenceIsJudgedByItsAnswers() {
        for (var pair : List.of(Map.entry(Alternatives.SELECT_FOR_UPDATE, TAKEOVER_AFTER_A_STALE_CLAIM),
                Map.entry(Alternatives.FENCE_FOR_UPDATE, HOLDER_WRITES_BESIDE_A_STALE_WRITER))) {
            int step = 7;
            TryResult reference = run("reference", pair.getValue());
            assertThat(reference.passed()).as(reference.verdict() + "\n" + TraceTable.render(reference)).isTrue();
            assertThat(waitedAt(reference, step)).as("the reference does not wait at step %d", step).isFalse();

            TryResult alternative = run(pair.getKey(), pair.getValue());
            assertThat(alternative.passed()).as(alternative.verdict() + "\n" + TraceTable.render(alternative)).isTrue();
            assertThat(waitedAt(alternative, step)).as("%s waits at step %d", pair.getKey(), step).isTrue();

            try (TraceRunner strict = new TraceRunner(Databases.shared(), Implementations.select(pair.getKey()),
                    TraceRunner.STATEMENT_MILLIS, true)) {
                TryResult held = strict.run(Trace.of(pair.getKey(), pair.getValue()));
                assertThat(held.passed()).isFalse();
                assertThat(held.divergent().step()).isEqualTo(step);
                assertThat(held.divergent().expected()).isNull();
                assertThat(held.divergent().observed()).isEqualTo(new JobOutcome.Waiting());
            }
        }
    }

    /** The strict check holds the reference to its own locks, and it keeps them. */
    @Test
    void theReferencePassesTheStrictCheckOfItsOwnLocks() {
        try (TraceRunner strict = new TraceRunner(Databases.shared(), Implementations.select("reference"), TraceRunner.STATEMENT_MILLIS, true)) {
            for (List<Step> steps : List.of(TAKEOVER_WAITS_FOR_OPEN_JOB, TAKEOVER_AFTER_A_STALE_CLAIM, HOLDER_WRITES_BESIDE_A_STALE_WRITER)) {
                TryResult result = strict.run(Trace.of("reference", steps));
                assertThat(result.passed()).as(result.verdict() + "\n" + TraceTable.render(result)).isTrue();
            }
        }
    }

    /**
     * A worker restarted in the middle of its job leaves a zombie that still
     * holds the job open: the takeover waits for it; the zombie wakes, writes
     * and commits under its old owner and token, and only then is the takeover granted.
     */
    @Test
    void aZombieFinishesItsOpenJobWhileTheTakeoverWaits() {
        TryResult result = run("reference", List.of(
                w(1, new Action.Acquire("K1")),
                w(1, new Action.Begin()),
                w(1, new Action.Claim()),
                new Step("nemesis", new Action.Restart("w1", true)),
                new Step("clock", new Action.AdvanceToExpiry("K1", 1)),
                w(2, new Action.Acquire("K1")),
                new Step("nemesis", new Action.Resume("z1")),
                new Step("z1", new Action.BusinessRow("r1", "late")),
                new Step("z1", new Action.Commit()),
                w(1, new Action.Acquire("K1"))));
        assertThat(result.passed()).as(result.verdict() + "\n" + TraceTable.render(result)).isTrue();
        assertThat(result.situations()).contains(Situation.RESTART_IN_TRANSACTION, Situation.ZOMBIE_STATEMENT,
                Situation.WAIT_RESOLVED_BY_COMMIT);
        assertThat(result.history()).filteredOn(e -> e.step() == 9 && e.resumed()).singleElement()
                .satisfies(e -> assertThat(e.observed()).isEqualTo(new JobOutcome.Answered(new Outcome.Granted(2, 20_000_001))));
        assertThat(result.history().get(result.history().size() - 1).actor()).as("the new incarnation").isEqualTo("w1.2");
    }

    /** A worker restarted with its job open and no zombie: its connection drops, its transaction rolls back, the takeover goes on. */
    @Test
    void aDeadIncarnationsTransactionRollsBackAndLetsTheTakeoverGoOn() {
        TryResult result = run("reference", List.of(
                w(1, new Action.Acquire("K1")),
                w(1, new Action.Begin()),
                w(1, new Action.Claim()),
                new Step("clock", new Action.AdvanceToExpiry("K1", 1)),
                w(2, new Action.Acquire("K1")),
                new Step("nemesis", new Action.Restart("w1", false)),
                w(1, new Action.Commit())));
        assertThat(result.passed()).as(result.verdict() + "\n" + TraceTable.render(result)).isTrue();
        assertThat(result.history()).filteredOn(e -> e.step() == 6 && e.resumed() && "w2".equals(e.actor())).singleElement()
                .satisfies(e -> assertThat(e.observed()).isEqualTo(new JobOutcome.Answered(new Outcome.Granted(2, 20_000_001))));
        assertThat(result.history().get(result.history().size() - 1).action()).contains("has no transaction open");
    }

    private static TryResult runThroughProxies(String implementation, List<Step> steps) {
        try (TraceRunner runner = new TraceRunner(Databases.shared(), Implementations.select(implementation), true)) {
            return runner.run(Trace.of(implementation, steps));
        }
    }

    private static Step lose(int worker, NetworkFault fault) {
        return new Step("nemesis", new Action.Network("w" + worker, fault));
    }

    /** The answer to a COMMIT is lost: the job committed all the same, and the rows say so; the waiting takeover goes on. */
    @Test
    void aLostAnswerToACommitStillCommits() {
        TryResult result = runThroughProxies("reference", List.of(
                w(1, new Action.Acquire("K1")),
                w(1, new Action.Begin()),
                w(1, new Action.Claim()),
                w(1, new Action.BusinessRow("r1", "done")),
                new Step("clock", new Action.AdvanceToExpiry("K1", 1)),
                w(2, new Action.Acquire("K1")),
                lose(1, NetworkFault.RESPONSE_LOST),
                w(1, new Action.Commit())));
        assertThat(result.passed()).as(result.verdict() + "\n" + TraceTable.render(result)).isTrue();
        HistoryEntry commit = result.history().stream().filter(e -> e.step() == 8 && !e.resumed()).findFirst().orElseThrow();
        assertThat(commit.observed()).isNull();
        assertThat(commit.fault()).isEqualTo("RESPONSE_LOST");
        assertThat(commit.observedRows().business()).containsKey("r1");
        assertThat(result.situations()).contains(Situation.COMMIT_ANSWER_LOST);
    }

    /**
     * The request of a COMMIT is lost: the server never gets it, and the client's dropped connection ends the
     * session (its server process may be gone by the time anyone looks), so the job rolls back; the waiting
     * takeover goes on and finds the lease still valid.
     */
    @Test
    void aLostRequestOfACommitRollsTheJobBack() {
        TryResult result = runThroughProxies("reference", List.of(
                w(1, new Action.Acquire("K1")),
                w(1, new Action.Begin()),
                w(1, new Action.Claim()),
                w(2, new Action.Acquire("K1")),
                lose(1, NetworkFault.REQUEST_LOST),
                w(1, new Action.Commit())));
        assertThat(result.passed()).as(result.verdict() + "\n" + TraceTable.render(result)).isTrue();
        HistoryEntry commit = result.history().stream().filter(e -> e.step() == 6 && !e.resumed()).findFirst().orElseThrow();
        assertThat(commit.expected()).as("nothing committed").isNull();
        assertThat(commit.action()).contains("its transaction rolls back");
        assertThat(commit.observedRows().jobState()).isNull();
    }

    /** A request inside a job is lost: the client drops its connection, the job's transaction rolls back, nothing of it stays. */
    @Test
    void aLostRequestInsideAJobRollsItBack() {
        TryResult result = runThroughProxies("reference", List.of(
                w(1, new Action.Acquire("K1")),
                w(1, new Action.Begin()),
                w(1, new Action.Claim()),
                lose(1, NetworkFault.REQUEST_LOST),
                w(1, new Action.BusinessRow("r1", "done")),
                w(1, new Action.Commit())));
        assertThat(result.passed()).as(result.verdict() + "\n" + TraceTable.render(result)).isTrue();
        HistoryEntry lost = result.history().stream().filter(e -> e.step() == 5).findFirst().orElseThrow();
        assertThat(lost.observedRows().business()).isEmpty();
        assertThat(lost.observedRows().jobState()).isNull();
        assertThat(result.history().get(result.history().size() - 1).action()).contains("has no transaction open");
        assertThat(result.situations()).contains(Situation.REQUEST_LOST_IN_TRANSACTION);
    }

    /** A write the network held while the lease ran out and another worker took over arrives stale; the retry of a lost grant is a re-grant. */
    @Test
    void aHeldWriteArrivesAfterTheTakeoverAndALostGrantIsRetried() {
        TryResult held = runThroughProxies("reference", List.of(
                w(1, new Action.Acquire("K1")),
                lose(1, NetworkFault.DELAYED),
                w(1, Action.Write.fenced("r1", "late")),
                new Step("clock", new Action.AdvanceToExpiry("K1", 1)),
                w(2, new Action.Acquire("K1")),
                new Step("nemesis", new Action.Deliver("w1"))));
        assertThat(held.passed()).as(held.verdict() + "\n" + TraceTable.render(held)).isTrue();
        assertThat(held.history().get(held.history().size() - 1).observed())
                .isEqualTo(new JobOutcome.Answered(new Outcome.Stale()));
        assertThat(held.situations()).contains(Situation.DELAYED_PAST_TAKEOVER);

        TryResult retried = runThroughProxies("reference", List.of(
                lose(1, NetworkFault.RESPONSE_LOST),
                w(1, new Action.Acquire("K1")),
                w(1, new Action.Retry())));
        assertThat(retried.passed()).as(retried.verdict() + "\n" + TraceTable.render(retried)).isTrue();
        assertThat(retried.history().get(retried.history().size() - 1).observed())
                .isEqualTo(new JobOutcome.Answered(new Outcome.Granted(1, 10_000_000)));
    }
}
