package fencecheck.findings;

import fencecheck.check.Invariant;
import fencecheck.run.TryResult;
import fencecheck.trace.Action;
import fencecheck.trace.Step;
import fencecheck.trace.Trace;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** A run's failing tries, grouped by kind: safety first, counted, and the shortest of each kept to shrink. */
class FailingTriesTest {

    @Test
    void groupsByKindSafetyFirstWithCountsTheFirstTryAndTheShortest() {
        FailingTries failing = new FailingTries();
        TryResult longer = Tries.divergingAtTheEnd(10, Tries.REFUSED, Tries.RENEWED);
        TryResult shorter = Tries.divergingAtTheEnd(4, Tries.REFUSED, Tries.RENEWED);

        failing.record(Tries.renewBug(Trace.of("test", List.of(Step.worker(2, new Action.Renew())))));
        failing.record(longer);
        failing.record(Tries.breaking(Invariant.TOKENS_STRICTLY_INCREASING));
        failing.record(shorter);

        assertThat(failing.tries()).isEqualTo(4);
        assertThat(failing.groups()).hasSize(2);
        FailingTries.Group safety = failing.groups().get(0);
        assertThat(safety.kind().severity()).as("safety first, though found later").isEqualTo(Severity.SAFETY);
        assertThat(safety.firstTry()).isEqualTo(3);
        FailingTries.Group conformance = failing.groups().get(1);
        assertThat(conformance.tries()).isEqualTo(2);
        assertThat(conformance.firstTry()).isEqualTo(2);
        assertThat(conformance.shortest()).isSameAs(shorter);
    }

    @Test
    void passingTriesAreOnlyCounted() {
        FailingTries failing = new FailingTries();
        failing.record(Tries.renewBug(Trace.of("test", List.of(Step.worker(2, new Action.Renew())))));

        assertThat(failing.isEmpty()).isTrue();
        assertThat(failing.tries()).isEqualTo(1);
    }
}
