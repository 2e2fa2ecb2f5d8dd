package fencecheck.check;

import fencecheck.api.TimeResolution;
import fencecheck.model.ClockBounds;
import fencecheck.model.Describe;
import fencecheck.model.Micros;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * {@link ClockBounds} over a real-time history, whose clock is the database server's: the first grant or renewal
 * whose lease end that clock cannot have given. Its lower bound is the start of the worker's previous operation, not
 * of the call itself: a client may run a call in a transaction it opened when its previous call returned (a pool that
 * begins eagerly), whose {@code now()} is that old, and that is a lease too short, which the checkers judge, not
 * another clock. Its upper bound takes the longest lease length asked for so far: the workers ask for several, and a
 * holder's acquire may be answered with its lease as an earlier, longer grant made it. Pure.
 */
public final class RealTimeClock {

    private RealTimeClock() {
    }

    /**
     * The first operation answered with a lease end outside the bounds, in words that fit after "reads a clock
     * fencecheck does not control: "; empty when there is none.
     */
    public static Optional<String> firstOutside(RealTimeHistory history, TimeResolution resolution) {
        Map<String, TimedOperation> previous = new HashMap<>();
        long longestTtl = 0;
        for (TimedOperation o : history.operations()) {
            TimedOperation before = previous.put(o.process(), o);
            long earliest = Math.min(history.earliest(o), before == null ? Long.MAX_VALUE : history.earliest(before));
            longestTtl = Math.max(longestTtl, ClockBounds.ttlOf(o.command()));
            Optional<String> outside = ClockBounds.outside(o.command(), o.outcome(), earliest, history.latest(o), longestTtl,
                    resolution);
            if (outside.isPresent()) {
                return Optional.of(o.process() + "'s " + Describe.realTimeCommand(o.command()) + " (operation " + o.id() + ", sent at "
                        + Micros.millis(o.invoke() - history.start()) + " of the run) " + outside.get());
            }
        }
        return Optional.empty();
    }
}
