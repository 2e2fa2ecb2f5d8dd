package fencecheck.run;

import fencecheck.db.Databases;
import fencecheck.model.Outcome;
import fencecheck.model.SinkKind;
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
        System.out.printf("%d steps in %.0f ms: %s%n", steps.length, (System.nanoTime() - started) / 1e6, result.verdict().sentence());
        assertThat(result.verdict().passed()).as(TraceTable.render(result)).isTrue();
        return result;
    }

    @Test
    void aLostRequestChangesNothing_theRetryApplies() {
        TryResult r = run(Step.worker(1, new Action.Acquire("K1")), arm(1, NetworkFault.REQUEST_LOST), write(1, "r1"),
                Step.worker(1, new Action.Retry()));
        assertThat(r.history().get(2).observed()).isNull();
        assertThat(r.history().get(2).observedRows().fenced()).isEmpty();
        assertThat(r.history().get(3).observed()).isEqualTo(new Outcome.Applied());
    }

    @Test
    void aLostAnswerStillCommits_theRetryIsAReplay() {
        TryResult r = run(Step.worker(1, new Action.Acquire("K1")), arm(1, NetworkFault.RESPONSE_LOST), write(1, "r1"),
                Step.worker(1, new Action.Retry()));
        assertThat(r.history().get(2).observedRows().fenced()).containsKey("r1");
        assertThat(r.history().get(3).observed()).isEqualTo(new Outcome.Replayed());
    }

    @Test
    void aLostGrantIsRetriedIdempotently() {
        TryResult r = run(arm(1, NetworkFault.RESPONSE_LOST), Step.worker(1, new Action.Acquire("K1")),
                Step.worker(1, new Action.Retry()));
        assertThat(r.history().get(2).observed()).isEqualTo(new Outcome.Granted(1, Trace.DEFAULT_LEASE_TTL));
    }

    /** The lost request never ran: the released lease row it would have found is not taken for a grant (invariant 3). */
    @Test
    void aLostAcquireRequestIsNoGrant() {
        TryResult r = run(Step.worker(1, new Action.Acquire("K1")), Step.worker(1, new Action.Release()),
                arm(1, NetworkFault.REQUEST_LOST), Step.worker(1, new Action.Acquire("K1")));
        assertThat(r.history().get(3).observed()).isNull();
        assertThat(TryResult.events(r.history())).hasSize(2);
    }

    @Test
    void aWriteHeldPastATakeoverArrivesStale() {
        TryResult r = run(Step.worker(1, new Action.Acquire("K1")), arm(1, NetworkFault.DELAYED), write(1, "r1"),
                Step.clock(new Action.AdvanceToExpiry("K1", 1)), Step.worker(2, new Action.Acquire("K1")),
                Step.nemesis(new Action.Deliver("w1")));
        assertThat(r.history().get(5).observed()).isEqualTo(new Outcome.Stale());
    }

    @Test
    void aConnectionResetMidTransactionLeavesNoTrace() {
        TryResult r = run(Step.worker(1, new Action.Acquire("K1")), arm(1, NetworkFault.CONNECTION_RESET), write(1, "r1"),
                write(1, "r2"));
        assertThat(r.history().get(2).observed()).isEqualTo(new Outcome.RolledBack(new Outcome.Applied()));
        assertThat(r.history().get(3).observedRows().fenced()).containsOnlyKeys("r2");
    }

    @Test
    void aWorkerCrashMidWriteLeavesNoTrace_andANewOwnerTakesOver() {
        TryResult r = run(Step.worker(1, new Action.Acquire("K1")),
                Step.nemesis(new Action.CrashMidWrite("w1", SinkKind.CURRENT_FENCE, "r1", "x")),
                Step.worker(1, new Action.Acquire("K1")));
        assertThat(r.history().get(1).observedRows().fenced()).isEmpty();
        assertThat(r.history().get(2).observed()).isEqualTo(new Outcome.Busy());
    }

    /**
     * A grant whose answer is lost still counts for the invariants: a write held
     * by the network with that token, delivered after it, is not a forged acceptance.
     */
    @Test
    void aGrantWithALostAnswerStillCountsForTheInvariants() {
        run(Step.worker(1, new Action.Acquire("K1")),
                arm(1, NetworkFault.DELAYED),
                Step.worker(1, new Action.Write(SinkKind.LATEST_TOKEN_WINS, TokenSource.ABOVE_FENCE, "r1", "x")),
                Step.clock(new Action.AdvanceToExpiry("K1", 1)),
                arm(2, NetworkFault.RESPONSE_LOST),
                Step.worker(2, new Action.Acquire("K1")),
                Step.nemesis(new Action.Deliver("w1")));
    }
}
