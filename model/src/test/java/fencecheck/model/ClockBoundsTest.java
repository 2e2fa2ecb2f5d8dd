package fencecheck.model;

import fencecheck.api.Outcome;
import fencecheck.api.TimeResolution;
import fencecheck.check.RealTimeClock;
import fencecheck.check.RealTimeHistory;
import fencecheck.check.TimedOperation;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A lease end the clock fencecheck runs an implementation on cannot have given: before the call could read the clock,
 * or later than its end plus the lease length and one unit of the resolution. Within those bounds, every end is one
 * the semantics judge.
 */
class ClockBoundsTest {

    private static final long SECOND = Micros.SECOND;
    private static final Command.Acquire ACQUIRE = new Command.Acquire("K1", "w1", 10 * SECOND);

    @Test
    void anEndWithinTheBoundsIsNotTheClocksBusiness() {
        // from the call's start to its end plus the lease and one unit: shorter, longer and re-granted leases alike
        for (long until : List.of(5 * SECOND, 5 * SECOND + 1, 15 * SECOND, 17 * SECOND, 17 * SECOND + 1)) {
            assertThat(ClockBounds.outside(ACQUIRE, new Outcome.Granted(1, until), 5 * SECOND, 7 * SECOND, TimeResolution.MICROSECONDS))
                    .as("lease end %d", until).isEmpty();
        }
        assertThat(ClockBounds.outside(ACQUIRE, new Outcome.Granted(1, 17 * SECOND + 1_000), 5 * SECOND, 7 * SECOND,
                TimeResolution.MILLISECONDS)).isEmpty();
        assertThat(ClockBounds.outside(ACQUIRE, new Outcome.Busy(), 5 * SECOND, 5 * SECOND, TimeResolution.MICROSECONDS)).isEmpty();
    }

    @Test
    void anEndBeforeTheCallOrPastItsLeaseIsAnotherClocks() {
        assertThat(ClockBounds.outside(ACQUIRE, new Outcome.Granted(1, 5 * SECOND - 1), 5 * SECOND, 5 * SECOND, TimeResolution.MICROSECONDS))
                .hasValue("answered a lease end of 2030-01-01T00:00:04.999999Z (4.999999s on fencecheck's time line), before the"
                        + " earliest instant the call can have read the clock at, 2030-01-01T00:00:05Z (5.000000s)");
        Command.Renew renew = new Command.Renew("K1", "w1", 1, 10 * SECOND);
        assertThat(ClockBounds.outside(renew, new Outcome.Renewed(15 * SECOND + 2), 5 * SECOND, 5 * SECOND, TimeResolution.MICROSECONDS))
                .hasValue("answered a lease end of 2030-01-01T00:00:15.000002Z (15.000002s on fencecheck's time line), after the"
                        + " call's end plus the lease length it asked for and one microsecond (15.000001s)");
        // the wall clock of 2026 in a lock-step run at 2030: years before
        long wall = -3L * 365 * 24 * 3600 * SECOND;
        assertThat(ClockBounds.outside(ACQUIRE, new Outcome.Granted(1, wall), 0, 0, TimeResolution.MICROSECONDS)).isPresent();
        assertThat(ClockBounds.stop("my-leases", "w1's acquire answered ...", "fix it").getMessage())
                .isEqualTo("my-leases reads a clock fencecheck does not control: w1's acquire answered ...; fix it");
    }

    @Test
    void inRealTimeACallMayReadTheClockFromTheStartOfTheWorkersPreviousCall() {
        long start = 1_000 * SECOND;
        // w1 acquired at +0 for 300 ms; its renew at +250 ms runs in a transaction opened when the acquire returned, so its
        // now() is +1 ms and its 100 ms lease ends at +101 ms: before the renew was sent, yet the database's own clock
        TimedOperation acquire = new TimedOperation(1, "w1", new Command.Acquire("K1", "w1", 300_000), start, start + 1_000,
                new Outcome.Granted(1, start + 301_000), "");
        TimedOperation renew = new TimedOperation(2, "w1", new Command.Renew("K1", "w1", 1, 100_000), start + 250_000,
                start + 251_000, new Outcome.Renewed(start + 101_000), "");
        RealTimeHistory history = new RealTimeHistory(List.of(acquire, renew), Map.of(), List.of(), start, 100);
        assertThat(RealTimeClock.firstOutside(history, TimeResolution.MICROSECONDS)).isEmpty();
        // another worker's first call cannot: it has no earlier one
        TimedOperation other = new TimedOperation(3, "w2", new Command.Renew("K1", "w2", 1, 100_000), start + 250_000,
                start + 251_000, new Outcome.Renewed(start + 101_000), "");
        RealTimeHistory early = new RealTimeHistory(List.of(acquire, other), Map.of(), List.of(), start, 100);
        // a holder's acquire for 100 ms answered with its lease as the earlier 300 ms grant made it: the longest length counts
        TimedOperation regrant = new TimedOperation(2, "w1", new Command.Acquire("K1", "w1", 100_000), start + 2_000,
                start + 3_000, new Outcome.Granted(1, start + 301_000), "");
        assertThat(RealTimeClock.firstOutside(new RealTimeHistory(List.of(acquire, regrant), Map.of(), List.of(), start, 100),
                TimeResolution.MICROSECONDS)).isEmpty();
        assertThat(RealTimeClock.firstOutside(early, TimeResolution.MICROSECONDS)).hasValueSatisfying(s -> assertThat(s)
                .startsWith("w2's renew K1 token 1 as w2 for 100.000 ms (operation 3, sent at 250.000 ms of the run) answered a lease end"));
    }
}
