package fencecheck.properties;

import fencecheck.api.LeaseClient;
import fencecheck.api.Outcome;
import fencecheck.kit.LeaseTime;
import fencecheck.protocol.ForwardingLeaseClient;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.UUID;

/**
 * The reference, with the lease ends of its grants and renewals answered on a Java clock, as a lease service that
 * keeps time in Java does: each end moved by how far that clock is from the database's. Exactly the reference's on the
 * clock fencecheck hands over ({@link #useClock}), years off on the wall clock in lock step.
 */
public abstract class ClockedLeases extends LeaseOnlyReference {

    /** The clock the lease ends are read from now. */
    abstract Clock clock();

    @Override
    public LeaseClient client(Connection connection) throws SQLException {
        LeaseClient reference = super.client(connection);
        return new ForwardingLeaseClient(reference) {
            @Override
            public Outcome acquire(String key, UUID owner, long ttlMicros) throws SQLException {
                Outcome answer = delegate.acquire(key, owner, ttlMicros);
                return answer instanceof Outcome.Granted g ? new Outcome.Granted(g.token(), g.until() + skew(connection)) : answer;
            }

            @Override
            public Outcome renew(String key, UUID owner, long token, long ttlMicros) throws SQLException {
                Outcome answer = delegate.renew(key, owner, token, ttlMicros);
                return answer instanceof Outcome.Renewed r ? new Outcome.Renewed(r.until() + skew(connection)) : answer;
            }
        };
    }

    /** How far the Java clock is ahead of the database's, in microseconds. */
    private long skew(Connection connection) throws SQLException {
        try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery("select clock_timestamp()")) {
            rs.next();
            long database = LeaseTime.micros(rs.getObject(1, OffsetDateTime.class));
            return LeaseTime.micros(clock().instant().truncatedTo(ChronoUnit.MICROS)) - database; // PostgreSQL keeps microseconds
        }
    }

    /** A lease service that reads the JVM's clock whatever it is handed, as {@code System.currentTimeMillis()} does. */
    public static class OnTheWallClock extends ClockedLeases {
        @Override
        Clock clock() {
            return Clock.systemUTC();
        }
    }

    /**
     * A lease service that keeps the clock it is handed in a static field, as a library's singleton does: every
     * instance reads the clock the last {@link #useClock} gave any of them.
     */
    public static class InAStaticField extends ClockedLeases {
        private static volatile Clock clock = Clock.systemUTC();

        @Override
        public void useClock(Clock given) {
            clock = given;
        }

        @Override
        Clock clock() {
            return clock;
        }
    }

    /** A lease service whose JVM's clock runs an hour ahead of the database server's: off in real time too. */
    public static class AnHourAhead extends ClockedLeases {
        @Override
        Clock clock() {
            return Clock.offset(Clock.systemUTC(), Duration.ofHours(1));
        }
    }
}
