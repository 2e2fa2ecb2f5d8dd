package fencecheck.run;

import fencecheck.api.KeyState;
import fencecheck.api.LeaseProtocol;
import fencecheck.api.Outcome;
import fencecheck.job.JobCommand;
import fencecheck.job.JobOutcome;
import fencecheck.model.ClockBounds;
import fencecheck.model.Describe;
import fencecheck.model.Micros;

import java.util.Collections;
import java.util.Optional;

/**
 * Recognises a time the database answered that is far from the virtual
 * clock: the implementation reads a clock fencecheck does not move, and the
 * verdict should say so in words, not only as two odd numbers. A grant's or
 * renewal's lease end outside what the virtual clock can give stops the try
 * ({@link #stopOutside}); a row's time far off is explained in a divergence's
 * verdict ({@link #explain}).
 */
final class ForeignClock {

    /** Farther than this from the model's time, a time cannot come from the virtual clock. */
    static final long FAR_MICROS = 24L * 3600 * Micros.SECOND;

    /** Which time sources follow the virtual clock, and which do not. */
    static final String CONTROLLED = "fencecheck moves now(), CURRENT_TIMESTAMP, transaction_timestamp(), statement_timestamp(),"
            + " clock_timestamp(), LOCALTIMESTAMP, CURRENT_DATE, CURRENT_TIME, LOCALTIME, timeofday() and age(x) in what its"
            + " sessions run, and gives Java code a java.time.Clock (LeaseProtocol.useClock); it cannot move"
            + " System.currentTimeMillis(), Instant.now() without the given clock, pg_catalog.now(), 'now'::timestamptz,"
            + " a keyword inside a function body stored in the database, or a clock of another server";

    /** What to change when a lock-step answer shows another clock. */
    static final String LOCK_STEP_FIX = "take every instant from now(), clock_timestamp() or CURRENT_TIMESTAMP as written"
            + " (fencecheck moves them; not pg_catalog.now()) or from the java.time.Clock that LeaseProtocol.useClock hands over"
            + " before every try; a library that reads the JVM's clock itself cannot run in lock step: check it in real time"
            + " only (checks = Check.REAL_TIME)";

    private ForeignClock() {
    }

    /**
     * Stops the try, and with it the property ({@link ClockBounds.ForeignClock}), when a grant or renewal answered a
     * lease end the virtual clock cannot have given, whatever the semantics claim: before the call started, or later
     * than its end plus the lease length and one unit of the claimed resolution.
     */
    static void stopOutside(LeaseProtocol protocol, String session, Running r, JobOutcome seen) {
        if (!(r.command instanceof JobCommand.LeaseOperation op) || !(seen instanceof JobOutcome.Answered answered)) {
            return;
        }
        long latest = Collections.max(r.instants());
        Optional<String> outside = ClockBounds.outside(op.command(), answered.outcome(), r.startedAt, latest,
                protocol.modelConfig().resolution());
        if (outside.isPresent()) {
            throw ClockBounds.stop(protocol.name(), session + "'s " + Describe.command(op.command()) + " at "
                    + Micros.format(r.startedAt) + " " + outside.get(), LOCK_STEP_FIX);
        }
    }

    /** The explanation, when the answer or the lease row carries a time far from the model's. */
    static Optional<String> explain(Outcome expected, Outcome observed, KeyState expectedRows, KeyState observedRows) {
        Long model = time(expected);
        Long database = time(observed);
        if ((model == null || database == null) && expectedRows != null && observedRows != null
                && expectedRows.lease() != null && observedRows.lease() != null) {
            model = expectedRows.lease().until();
            database = observedRows.lease().until();
        }
        if (model == null || database == null || Math.abs(database - model) <= FAR_MICROS) {
            return Optional.empty();
        }
        long days = Math.abs(database - model) / (24L * 3600 * Micros.SECOND);
        return Optional.of("the database's time is " + days + " days " + (database < model ? "before" : "after")
                + " the virtual clock: the implementation reads a clock fencecheck does not control (" + CONTROLLED + ")");
    }

    private static Long time(Outcome outcome) {
        return switch (outcome) {
            case Outcome.Granted g -> g.until();
            case Outcome.Renewed r -> r.until();
            case Outcome.ClockAt c -> c.now();
            case null, default -> null;
        };
    }
}
