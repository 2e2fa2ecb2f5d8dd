package fencecheck.kit;

import fencecheck.db.VirtualClock;
import org.apiguardian.api.API;

import java.time.Instant;
import java.time.OffsetDateTime;

/**
 * Instants as an {@link fencecheck.api.Outcome} carries them: whole microseconds on fencecheck's time line, which
 * the lease ends a library reads back from its tables are turned into ({@code new Outcome.Granted(0,
 * LeaseTime.micros(lockUntil))}). The same in lock step, where the database's clock is fencecheck's virtual one, and in
 * real time.
 */
@API(status = API.Status.STABLE, since = "0.1")
public final class LeaseTime {

    private LeaseTime() {
    }

    /**
     * The microseconds of {@code instant} on fencecheck's time line.
     *
     * @param instant an instant read from the database (a {@code timestamptz} or a {@code timestamp} in UTC)
     * @return its microseconds, as an {@code Outcome}'s lease end
     * @throws IllegalArgumentException when it has a fraction below a microsecond, which no PostgreSQL time has
     */
    public static long micros(Instant instant) {
        return VirtualClock.toMicros(instant);
    }

    /**
     * The microseconds of {@code timestamp} on fencecheck's time line.
     *
     * @param timestamp a {@code timestamptz} read back with {@code getObject(column, OffsetDateTime.class)}
     * @return its microseconds, as an {@code Outcome}'s lease end
     * @throws IllegalArgumentException when it has a fraction below a microsecond, which no PostgreSQL time has
     */
    public static long micros(OffsetDateTime timestamp) {
        return VirtualClock.toMicros(timestamp);
    }
}
