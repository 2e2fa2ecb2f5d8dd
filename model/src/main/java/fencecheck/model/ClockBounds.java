package fencecheck.model;

import fencecheck.api.Outcome;
import fencecheck.api.TimeResolution;
import fencecheck.model.Command.Acquire;
import fencecheck.model.Command.Renew;

import java.util.Optional;

/**
 * Whether a lease end an implementation answered can have been read on the clock fencecheck runs it on: the virtual
 * clock in lock step, the database server's in real time. A grant or renewal asked for {@code ttl} answers an end no
 * earlier than the call started (a lease over before it was asked for is none) and no later than the call ended plus
 * {@code ttl} plus one unit of the claimed resolution (a column rounds by less). No semantics allows an end outside
 * these bounds, so one there is not a difference from the reference to weigh: the implementation takes its time from
 * a clock fencecheck does not move (the JVM's, another server's, one a library kept from an earlier run), and every
 * verdict about its leases would be about that clock. Pure.
 */
public final class ClockBounds {

    private ClockBounds() {
    }

    /**
     * Why {@code answer} cannot come from fencecheck's clock, in words that fit after "reads a clock fencecheck does
     * not control: "; empty when its lease end is within the bounds, or it carries none.
     *
     * @param earliest the earliest instant the call can have read the clock at (its start, or in real time the start of
     *                 the worker's previous call: see {@code RealTimeClock})
     * @param latest   the latest (its end: later than the start only when the call waited while the clock moved)
     */
    public static Optional<String> outside(Command command, Outcome answer, long earliest, long latest, TimeResolution resolution) {
        return outside(command, answer, earliest, latest, ttlOf(command), resolution);
    }

    /**
     * {@link #outside(Command, Outcome, long, long, TimeResolution)} where lease lengths vary: a holder's acquire may be
     * answered with its lease as granted before (an idempotent re-grant), asked for with a longer length.
     *
     * @param longestTtl the longest lease length asked for up to this call, this one's included
     */
    public static Optional<String> outside(Command command, Outcome answer, long earliest, long latest, long longestTtl,
                                           TimeResolution resolution) {
        long ttl = ttlOf(command) < 0 ? -1 : Math.max(ttlOf(command), longestTtl);
        Long until = switch (answer) {
            case Outcome.Granted g -> g.until();
            case Outcome.Renewed r -> r.until();
            case null, default -> null;
        };
        if (ttl < 0 || until == null) {
            return Optional.empty();
        }
        String answered = "answered a lease end of " + Micros.instant(until) + " (" + Micros.format(until) + " on fencecheck's time line)";
        if (until < earliest) {
            return Optional.of(answered + ", before the earliest instant the call can have read the clock at, "
                    + Micros.instant(earliest) + " (" + Micros.format(earliest) + ")");
        }
        long last = latest + ttl + resolution.unitMicros();
        if (until > last) {
            return Optional.of(answered + ", after the call's end plus the " + (ttl == ttlOf(command) ? "lease length it asked for"
                    : "longest lease length asked for") + " and one "
                    + (resolution.unitMicros() == 1 ? "microsecond" : "millisecond") + " (" + Micros.format(last) + ")");
        }
        return Optional.empty();
    }

    /** The lease length a grant or renewal asks for; -1 for any other command. */
    public static long ttlOf(Command command) {
        return switch (command) {
            case Acquire a -> a.ttl();
            case Renew r -> r.ttl();
            default -> -1;
        };
    }

    /**
     * The one line that stops a property: which call answered what ({@link #outside}'s words after the call), and what
     * to do.
     *
     * @param implementation the implementation's name
     * @param what           the worker, its call and {@link #outside}'s words, e.g. {@code w1's acquire K1 ... answered ...}
     * @param whatToDo       what to change, for the mode the property runs in
     */
    public static RunStop stop(String implementation, String what, String whatToDo) {
        return new RunStop(implementation + " reads a clock fencecheck does not control: " + what + "; " + whatToDo);
    }
}
