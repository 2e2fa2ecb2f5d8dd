package fencecheck.run;

import fencecheck.api.Outcome;
import fencecheck.api.SinkKind;
import fencecheck.db.Databases;
import fencecheck.job.JobOutcome;
import fencecheck.protocol.Implementations;
import fencecheck.trace.Action;
import fencecheck.trace.NetworkFault;
import fencecheck.trace.Step;
import fencecheck.trace.TokenSource;
import fencecheck.trace.Trace;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An implementation whose tokens come from one sequence shared by every key
 * claims {@code tokens=increasing}: the runner judges each grant with the token
 * the database chose, so its gaps pass, and its stale writes are still refused.
 * The same SQL claiming consecutive tokens diverges at its first gap.
 */
class IncreasingTokensTest {

    private static final String GLOBAL_SEQUENCE = "sql:classpath:/packs/global-sequence";

    private static final List<Step> TAKEOVER = List.of(
            Step.worker(1, new Action.Acquire("K1")),
            Step.worker(2, new Action.Acquire("K2")),
            Step.clock(new Action.AdvanceToExpiry("K1", 1)),
            Step.worker(3, new Action.Acquire("K1")),
            Step.worker(1, new Action.Write(SinkKind.CURRENT_FENCE, TokenSource.HELD, "r1", "late")),
            Step.worker(3, new Action.Write(SinkKind.CURRENT_FENCE, TokenSource.HELD, "r1", "on time")));

    private static TryResult run(String implementation) {
        return FreshRunner.run(implementation, TAKEOVER);
    }

    @Test
    void aGlobalSequenceClaimingIncreasingTokensPasses() {
        TryResult r = run(GLOBAL_SEQUENCE);
        assertThat(r.passed()).as(r.verdict() + "\n" + TraceTable.render(r)).isTrue();
        long k2 = granted(r, 2);
        long takeover = granted(r, 4);
        assertThat(takeover).as("K1's second token skips the one K2 took").isGreaterThan(k2);
        assertThat(answer(r, 5)).isEqualTo(new Outcome.Stale());
        assertThat(answer(r, 6)).isEqualTo(new Outcome.Applied());
    }

    @Test
    void theSameSqlClaimingConsecutiveTokensDivergesAtItsFirstGap() {
        TryResult r = run("sql:classpath:/packs/global-sequence-claiming-consecutive");
        assertThat(r.passed()).isFalse();
        assertThat(r.divergent()).isNotNull();
        assertThat(r.divergent().step()).as("a grant: the sequence is shared across tries, so even the first may skip").isIn(1, 2, 4);
    }

    /**
     * w1's grant of K1 loses its answer after K0's grant and a K1 grant before it moved the shared sequence: the token
     * the rows show skips the one the model would pick, and is the grant's; w1's retry is handed the same lease, and
     * w3, who takes K1 over once it ran out, a token above it, so w1's write under it is stale.
     */
    @Test
    void aLostGrantTakesTheSkippedTokenTheRowsShowAndItsRetryIsHandedIt() {
        TryResult r = throughFaultProxies(List.of(
                Step.worker(1, new Action.Acquire("K1")),
                Step.clock(new Action.AdvanceToExpiry("K1", 1)),
                Step.worker(2, new Action.Acquire("K0")),
                Step.nemesis(new Action.Network("w1", NetworkFault.RESPONSE_LOST)),
                Step.worker(1, new Action.Acquire("K1")),
                Step.worker(2, new Action.Acquire("K1")),
                Step.worker(1, new Action.Retry()),
                Step.clock(new Action.AdvanceToExpiry("K1", 1)),
                Step.worker(3, new Action.Acquire("K1")),
                Step.worker(1, new Action.Write(SinkKind.CURRENT_FENCE, TokenSource.HELD, "r1", "late"))));
        assertThat(r.passed()).as(r.verdict() + "\n" + TraceTable.render(r)).isTrue();
        HistoryEntry lost = statement(r, 5);
        long shown = lost.observedRows().protocol().lease().token();
        assertThat(shown).as("K0's grant took a token of the shared sequence after K1's first").isGreaterThan(granted(r, 3))
                .isGreaterThan(granted(r, 1) + 1);
        assertThat(lost.action()).as(TraceTable.render(r)).contains("the rows show it ran");
        assertThat(lost.expected()).isInstanceOf(JobOutcome.Answered.class);
        assertThat(((JobOutcome.Answered) lost.expected()).outcome()).isInstanceOfSatisfying(Outcome.Granted.class,
                g -> assertThat(g.token()).as("the model's grant takes the token the rows show").isEqualTo(shown));
        assertThat(answer(r, 6)).isEqualTo(new Outcome.Busy());
        assertThat(granted(r, 7)).as("the retry is handed the lost grant's lease").isEqualTo(shown);
        assertThat(granted(r, 9)).isGreaterThan(shown);
        assertThat(answer(r, 10)).isEqualTo(new Outcome.Stale());
    }

    /**
     * The answer of w1's grant reaches the database's side but not w1, after the shared sequence skipped: the model
     * takes the token the database answered, and w1's acquire again is handed it back.
     */
    @Test
    void aGrantWhoseReceiptIsLostIsJudgedWithTheTokenTheDatabaseChose() {
        TryResult r = FreshRunner.run(GLOBAL_SEQUENCE, List.of(
                Step.worker(2, new Action.Acquire("K0")),
                Step.worker(1, new Action.Acquire("K1", true)),
                Step.worker(2, new Action.Acquire("K1")),
                Step.worker(1, new Action.Acquire("K1")),
                Step.worker(1, new Action.Write(SinkKind.CURRENT_FENCE, TokenSource.HELD, "r1", "on time"))));
        assertThat(r.passed()).as(r.verdict() + "\n" + TraceTable.render(r)).isTrue();
        long lost = granted(r, 2);
        assertThat(lost).isGreaterThan(granted(r, 1));
        assertThat(answer(r, 3)).isEqualTo(new Outcome.Busy());
        assertThat(granted(r, 4)).isEqualTo(lost);
        assertThat(answer(r, 5)).isEqualTo(new Outcome.Applied());
    }

    private static TryResult throughFaultProxies(List<Step> steps) {
        try (TraceRunner runner = new TraceRunner(Databases.shared(), Implementations.select(GLOBAL_SEQUENCE), true)) {
            return runner.run(Trace.of(GLOBAL_SEQUENCE, steps));
        }
    }

    private static HistoryEntry statement(TryResult r, int step) {
        return r.history().stream().filter(e -> e.step() == step && e.kind() == HistoryEntry.Kind.STATEMENT).findFirst()
                .orElseThrow(() -> new AssertionError("no statement at step " + step + "\n" + TraceTable.render(r)));
    }

    private static Outcome answer(TryResult r, int step) {
        return r.history().stream().filter(e -> e.step() == step && e.kind() == HistoryEntry.Kind.STATEMENT)
                .map(e -> e.observed() instanceof JobOutcome.Answered a ? a.outcome() : null).findFirst().orElseThrow();
    }

    private static long granted(TryResult r, int step) {
        return ((Outcome.Granted) answer(r, step)).token();
    }
}
