package fencecheck.run;

import fencecheck.api.Outcome;
import fencecheck.api.SinkKind;
import fencecheck.job.JobOutcome;
import fencecheck.trace.Action;
import fencecheck.trace.Step;
import fencecheck.trace.TokenSource;
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
        TryResult r = run("sql:classpath:/packs/global-sequence");
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

    private static Outcome answer(TryResult r, int step) {
        return r.history().stream().filter(e -> e.step() == step && e.kind() == HistoryEntry.Kind.STATEMENT)
                .map(e -> e.observed() instanceof JobOutcome.Answered a ? a.outcome() : null).findFirst().orElseThrow();
    }

    private static long granted(TryResult r, int step) {
        return ((Outcome.Granted) answer(r, step)).token();
    }
}
