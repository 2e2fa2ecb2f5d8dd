package fencecheck.run;

import fencecheck.api.LeaseClient;
import fencecheck.api.LeaseProtocol;
import fencecheck.api.Outcome;
import fencecheck.db.Databases;
import fencecheck.job.JobOutcome;
import fencecheck.protocol.SqlLeaseProtocol;
import fencecheck.protocol.pack.SqlPack;
import fencecheck.protocol.pack.SqlPacks;
import fencecheck.trace.Action;
import fencecheck.trace.NetworkFault;
import fencecheck.trace.Step;
import fencecheck.trace.Trace;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A network fault on one statement of a call of several (a SELECT and then a
 * conditioned UPDATE, a transaction of the implementation's own and its
 * COMMIT) leaves the call's effect unknown, and the rows of its key settle it:
 * nothing committed is a call that did not run, a COMMIT that went through is
 * the grant with the token the rows show, and rows that are neither (a
 * half-done acquire) are a divergence.
 */
class LostInsideACallTest {

    private static final long TTL = Trace.DEFAULT_LEASE_TTL;

    /** The reference's acquire inside BEGIN ... COMMIT of its own. */
    private static final LeaseProtocol OWN_TRANSACTION = replacingClient("acquire-in-its-own-transaction",
            SqlPacks.builtIn(SqlLeaseProtocol.REFERENCE), AcquireInItsOwnTransaction::new);
    /** The same, over a pack whose tokens come from one sequence for every key (it claims increasing tokens). */
    private static final LeaseProtocol OWN_TRANSACTION_GLOBAL_SEQUENCE = replacingClient("global-sequence-in-its-own-transaction",
            SqlPacks.load("classpath:/packs/global-sequence"), AcquireInItsOwnTransaction::new);
    private static final LeaseProtocol SELECT_THEN_UPDATE = replacingClient("select-then-conditioned-update",
            SqlPacks.builtIn(SqlLeaseProtocol.REFERENCE), (reference, connection) -> new SelectThenConditionedUpdate(reference, connection));
    private static final LeaseProtocol HALF_DONE = replacingClient("half-done-acquire",
            SqlPacks.builtIn(SqlLeaseProtocol.REFERENCE), (reference, connection) -> new HalfDoneAcquire(reference, connection));

    @Test
    void aLostAnswerInsideTheCallsOwnTransactionLeavesNothing() {
        TryResult r = passing(OWN_TRANSACTION,
                lose(1, NetworkFault.RESPONSE_LOST, 1),
                Step.worker(1, new Action.Acquire("K1")),
                Step.worker(2, new Action.Acquire("K1")),
                Step.worker(1, new Action.Retry()));
        HistoryEntry lost = statementOf(r, 2);
        assertThat(lost.action()).contains("the answer of its statement 1 (WITH) is lost").contains("the rows show it did not run");
        assertThat(lost.expected()).as("the model takes no grant").isNull();
        assertThat(answerAt(r, 3)).as("nothing committed: the key is free").isEqualTo(new Outcome.Granted(1, TTL));
        assertThat(answerAt(r, 4)).isEqualTo(new Outcome.Busy());
    }

    @Test
    void aLostRequestOfTheCallsOwnCommitLeavesNothing() {
        TryResult r = passing(OWN_TRANSACTION,
                lose(1, NetworkFault.REQUEST_LOST, 2),
                Step.worker(1, new Action.Acquire("K1")),
                Step.worker(2, new Action.Acquire("K1")));
        HistoryEntry lost = statementOf(r, 2);
        assertThat(lost.action()).contains("the request of its statement 2 (COMMIT) is lost").contains("the rows show it did not run");
        assertThat(answerAt(r, 3)).isEqualTo(new Outcome.Granted(1, TTL));
    }

    @Test
    void aLostAnswerToTheSelectOfASelectThenUpdateLeavesNothing() {
        TryResult r = passing(SELECT_THEN_UPDATE,
                Step.worker(1, new Action.Acquire("K1")),
                Step.worker(1, new Action.Release()),
                lose(2, NetworkFault.RESPONSE_LOST, 1),
                Step.worker(2, new Action.Acquire("K1")),
                Step.worker(2, new Action.Retry()));
        HistoryEntry lost = statementOf(r, 4);
        assertThat(lost.action()).contains("the answer of its statement 1 (SELECT) is lost").contains("the rows show it did not run");
        assertThat(lost.observedRows().protocol().lease().token()).as("the released lease is as it was").isEqualTo(1);
        assertThat(answerAt(r, 5)).isEqualTo(new Outcome.Granted(2, TTL));
    }

    @Test
    void aLostAnswerToTheConditionedUpdateIsTheGrant() {
        TryResult r = passing(SELECT_THEN_UPDATE,
                Step.worker(1, new Action.Acquire("K1")),
                Step.worker(1, new Action.Release()),
                lose(2, NetworkFault.RESPONSE_LOST, 2),
                Step.worker(2, new Action.Acquire("K1")),
                Step.worker(2, new Action.Retry()));
        HistoryEntry lost = statementOf(r, 4);
        assertThat(lost.action()).contains("the answer of its statement 2 (UPDATE) is lost").contains("the rows show it ran");
        assertThat(lost.expected()).isEqualTo(new JobOutcome.Answered(new Outcome.Granted(2, TTL)));
        assertThat(answerAt(r, 5)).as("the retry is a re-grant").isEqualTo(new Outcome.Granted(2, TTL));
    }

    /** K0's grant moves the shared sequence first, so K1's token is not the 1 a model of its own would pick. */
    @Test
    void aLostAnswerToACommitThatCommittedIsTheGrantWithTheTokenTheRowsShow() {
        TryResult r = passing(OWN_TRANSACTION_GLOBAL_SEQUENCE,
                Step.worker(2, new Action.Acquire("K0")),
                lose(1, NetworkFault.RESPONSE_LOST, 2),
                Step.worker(1, new Action.Acquire("K1")),
                Step.worker(2, new Action.Acquire("K1")),
                Step.worker(1, new Action.Retry()));
        long k0 = ((Outcome.Granted) answerAt(r, 1)).token();
        HistoryEntry lost = statementOf(r, 3);
        long shown = lost.observedRows().protocol().lease().token();
        assertThat(shown).isGreaterThan(k0);
        assertThat(lost.action()).contains("the answer of its statement 2 (COMMIT) is lost").contains("the rows show it ran");
        assertThat(lost.expected()).isEqualTo(new JobOutcome.Answered(new Outcome.Granted(shown, TTL)));
        assertThat(answerAt(r, 4)).isEqualTo(new Outcome.Busy());
        assertThat(answerAt(r, 5)).isEqualTo(new Outcome.Granted(shown, TTL));
    }

    /** An acquire whose first statement commits a token no one owns yet: losing its answer there leaves a row of neither outcome. */
    @Test
    void aHalfDoneRowIsStillADivergence() {
        TryResult r = run(HALF_DONE, List.of(lose(1, NetworkFault.RESPONSE_LOST, 1), Step.worker(1, new Action.Acquire("K1"))));
        String table = r.verdict() + "\n" + TraceTable.render(r);
        assertThat(r.passed()).as(table).isFalse();
        assertThat(r.divergent()).as(table).isNotNull();
        assertThat(r.divergent().step()).as(table).isEqualTo(2);
        assertThat(r.divergent().rowsDiffer()).as(table).isTrue();
        assertThat(r.divergent().observedRows().protocol().lease().token()).isEqualTo(1);
        assertThat(r.divergent().action()).as(table).contains("which is none of what it may have done")
                .contains("run answering Granted(token 1").contains("not run");
    }

    /** The same client answers as the reference when nothing stops its call between its two statements. */
    @Test
    void theHalfDoneAcquirePassesWhenItsCallsRunThrough() {
        TryResult r = passing(HALF_DONE,
                Step.worker(1, new Action.Acquire("K1")),
                Step.worker(2, new Action.Acquire("K1")),
                Step.clock(new Action.AdvanceToExpiry("K1", 1)),
                Step.worker(2, new Action.Acquire("K1")));
        assertThat(answerAt(r, 1)).isEqualTo(new Outcome.Granted(1, TTL));
        assertThat(answerAt(r, 2)).isEqualTo(new Outcome.Busy());
        assertThat(answerAt(r, 4)).isInstanceOfSatisfying(Outcome.Granted.class, g -> assertThat(g.token()).isEqualTo(2));
    }

    /**
     * The conditioned UPDATE waits for the row a job's claim holds when the connection is reset: the call is
     * cancelled, and the rows show it took nothing.
     */
    @Test
    void aCallCancelledWhileItWaitsIsSettledFromTheRows() {
        TryResult r = passing(SELECT_THEN_UPDATE,
                Step.worker(1, new Action.Acquire("K1")),
                Step.worker(1, new Action.Begin()),
                Step.worker(1, new Action.Claim()),
                Step.clock(new Action.AdvanceToExpiry("K1", 1)),
                Step.nemesis(new Action.Network("w2", NetworkFault.CONNECTION_RESET)),
                Step.worker(2, new Action.Acquire("K1")),
                Step.worker(1, new Action.Commit()),
                Step.worker(2, new Action.Acquire("K1")));
        assertThat(r.history()).anyMatch(e -> e.step() == 6 && e.kind() == HistoryEntry.Kind.FAULT
                && e.action().contains("cancelled by the connection reset, never answered; the rows show it did not run"));
        assertThat(answerAt(r, 8)).isInstanceOfSatisfying(Outcome.Granted.class, g -> assertThat(g.token()).isEqualTo(2));
    }

    /** A call of one statement never sends a second: the fault aimed there never comes, and the answer is heard. */
    @Test
    void aFaultAimedPastACallsLastStatementNeverComes() {
        TryResult r = passing(OWN_TRANSACTION,
                lose(1, NetworkFault.RESPONSE_LOST, 3),
                Step.worker(1, new Action.Acquire("K1")),
                Step.worker(1, new Action.Renew()));
        assertThat(r.history()).anyMatch(e -> e.step() == 2 && e.kind() == HistoryEntry.Kind.NOTE
                && e.action().contains("the call sent 2 statements, so the fault aimed at its statement 3 never came"));
        assertThat(answerAt(r, 2)).isEqualTo(new Outcome.Granted(1, TTL));
        assertThat(answerAt(r, 3)).as("the worker heard its grant").isEqualTo(new Outcome.Renewed(TTL));
    }

    // --- helpers -----------------------------------------------------------------------------------------

    /** Makes the client of a session from the pack's own client and the session's connection. */
    @FunctionalInterface
    private interface ClientReplacement {
        LeaseClient client(LeaseClient pack, Connection connection) throws SQLException;
    }

    private static LeaseProtocol replacingClient(String name, SqlPack pack, ClientReplacement replacement) {
        return new SqlLeaseProtocol(name, pack) {
            @Override
            public LeaseClient client(Connection connection) throws SQLException {
                return replacement.client(super.client(connection), connection);
            }
        };
    }

    private static Step lose(int worker, NetworkFault fault, int statement) {
        return Step.nemesis(new Action.Network("w" + worker, fault, statement));
    }

    private static TryResult run(LeaseProtocol protocol, List<Step> steps) {
        try (TraceRunner runner = new TraceRunner(Databases.shared(), protocol, true)) {
            return runner.run(Trace.of(protocol.name(), steps));
        }
    }

    private static TryResult passing(LeaseProtocol protocol, Step... steps) {
        TryResult r = run(protocol, List.of(steps));
        assertThat(r.passed()).as(r.verdict() + "\n" + TraceTable.render(r)).isTrue();
        return r;
    }

    /** The statement step {@code step} (1-based) ran, as the history shows it once answered or lost. */
    private static HistoryEntry statementOf(TryResult r, int step) {
        return r.history().stream().filter(e -> e.step() == step && e.kind() == HistoryEntry.Kind.STATEMENT && !e.isWait())
                .findFirst().orElseThrow(() -> new AssertionError("no statement at step " + step + "\n" + TraceTable.render(r)));
    }

    private static Outcome answerAt(TryResult r, int step) {
        JobOutcome observed = statementOf(r, step).observed();
        return observed instanceof JobOutcome.Answered a ? a.outcome() : null;
    }
}
