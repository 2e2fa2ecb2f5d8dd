package fencecheck.findings;

import fencecheck.db.Databases;
import fencecheck.protocol.Implementations;
import fencecheck.protocol.JobVariants;
import fencecheck.run.TraceRunner;
import fencecheck.run.TryResult;
import fencecheck.trace.Action;
import fencecheck.trace.Step;
import fencecheck.trace.Trace;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Findings of a job variant that deletions alone left at 12 steps, in runs of the interleaved-transactions property:
 * the worker that committed r1 first is not the one whose stale transaction writes it again, so a second expiry and a
 * re-grant were needed to make the writer stale. Moving the first transaction later, or exchanging the two workers'
 * roles after the commit, needs neither.
 */
class ShrinkingAJobTraceTest {

    /** As a run of the interleaved-transactions property shrank it before runs of steps could move. */
    static final List<Step> TWELVE_STEPS = List.of(
            Step.worker(1, new Action.Begin()),
            Step.worker(1, new Action.Acquire("K1")),
            Step.worker(1, new Action.Claim()),
            Step.worker(1, new Action.BusinessRow("r1", "done")),
            Step.worker(1, new Action.Commit()),
            Step.clock(new Action.AdvanceToExpiry("K1", 1)),
            Step.worker(2, new Action.Acquire("K1")),
            Step.worker(2, new Action.Begin()),
            Step.clock(new Action.AdvanceToExpiry("K1", 1)),
            Step.worker(1, new Action.Acquire("K1")),
            Step.worker(2, new Action.Claim()),
            Step.worker(2, new Action.BusinessRow("r1", "done")));

    /** The same kind on the outbox: w2 commits r1, w1's takeover waited for it, and w1 writes r1 after w2's re-grant. */
    static final List<Step> TWELVE_STEPS_ON_THE_OUTBOX = List.of(
            Step.worker(2, new Action.Acquire("K1")),
            Step.worker(2, new Action.Begin()),
            Step.worker(2, new Action.Claim()),
            Step.clock(new Action.AdvanceToExpiry("K1", 1)),
            Step.worker(1, new Action.Acquire("K1")),
            Step.worker(2, new Action.OutboxRow("r1", "done")),
            Step.worker(2, new Action.Commit()),
            Step.clock(new Action.AdvanceToExpiry("K1", 1)),
            Step.worker(2, new Action.Acquire("K1")),
            Step.worker(1, new Action.Begin()),
            Step.worker(1, new Action.Claim()),
            Step.worker(1, new Action.OutboxRow("r1", "done")));

    @Test
    void aTransactionMovedLaterLetsTheStepsThatOnlyMadeItsWorkerStaleGo() {
        shrinksToTenStepsAtMost(TWELVE_STEPS, "business row answered AlreadyThere");
    }

    @Test
    void twoWorkersRolesExchangedAfterACommitLetTheStepsThatOnlyMadeTheOtherStaleGo() {
        shrinksToTenStepsAtMost(TWELVE_STEPS_ON_THE_OUTBOX, "outbox row answered AlreadyThere");
    }

    private static void shrinksToTenStepsAtMost(List<Step> steps, String kind) {
        try (TraceRunner runner = new TraceRunner(Databases.shared(), Implementations.select(JobVariants.UNBOUND_BUSINESS_ROWS))) {
            TryResult failing = runner.run(Trace.of(JobVariants.UNBOUND_BUSINESS_ROWS, steps));
            List<FindingKind> kinds = FindingKinds.of(failing);
            assertThat(kinds).as(failing.verdict()).hasSize(1);
            assertThat(kinds.getFirst().toString()).contains(kind);

            TraceShrinker.Shrunk shrunk = new TraceShrinker(runner::run).shrink(failing, kinds.getFirst(), ShrinkBudget.DEFAULT);

            assertThat(shrunk.cutShortBy()).isEmpty();
            assertThat(shrunk.result().steps()).as("%s%n%s", shrunk.result().verdict(), shrunk.result().trace().steps())
                    .isLessThanOrEqualTo(10);
            assertThat(FindingKinds.of(shrunk.result())).containsExactly(kinds.getFirst());
        }
    }
}
