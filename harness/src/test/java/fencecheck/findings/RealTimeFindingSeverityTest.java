package fencecheck.findings;

import fencecheck.api.Conformance;
import fencecheck.api.KeyState;
import fencecheck.api.Lease;
import fencecheck.api.ModelConfig;
import fencecheck.api.Outcome;
import fencecheck.api.Outcome.Granted;
import fencecheck.api.Outcome.Renewed;
import fencecheck.check.RealTimeHistory;
import fencecheck.check.RealTimeVerdict;
import fencecheck.check.TimedOperation;
import fencecheck.model.Command;
import fencecheck.model.Command.Acquire;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A failing real-time history weighs as a lock-step finding does: an answer no correct lease service may give is a
 * safety finding at either level; one that only strict conformance refuses is a conformance difference.
 */
class RealTimeFindingSeverityTest {

    private static final long TTL = 100_000;
    private static final long MAX_STATES = 10_000;
    private static final ModelConfig STRICT = ModelConfig.reference().withConformance(Conformance.STRICT);
    private static final ModelConfig SAFETY = ModelConfig.reference().withConformance(Conformance.SAFETY);

    private static RealTimeHistory history(TimedOperation... operations) {
        return new RealTimeHistory(List.of(operations), Map.of(), List.of(), 0, 0);
    }

    private static TimedOperation op(int id, String process, Command command, long invoke, long complete, Outcome outcome) {
        return new TimedOperation(id, process, command, invoke, complete, outcome, "");
    }

    @Test
    void aRenewThatRevivesAnExpiredLeaseFailsStrictConformanceOnly() {
        // sent a tenth of a second after the lease ran out, nobody having taken K1: admissible, not the reference's answer
        RealTimeHistory revival = history(
                op(1, "w1", new Acquire("K1", "w1", TTL), 0, 1_000, new Granted(1, 100_500)),
                op(2, "w1", new Command.Renew("K1", "w1", 1, TTL), 200_000, 201_000, new Renewed(300_500)));
        assertThat(RealTimeVerdict.of(revival, STRICT, MAX_STATES).passed()).as("refused under strict").isFalse();

        assertThat(FindingKinds.severityOf(revival, STRICT, MAX_STATES)).isEqualTo(Severity.CONFORMANCE);
    }

    /** Every answer explained, the rows read at the end one token above the model's: a difference, never a safety finding. */
    @Test
    void rowsReadAtTheEndThatBreakNoInvariantAreAConformanceDifferenceUnderStrictAndPassUnderSafety() {
        RealTimeHistory numberedAbove = new RealTimeHistory(List.of(
                op(1, "w1", new Acquire("K1", "w1", TTL), 0, 1_000, new Granted(1, 100_500))),
                Map.of("K1", KeyState.EMPTY.withLease(new Lease("w1", 100_500, 2))), List.of(), 0, 0);
        assertThat(RealTimeVerdict.of(numberedAbove, STRICT, MAX_STATES).passed()).as("refused under strict").isFalse();
        assertThat(RealTimeVerdict.of(numberedAbove, SAFETY, MAX_STATES).passed()).as("a note under safety").isTrue();

        assertThat(FindingKinds.severityOf(numberedAbove, STRICT, MAX_STATES)).isEqualTo(Severity.CONFORMANCE);
    }

    @Test
    void aGrantWhileAnotherHoldsTheLeaseIsASafetyFindingAtEitherLevel() {
        RealTimeHistory overlap = history(
                op(1, "w1", new Acquire("K1", "w1", TTL), 0, 1_000, new Granted(1, 100_000)),
                op(2, "w2", new Acquire("K1", "w2", TTL), 50_000, 51_000, new Granted(2, 150_000)));
        assertThat(RealTimeVerdict.of(overlap, STRICT, MAX_STATES).passed()).isFalse();
        assertThat(RealTimeVerdict.of(overlap, SAFETY, MAX_STATES).passed()).isFalse();

        assertThat(FindingKinds.severityOf(overlap, STRICT, MAX_STATES)).isEqualTo(Severity.SAFETY);
        assertThat(FindingKinds.severityOf(overlap, SAFETY, MAX_STATES)).isEqualTo(Severity.SAFETY);
    }
}
