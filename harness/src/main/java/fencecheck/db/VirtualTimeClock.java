package fencecheck.db;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The virtual clock as a {@link Clock}, for an implementation that takes its
 * time from Java instead of the database: it shows what the database's
 * {@code clock_timestamp()} shows, and moves only when a step moves the clock.
 */
public final class VirtualTimeClock extends Clock {

    private final AtomicLong micros;
    private final ZoneId zone;

    public VirtualTimeClock() {
        this(ZoneOffset.UTC, new AtomicLong());
    }

    private VirtualTimeClock(ZoneId zone, AtomicLong micros) {
        this.zone = zone;
        this.micros = micros;
    }

    /** Called by the runner whenever it sets the database's clock. */
    public void set(long virtualMicros) {
        micros.set(virtualMicros);
    }

    @Override
    public ZoneId getZone() {
        return zone;
    }

    /** The same clock, seen in another zone: it moves with this one. */
    @Override
    public Clock withZone(ZoneId newZone) {
        return new VirtualTimeClock(newZone, micros);
    }

    @Override
    public Instant instant() {
        return VirtualClock.toTimestamp(micros.get()).toInstant();
    }
}
