package fencecheck.run;

import fencecheck.db.Databases;
import fencecheck.db.VirtualClock;
import fencecheck.protocol.SqlLeaseProtocol;
import fencecheck.trace.Action;
import fencecheck.trace.Action;
import fencecheck.trace.Step;
import fencecheck.trace.Trace;
import fencecheck.trace.Step;
import fencecheck.trace.Trace;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.ZoneId;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;

/** An implementation that takes its time from Java gets a clock that moves with the virtual clock, and only with it. */
class JavaClockTest {

    private static SqlLeaseProtocol capturing(AtomicReference<Clock> given) {
        return new SqlLeaseProtocol() {
            @Override
            public void useClock(Clock clock) {
                given.set(clock);
            }
        };
    }

    @Test
    void theLeaseRunnersClockFollowsTheVirtualClock() {
        AtomicReference<Clock> given = new AtomicReference<>();
        try (TraceRunner runner = new TraceRunner(Databases.shared(), capturing(given), false)) {
            assertThat(given.get()).as("given before the first try").isNotNull();
            runner.run(Trace.of("reference", List.of(Step.clock(new Action.AdvanceBy(5_000_000)))));
            assertThat(given.get().instant()).isEqualTo(VirtualClock.ORIGIN.plusSeconds(5));
            assertThat(given.get().withZone(ZoneId.of("Europe/Paris")).instant()).isEqualTo(VirtualClock.ORIGIN.plusSeconds(5));
            runner.run(Trace.of("reference", List.of(Step.worker(1, new Action.Acquire("K1")))));
            assertThat(given.get().instant()).as("a new try starts at the origin").isEqualTo(VirtualClock.ORIGIN);
        }
    }

    @Test
    void theJobRunnersClockFollowsTheVirtualClock() {
        AtomicReference<Clock> given = new AtomicReference<>();
        try (TraceRunner runner = new TraceRunner(Databases.shared(), capturing(given))) {
            runner.run(Trace.of("reference", List.of(new Step("clock", new Action.AdvanceBy(2_500_000)))));
            assertThat(given.get().instant()).isEqualTo(VirtualClock.ORIGIN.plusMillis(2_500));
        }
    }
}
