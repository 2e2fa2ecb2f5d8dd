package fencecheck.realtime;

import fencecheck.db.VirtualClock;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;

/**
 * The one time base of a real-time history: the database server's {@code clock_timestamp()}, in
 * microseconds from {@link VirtualClock#ORIGIN} like every instant the implementation answers
 * (a lease's {@code until}). Workers cannot ask the server for the time around every call (that
 * would be another round trip, through the same faulty network), so this reads
 * {@link System#nanoTime()} (monotonic) and maps it onto the server's clock with an offset
 * measured at the start: the round trip of {@code select clock_timestamp()} with the smallest
 * delay among a few, whose answer was read by the server somewhere inside it. Its
 * half-round-trip bounds the offset's error. Measured again at the end, the offset's change
 * (the two clocks' drift: NTP slewing the server's wall clock, at most 500 ppm) widens the bound.
 * A checker widens every interval by {@link #uncertainty()} on both sides: an instant the
 * server read between a call's invocation and its completion lies inside the widened interval.
 * On one machine (the embedded server) the bound is some tens of microseconds.
 */
public final class ServerClock {

    private static final int SAMPLES = 25;
    /** Added to every bound: the server's clock reading and ours are not taken at the same point of a call. */
    private static final long SLACK_MICROS = 50;

    private final long baseNanos;
    private final long baseServerMicros;
    private final long halfRoundTripMicros;
    private long driftMicros;

    private ServerClock(long baseNanos, long baseServerMicros, long halfRoundTripMicros) {
        this.baseNanos = baseNanos;
        this.baseServerMicros = baseServerMicros;
        this.halfRoundTripMicros = halfRoundTripMicros;
    }

    /** Measures the offset on a real-time session (not through a fault proxy). */
    public static ServerClock calibrate(Connection session) throws SQLException {
        Sample best = best(session);
        return new ServerClock(best.midNanos, best.serverMicros, best.halfRoundTripMicros);
    }

    /** The server's clock now, as this JVM estimates it. */
    public long now() {
        return baseServerMicros + (System.nanoTime() - baseNanos) / 1_000;
    }

    /** Measures the offset again and keeps how far it moved; returns it in microseconds. */
    public long recheck(Connection session) throws SQLException {
        Sample again = best(session);
        long predicted = baseServerMicros + (again.midNanos - baseNanos) / 1_000;
        driftMicros = Math.max(driftMicros, Math.abs(again.serverMicros - predicted) + again.halfRoundTripMicros);
        return driftMicros;
    }

    /** How far an instant read from {@link #now()} may be from the server's clock at that moment. */
    public long uncertainty() {
        return halfRoundTripMicros + driftMicros + SLACK_MICROS;
    }

    private record Sample(long midNanos, long serverMicros, long halfRoundTripMicros) {
    }

    private static Sample best(Connection session) throws SQLException {
        Sample best = null;
        try (PreparedStatement s = session.prepareStatement("select pg_catalog.clock_timestamp()")) {
            for (int i = 0; i < SAMPLES; i++) {
                long before = System.nanoTime();
                long server;
                try (ResultSet rs = s.executeQuery()) {
                    rs.next();
                    server = VirtualClock.toMicros(rs.getObject(1, OffsetDateTime.class));
                }
                long after = System.nanoTime();
                Sample sample = new Sample(before + (after - before) / 2, server, (after - before) / 2_000 + 1);
                if (best == null || sample.halfRoundTripMicros < best.halfRoundTripMicros) {
                    best = sample;
                }
            }
        }
        return best;
    }
}
