package fencecheck.api;

import org.apiguardian.api.API;

/**
 * The resolution at which an implementation stores lease ends, and so at which
 * the model stores and answers them. The clock itself stays in microseconds
 * (PostgreSQL's {@code clock_timestamp()} has microsecond resolution whatever a
 * column's precision), so a lease stored in milliseconds is compared with a
 * microsecond {@code now}.
 */
@API(status = API.Status.STABLE, since = "0.1")
public enum TimeResolution {

    /**
     * The implementation stores lease ends as {@code timestamptz} (precision 6):
     * every {@code until} it stores and answers is exact to the microsecond. The reference.
     */
    MICROSECONDS(1),

    /**
     * The implementation stores lease ends as {@code timestamptz(3)}: every
     * {@code until} it stores and answers (a grant's, a renewal's, a release's) is
     * the exact instant rounded to the millisecond the way PostgreSQL rounds into
     * such a column (see {@link #round}).
     */
    MILLISECONDS(1_000);

    private final long unitMicros;

    TimeResolution(long unitMicros) {
        this.unitMicros = unitMicros;
    }

    /**
     * The smallest step between two stored instants, in microseconds.
     *
     * @return 1 or 1000
     */
    public long unitMicros() {
        return unitMicros;
    }

    /**
     * The instant a column of this resolution stores for {@code micros}: the nearest
     * multiple of {@link #unitMicros()}, halves rounded up (towards the later instant).
     *
     * <p>Why halves go up: PostgreSQL rounds a value into {@code timestamp(p)} in
     * {@code AdjustTimestampForTypmod} (src/backend/utils/adt/timestamp.c) with integer
     * arithmetic, {@code ((t + TimestampOffsets[p]) / TimestampScales[p]) * TimestampScales[p]}
     * for {@code t >= 0} and the mirror image for {@code t < 0}; its own comment says "the
     * integer code always rounds up (away from zero)" (the documentation, "Date/Time Types",
     * only says {@code p} is the number of fractional digits retained). {@code t} counts
     * microseconds from PostgreSQL's epoch, 2000-01-01, so "away from zero" is "up" for
     * every instant after 2000. Model time counts from the harness's origin (2030-01-01, a
     * whole number of milliseconds after that epoch), so rounding halves up in model time is
     * PostgreSQL's rounding for every instant the harness can reach, negative model times
     * included (which rounding halves away from zero <em>in model time</em> would get wrong).
     *
     * @param micros an instant, in microseconds on fencecheck's time line
     * @return the instant a column of this resolution stores for it
     */
    public long round(long micros) {
        return Math.floorDiv(micros + unitMicros / 2, unitMicros) * unitMicros;
    }

    /**
     * The first instant at or after {@code micros} that this resolution holds.
     *
     * @param micros an instant, in microseconds on fencecheck's time line
     * @return the least multiple of {@link #unitMicros()} that is not before it
     */
    public long ceil(long micros) {
        return Math.floorDiv(micros + unitMicros - 1, unitMicros) * unitMicros;
    }

    /**
     * The last instant at or before {@code micros} that this resolution holds.
     *
     * @param micros an instant, in microseconds on fencecheck's time line
     * @return the greatest multiple of {@link #unitMicros()} that is not after it
     */
    public long floor(long micros) {
        return Math.floorDiv(micros, unitMicros) * unitMicros;
    }

    /**
     * Whether a column of this resolution can hold {@code micros} exactly: what a generator may pick as a stored
     * instant.
     *
     * @param micros an instant, in microseconds on fencecheck's time line
     * @return whether it is a multiple of {@link #unitMicros()}
     */
    public boolean holds(long micros) {
        return Math.floorMod(micros, unitMicros) == 0;
    }
}
