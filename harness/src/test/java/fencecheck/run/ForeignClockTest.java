package fencecheck.run;

import fencecheck.db.Databases;
import fencecheck.model.KeyState;
import fencecheck.model.Lease;
import fencecheck.model.ModelConfig;
import fencecheck.model.Outcome;
import fencecheck.protocol.SqlLeaseProtocol;
import fencecheck.trace.Action;
import fencecheck.trace.Step;
import fencecheck.trace.Trace;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** A time far from the virtual clock is named as a clock fencecheck does not control, in the verdict's one line. */
class ForeignClockTest {

    @Test
    void aTimeDaysAwayFromTheVirtualClockIsExplained() {
        assertThat(ForeignClock.explain(new Outcome.Granted(1, 10_000_000), new Outcome.Granted(1, -100L * 24 * 3600 * 1_000_000),
                null, null)).hasValueSatisfying(s -> assertThat(s).startsWith("the database's time is 100 days before the virtual"
                + " clock: the implementation reads a clock fencecheck does not control").contains("CURRENT_TIMESTAMP"));
        KeyState model = KeyState.EMPTY.withLease(new Lease("w1.1", 10_000_000, 1));
        KeyState database = KeyState.EMPTY.withLease(new Lease("w1.1", 3L * 24 * 3600 * 1_000_000, 1));
        assertThat(ForeignClock.explain(null, null, model, database)).hasValueSatisfying(s -> assertThat(s).contains("2 days after"));
    }

    @Test
    void aTimeNearTheVirtualClockIsAnOrdinaryDifference() {
        assertThat(ForeignClock.explain(new Outcome.Granted(1, 10_000_000), new Outcome.Granted(1, 10_000_001), null, null)).isEmpty();
        assertThat(ForeignClock.explain(new Outcome.Busy(), new Outcome.Granted(1, -100L * 24 * 3600 * 1_000_000), null, null)).isEmpty();
    }

    /** An acquire that reads CURRENT_TIMESTAMP fails at its first step, and the verdict says why in words. */
    @Test
    void anImplementationReadingCurrentTimestampIsToldSo() {
        SqlLeaseProtocol currentTimestamp = new SqlLeaseProtocol("acquire-reads-current-timestamp", "", ModelConfig.reference(),
                "test-clocks/current-timestamp") {
        };
        try (TraceRunner runner = new TraceRunner(Databases.shared(), currentTimestamp, false)) {
            TryResult result = runner.run(Trace.of(currentTimestamp.name(), List.of(Step.worker(1, new Action.Acquire("K1")))));
            assertThat(result.passed()).isFalse();
            assertThat(result.verdict()).doesNotContain("\n")
                    .contains("the implementation reads a clock fencecheck does not control");
        }
    }
}
