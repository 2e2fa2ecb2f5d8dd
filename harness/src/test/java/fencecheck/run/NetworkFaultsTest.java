package fencecheck.run;

import fencecheck.api.Outcome;
import fencecheck.api.SinkKind;
import fencecheck.db.Databases;
import fencecheck.job.JobCommand;
import fencecheck.job.JobOutcome;
import fencecheck.protocol.Implementations;
import fencecheck.trace.Action;
import fencecheck.trace.NetworkFault;
import fencecheck.trace.Step;
import fencecheck.trace.TokenSource;
import fencecheck.trace.Trace;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Each network fault, injected through the worker's proxy, does to the database what the model says. */
class NetworkFaultsTest {

    static TraceRunner runner;

    @BeforeAll
    static void start() {
        runner = new TraceRunner(Databases.shared(), Implementations.select("reference"), true);
    }

    @AfterAll
    static void stop() {
        runner.close();
    }

    static Step arm(int worker, NetworkFault fault) {
        return Step.nemesis(new Action.Network("w" + worker, fault));
    }

    static Step write(int worker, String resultId) {
        return Step.worker(worker, new Action.Write(SinkKind.CURRENT_FENCE, TokenSource.HELD, resultId, "x"));
    }

    private static TryResult run(Step... steps) {
        long started = System.nanoTime();
        TryResult result = runner.run(Trace.of("reference", List.of(steps)));
        System.out.printf("%d steps in %.0f ms: %s%n", steps.length, (System.nanoTime() - started) / 1e6, result.verdict());
        assertThat(result.passed()).as(TraceTable.render(result)).isTrue();
        return result;
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

    private static Map<String, ?> fencedAt(TryResult r, int step) {
        return statementOf(r, step).observedRows().protocol().fenced();
    }

    @Test
    void aLostRequestChangesNothing_theRetryApplies() {
        TryResult r = run(Step.worker(1, new Action.Acquire("K1")), arm(1, NetworkFault.REQUEST_LOST), write(1, "r1"),
                Step.worker(1, new Action.Retry()));
        assertThat(statementOf(r, 3).observed()).isNull();
        assertThat(statementOf(r, 3).expected()).as("the model knows the request never ran").isNull();
        assertThat(answerAt(r, 4)).isEqualTo(new Outcome.Applied());
    }

    @Test
    void aLostAnswerStillCommits_theRetryIsAReplay() {
        TryResult r = run(Step.worker(1, new Action.Acquire("K1")), arm(1, NetworkFault.RESPONSE_LOST), write(1, "r1"),
                Step.worker(1, new Action.Retry()));
        assertThat(statementOf(r, 3).expected()).isEqualTo(new JobOutcome.Answered(new Outcome.Applied()));
        assertThat(answerAt(r, 4)).isEqualTo(new Outcome.Replayed());
    }

    @Test
    void aLostGrantIsRetriedIdempotently() {
        TryResult r = run(arm(1, NetworkFault.RESPONSE_LOST), Step.worker(1, new Action.Acquire("K1")),
                Step.worker(1, new Action.Retry()));
        assertThat(answerAt(r, 3)).isEqualTo(new Outcome.Granted(1, Trace.DEFAULT_LEASE_TTL));
    }

    /** The lost request never ran: the released lease row it would have found is not taken for a grant (invariant 3). */
    @Test
    void aLostAcquireRequestIsNoGrant() {
        TryResult r = run(Step.worker(1, new Action.Acquire("K1")), Step.worker(1, new Action.Release()),
                arm(1, NetworkFault.REQUEST_LOST), Step.worker(1, new Action.Acquire("K1")));
        assertThat(statementOf(r, 4).observed()).isNull();
        assertThat(CheckedEvents.of(r.history()).events()).hasSize(2);
    }

    @Test
    void aWriteHeldPastATakeoverArrivesStale() {
        TryResult r = run(Step.worker(1, new Action.Acquire("K1")), arm(1, NetworkFault.DELAYED), write(1, "r1"),
                Step.clock(new Action.AdvanceToExpiry("K1", 1)), Step.worker(2, new Action.Acquire("K1")),
                Step.nemesis(new Action.Deliver("w1")));
        assertThat(answerAt(r, 6)).isEqualTo(new Outcome.Stale());
        assertThat(r.situations()).contains(Situation.DELAYED_PAST_TAKEOVER, Situation.STALE_WRITE_REJECTED);
    }

    /** What was a rolled-back write of its own is now an ordinary sequence: begin, write, and the reset rolls it back. */
    @Test
    void aConnectionResetMidTransactionLeavesNoTrace() {
        TryResult r = run(Step.worker(1, new Action.Acquire("K1")), Step.worker(1, new Action.Begin()), write(1, "r1"),
                arm(1, NetworkFault.CONNECTION_RESET), Step.worker(1, new Action.Write(SinkKind.CURRENT_FENCE, TokenSource.HELD,
                        "r2", "x")), write(1, "r3"));
        assertThat(answerAt(r, 3)).isEqualTo(new Outcome.Applied());
        assertThat(fencedAt(r, 6)).containsOnlyKeys("r3");
        assertThat(r.situations()).contains(Situation.CONNECTION_RESET_IN_TRANSACTION, Situation.WRITE_ROLLED_BACK);
    }

    /** A worker that crashes mid-write: begin, write, and a restart drops its connection before it commits. */
    @Test
    void aWorkerCrashMidWriteLeavesNoTrace_andANewOwnerTakesOver() {
        TryResult r = run(Step.worker(1, new Action.Acquire("K1")), Step.worker(1, new Action.Begin()), write(1, "r1"),
                Step.nemesis(new Action.Restart("w1", false)),
                Step.worker(1, new Action.Acquire("K1")));
        assertThat(statementOf(r, 4).command()).isInstanceOf(JobCommand.Rollback.class);
        assertThat(fencedAt(r, 5)).as("the write went with the transaction").isEmpty();
        assertThat(answerAt(r, 5)).isEqualTo(new Outcome.Busy());
        assertThat(r.situations()).contains(Situation.RESTART_IN_TRANSACTION, Situation.WORKER_RESTART, Situation.WRITE_ROLLED_BACK);
    }

    /**
     * A grant whose answer is lost still counts for the invariants: a write held
     * by the network with that token, delivered after it, is not a forged acceptance.
     */
    @Test
    void aGrantWithALostAnswerStillCountsForTheInvariants() {
        TryResult r = run(Step.worker(1, new Action.Acquire("K1")),
                arm(1, NetworkFault.DELAYED),
                Step.worker(1, new Action.Write(SinkKind.LATEST_TOKEN_WINS, TokenSource.ABOVE_FENCE, "r1", "x")),
                Step.clock(new Action.AdvanceToExpiry("K1", 1)),
                arm(2, NetworkFault.RESPONSE_LOST),
                Step.worker(2, new Action.Acquire("K1")),
                Step.nemesis(new Action.Deliver("w1")));
        assertThat(r.situations()).contains(Situation.RESPONSE_LOST);
    }

    /** A lost acquire is not retried inside a transaction the worker opened since: a lease operation is a statement on its own. */
    @Test
    void aLostAcquireIsNotRetriedInsideATransaction() {
        TryResult r = run(arm(2, NetworkFault.REQUEST_LOST), Step.worker(2, new Action.Acquire("K1")),
                Step.worker(2, new Action.Begin()), Step.worker(2, new Action.Retry()), Step.worker(2, new Action.Rollback()),
                Step.worker(2, new Action.Retry()));
        assertThat(r.history().stream().filter(e -> e.step() == 4).findFirst().orElseThrow().kind()).isEqualTo(HistoryEntry.Kind.NO_OP);
        assertThat(answerAt(r, 6)).isEqualTo(new Outcome.Granted(1, Trace.DEFAULT_LEASE_TTL));
    }

    /**
     * A write whose answer was lost still stored its row; the same result sent
     * later under the next grant's token is told Replayed, and the row keeps
     * the token that wrote it, which is no lost acknowledgement (invariant 4).
     */
    @Test
    void aReplayUnderALaterTokenKeepsTheRowAnEarlierTokenWrote() {
        TryResult r = run(Step.worker(1, new Action.Acquire("K1")),
                arm(1, NetworkFault.RESPONSE_LOST), write(1, "r1"),
                arm(1, NetworkFault.DELAYED),
                Step.worker(1, new Action.Write(SinkKind.CURRENT_FENCE, TokenSource.ABOVE_FENCE, "r1", "x")),
                Step.clock(new Action.AdvanceToExpiry("K1", 1)),
                Step.worker(2, new Action.Acquire("K1")),
                Step.nemesis(new Action.Deliver("w1")));
        assertThat(answerAt(r, 8)).isEqualTo(new Outcome.Replayed());
        assertThat(fencedAt(r, 8)).containsOnlyKeys("r1");
    }
}
