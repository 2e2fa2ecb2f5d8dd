package fencecheck.findings;

import fencecheck.api.Outcome;
import fencecheck.check.Invariant;
import fencecheck.check.Violation;
import fencecheck.job.JobOutcome;
import fencecheck.run.HistoryEntry;
import fencecheck.run.TryResult;
import fencecheck.trace.Action;
import fencecheck.trace.Step;
import fencecheck.trace.Trace;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/** A failed try's kinds: the guarantee broken and the operation that broke it, never the values of the answers. */
class FindingKindsTest {

    @Test
    void aDisagreementIsNamedByItsOperationAndTheShapesOfBothAnswers() {
        TryResult tried = Tries.divergingAtTheEnd(3, Tries.REFUSED, Tries.RENEWED);

        assertThat(FindingKinds.of(tried)).containsExactly(
                new FindingKind(Severity.CONFORMANCE, "renew", "answered Renewed where the model expects RenewRejected"));
        assertThat(FindingKinds.of(tried).get(0).describe()).isEqualTo("renew answered Renewed where the model expects RenewRejected");
    }

    @Test
    void theSameDisagreementWithOtherValuesIsTheSameKind() {
        TryResult one = Tries.divergingAtTheEnd(2, Tries.REFUSED, new JobOutcome.Answered(new Outcome.Renewed(20)));
        TryResult other = Tries.divergingAtTheEnd(7, Tries.REFUSED, new JobOutcome.Answered(new Outcome.Renewed(99)));

        assertThat(FindingKinds.of(one)).isEqualTo(FindingKinds.of(other));
    }

    @Test
    void answersOfOneTypeThatDifferSayWhichPartDiffers() {
        TryResult tried = Tries.divergingAtTheEnd(2, new JobOutcome.Answered(new Outcome.Granted(2, 10)),
                new JobOutcome.Answered(new Outcome.Granted(1, 10)));

        assertThat(FindingKinds.of(tried)).extracting(FindingKind::broken).containsExactly("answered Granted with another token than the model's");
    }

    @Test
    void anInvariantBrokenAtTheDivergentStepIsOneSafetyFindingAndTheLowestInvariantNamesIt() {
        TryResult diverging = Tries.divergingAtTheEnd(2, Tries.REFUSED, Tries.RENEWED);
        HistoryEntry at = diverging.divergent();
        TryResult tried = Tries.result(diverging.trace(), diverging.history(), at, List.of(
                new Violation(Invariant.TOKENS_STRICTLY_INCREASING, 2, "reused"), new Violation(Invariant.MUTUAL_EXCLUSION, 2, "two holders")));

        assertThat(FindingKinds.of(tried)).containsExactly(new FindingKind(Severity.SAFETY, "renew", "broke invariant 2. mutual exclusion"));
    }

    @Test
    void invariantsBrokenAtDifferentStepsAreDifferentFindings() {
        Step acquire = Step.worker(1, new Action.Acquire("K1"));
        Step renew = Step.worker(1, new Action.Renew());
        List<HistoryEntry> history = List.of(Tries.entry(1, acquire, Tries.GRANTED, Tries.GRANTED), Tries.entry(2, renew, Tries.RENEWED, Tries.RENEWED));
        TryResult tried = Tries.result(Trace.of("test", List.of(acquire, renew)), history, null, List.of(
                new Violation(Invariant.TOKENS_STRICTLY_INCREASING, 1, "reused"), new Violation(Invariant.MUTUAL_EXCLUSION, 2, "two holders")));

        assertThat(FindingKinds.of(tried)).extracting(FindingKind::operation, FindingKind::severity).containsExactly(
                tuple("acquire", Severity.SAFETY), tuple("renew", Severity.SAFETY));
    }

    @Test
    void aPassingTryShowsNothing() {
        TryResult passed = Tries.renewBug(Trace.of("test", List.of(Step.worker(2, new Action.Renew()))));

        assertThat(passed.passed()).isTrue();
        assertThat(FindingKinds.of(passed)).isEmpty();
    }
}
