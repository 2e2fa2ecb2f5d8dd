package fencecheck.run;

import fencecheck.api.KeyState;
import fencecheck.api.Outcome;
import fencecheck.model.Micros;

import java.util.Optional;

/**
 * Recognises a time the database answered that is far from the virtual
 * clock: the implementation reads a clock fencecheck does not move, and the
 * verdict should say so in words, not only as two odd numbers.
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

    private ForeignClock() {
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
