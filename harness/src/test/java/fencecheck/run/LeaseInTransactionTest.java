package fencecheck.run;

import fencecheck.api.Outcome;
import fencecheck.job.JobOutcome;
import fencecheck.model.Micros;
import fencecheck.trace.Action;
import fencecheck.trace.Step;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Lease operations run inside an open transaction, as a service's renew or release runs inside its own
 * transactional work: the transaction sees its renewal alone until it commits, a rollback undoes it, and an
 * implementation that reads {@code now()} (the transaction's start) instead of the statement's time is caught.
 */
class LeaseInTransactionTest {

    private static final String RENEW_FROM_NOW = "sql:classpath:/packs/renew-from-now";

    /**
     * w1 renews inside a transaction opened 3 s earlier; past the lease's committed end w2's acquire waits for the
     * row w1's renewal updated; w1 rolls back.
     */
    static final List<Step> RENEW_INSIDE_THEN_ROLLBACK = List.of(
            Step.worker(1, new Action.Acquire("K1")),
            Step.worker(1, new Action.Begin()),
            Step.clock(new Action.AdvanceBy(3 * Micros.SECOND)),
            Step.worker(1, new Action.Renew()),
            Step.clock(new Action.AdvanceToExpiry("K1", 1)),
            Step.worker(2, new Action.Acquire("K1")),
            Step.worker(1, new Action.Rollback()));

    private static Outcome answerOf(TryResult r, int step, String actor) {
        return r.history().stream().filter(e -> e.step() == step && e.actor().equals(actor) && e.kind() == HistoryEntry.Kind.STATEMENT
                        && e.observed() instanceof JobOutcome.Answered)
                .map(e -> ((JobOutcome.Answered) e.observed()).outcome()).findFirst()
                .orElseThrow(() -> new AssertionError("no answer of " + actor + " at step " + step + "\n" + TraceTable.render(r)));
    }

    @Test
    void theReferenceRenewsInsideATransactionAndItsRollbackUndoesTheRenewal() {
        TryResult r = FreshRunner.run("reference", RENEW_INSIDE_THEN_ROLLBACK);
        String table = r.verdict() + "\n" + TraceTable.render(r);
        assertThat(r.passed()).as(table).isTrue();
        assertThat(r.history()).as("nothing skipped: " + table).noneMatch(e -> e.kind() == HistoryEntry.Kind.NO_OP);
        assertThat(answerOf(r, 4, "w1")).isEqualTo(new Outcome.Renewed(13 * Micros.SECOND));
        assertThat(r.history()).filteredOn(e -> e.step() == 6 && e.actor().equals("w2")).as(table).anyMatch(HistoryEntry::isWait);
        assertThat(answerOf(r, 7, "w2")).as("the renewal rolled back: the lease ended at 10 s, and w2's wait ends in a grant")
                .isInstanceOfSatisfying(Outcome.Granted.class, g -> assertThat(g.token()).isEqualTo(2));
        assertThat(r.situations()).contains(Situation.LEASE_OPERATION_IN_TRANSACTION);
    }

    @Test
    void aRenewThatReadsTheTransactionsStartIsCaught() {
        TryResult r = FreshRunner.run(RENEW_FROM_NOW, RENEW_INSIDE_THEN_ROLLBACK);
        String table = r.verdict() + "\n" + TraceTable.render(r);
        assertThat(r.passed()).as(table).isFalse();
        assertThat(r.divergent().step()).as(table).isEqualTo(4);
        assertThat(r.divergent().observed()).isEqualTo(new JobOutcome.Answered(new Outcome.Renewed(10 * Micros.SECOND)));
        assertThat(r.verdict()).contains("shorter than the reference's");
        assertThat(FreshRunner.run(RENEW_FROM_NOW, List.of(
                Step.worker(1, new Action.Acquire("K1")),
                Step.clock(new Action.AdvanceBy(3 * Micros.SECOND)),
                Step.worker(1, new Action.Renew()))).passed())
                .as("on its own, now() is the statement's time: the same renew is the reference's").isTrue();
    }
}
