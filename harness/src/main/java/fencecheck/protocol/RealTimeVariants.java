package fencecheck.protocol;

import fencecheck.api.KeyState;
import fencecheck.api.LeaseClient;
import fencecheck.api.LeaseProtocol;
import fencecheck.api.ModelConfig;
import fencecheck.api.Outcome;
import fencecheck.api.Outcome.Busy;
import fencecheck.api.Outcome.Granted;
import fencecheck.api.Outcome.RolledBack;
import fencecheck.api.Outcome.WriteOutcome;
import fencecheck.api.SinkKind;
import fencecheck.db.SqlResources;
import fencecheck.db.VirtualClock;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * Known-buggy variants whose bug needs real time to show: time taken from a source fencecheck
 * does not move, or a transaction held open while real time passes. The real-time property
 * catches them ({@code RealTimeProperties}); both claim the reference semantics.
 */
public final class RealTimeVariants {

    public static final String RENEW_FROM_TRANSACTION_START = "renew-from-transaction-start";
    public static final String JAVA_CLOCK_EXPIRY = "java-clock-expiry";

    /** How far ahead of the database's clock the variant's Java clock runs: an application server's NTP a little off. */
    static final long JAVA_CLOCK_AHEAD_MICROS = 40_000;

    private RealTimeVariants() {
    }

    public static List<LeaseProtocol> all() {
        return List.of(renewFromTransactionStart(), javaClockExpiry());
    }

    public static List<String> names() {
        return List.of(RENEW_FROM_TRANSACTION_START, JAVA_CLOCK_EXPIRY);
    }

    static Supplier<LeaseProtocol> byName(String name) {
        return switch (name) {
            case RENEW_FROM_TRANSACTION_START -> RealTimeVariants::renewFromTransactionStart;
            case JAVA_CLOCK_EXPIRY -> RealTimeVariants::javaClockExpiry;
            default -> null;
        };
    }

    /**
     * Every operation runs in a transaction the client opened when its previous one committed,
     * and renew computes the new end from {@code now()}. Breaks: a renewal extends the lease to
     * ttl after the renewal, not after some earlier instant.
     */
    public static LeaseProtocol renewFromTransactionStart() {
        return new SqlLeaseProtocol(RENEW_FROM_TRANSACTION_START, "renew computes the new end from now(), the start of a transaction"
                + " the client opened eagerly when its previous operation committed, instead of clock_timestamp(); breaks the rule that"
                + " a renewal extends the lease to now + ttl (the lease ends earlier than the worker was told it could)",
                ModelConfig.reference(), "variants/" + RENEW_FROM_TRANSACTION_START) {
            @Override
            public LeaseClient client(Connection connection) throws SQLException {
                LeaseClient reference = super.client(connection);
                String hold = SqlResources.load("variants/" + RENEW_FROM_TRANSACTION_START + "/hold_transaction.sql");
                return new HeldTransactionClient(reference, connection, connection.prepareStatement(hold));
            }
        };
    }

    /**
     * Acquire reads the lease row and judges its expiry against {@link Instant#now()} (running
     * {@value #JAVA_CLOCK_AHEAD_MICROS} µs ahead of the database), then takes it over with the
     * database's time. Breaks: expiry is judged on the coordinator's clock, the database's.
     */
    public static LeaseProtocol javaClockExpiry() {
        return new SqlLeaseProtocol(JAVA_CLOCK_EXPIRY, "acquire judges a lease's expiry by comparing its stored end with the"
                + " application's Java clock (Instant.now(), 40 ms ahead of the database's) and stores the database's time; breaks the"
                + " rule that expiry is judged on the database's clock only (a lease is taken over while still valid)",
                ModelConfig.reference()) {
            @Override
            public LeaseClient client(Connection connection) throws SQLException {
                LeaseClient reference = super.client(connection);
                return new JavaClockClient(reference,
                        connection.prepareStatement(SqlResources.load("variants/" + JAVA_CLOCK_EXPIRY + "/read_lease.sql")),
                        connection.prepareStatement(SqlResources.load("variants/" + JAVA_CLOCK_EXPIRY + "/takeover.sql")));
            }
        };
    }

    /** Runs each operation in a transaction held open since the previous commit. */
    private static final class HeldTransactionClient implements LeaseClient {
        private final LeaseClient inner;
        private final Connection connection;
        private final PreparedStatement hold;

        HeldTransactionClient(LeaseClient inner, Connection connection, PreparedStatement hold) {
            this.inner = inner;
            this.connection = connection;
            this.hold = hold;
        }

        private interface Call<T> {
            T run() throws SQLException;
        }

        private <T> T held(Call<T> call) throws SQLException {
            if (connection.getAutoCommit()) {
                connection.setAutoCommit(false);
                hold.execute();
            }
            T result;
            try {
                result = call.run();
                connection.commit();
            } catch (SQLException | RuntimeException e) {
                try {
                    connection.rollback();
                } catch (SQLException | RuntimeException alsoFailed) {
                    e.addSuppressed(alsoFailed);
                }
                throw e;
            }
            hold.execute();
            return result;
        }

        @Override
        public Outcome acquire(String key, UUID owner, long ttlMicros) throws SQLException {
            return held(() -> inner.acquire(key, owner, ttlMicros));
        }

        @Override
        public Outcome renew(String key, UUID owner, long token, long ttlMicros) throws SQLException {
            return held(() -> inner.renew(key, owner, token, ttlMicros));
        }

        @Override
        public Outcome release(String key, UUID owner, long token) throws SQLException {
            return held(() -> inner.release(key, owner, token));
        }

        @Override
        public WriteOutcome write(SinkKind sink, String key, long token, String resultId, String payload) throws SQLException {
            return held(() -> inner.write(sink, key, token, resultId, payload));
        }

        @Override
        public RolledBack writeThenRollBack(SinkKind sink, String key, long token, String resultId, String payload) throws SQLException {
            if (!connection.getAutoCommit()) {
                connection.commit();
                connection.setAutoCommit(true);
            }
            return inner.writeThenRollBack(sink, key, token, resultId, payload);
        }

        @Override
        public KeyState inspect(String key) throws SQLException {
            return held(() -> inner.inspect(key));
        }

        @Override
        public void close() throws SQLException {
            try {
                hold.close();
            } finally {
                inner.close();
            }
        }
    }

    /** Acquire with the expiry judged in Java; everything else as the reference. */
    private static final class JavaClockClient implements LeaseClient {
        private final LeaseClient inner;
        private final PreparedStatement read;
        private final PreparedStatement takeover;

        JavaClockClient(LeaseClient inner, PreparedStatement read, PreparedStatement takeover) {
            this.inner = inner;
            this.read = read;
            this.takeover = takeover;
        }

        @Override
        public Outcome acquire(String key, UUID owner, long ttlMicros) throws SQLException {
            read.setString(1, key);
            String holder;
            long until;
            long token;
            try (ResultSet rs = read.executeQuery()) {
                if (!rs.next()) {
                    return inner.acquire(key, owner, ttlMicros);
                }
                holder = rs.getString(1);
                until = VirtualClock.toMicros(rs.getObject(2, OffsetDateTime.class));
                token = rs.getLong(3);
            }
            if (holder.equals(owner.toString())) {
                return inner.acquire(key, owner, ttlMicros);
            }
            long javaNow = VirtualClock.toMicros(Instant.now().truncatedTo(ChronoUnit.MICROS)) + JAVA_CLOCK_AHEAD_MICROS;
            if (until >= javaNow) {
                return new Busy();
            }
            takeover.setObject(1, owner);
            takeover.setLong(2, ttlMicros);
            takeover.setString(3, key);
            takeover.setLong(4, token);
            try (ResultSet rs = takeover.executeQuery()) {
                if (!rs.next()) {
                    return new Busy();
                }
                return new Granted(rs.getLong(1), VirtualClock.toMicros(rs.getObject(2, OffsetDateTime.class)));
            }
        }

        @Override
        public Outcome renew(String key, UUID owner, long token, long ttlMicros) throws SQLException {
            return inner.renew(key, owner, token, ttlMicros);
        }

        @Override
        public Outcome release(String key, UUID owner, long token) throws SQLException {
            return inner.release(key, owner, token);
        }

        @Override
        public WriteOutcome write(SinkKind sink, String key, long token, String resultId, String payload) throws SQLException {
            return inner.write(sink, key, token, resultId, payload);
        }

        @Override
        public RolledBack writeThenRollBack(SinkKind sink, String key, long token, String resultId, String payload) throws SQLException {
            return inner.writeThenRollBack(sink, key, token, resultId, payload);
        }

        @Override
        public KeyState inspect(String key) throws SQLException {
            return inner.inspect(key);
        }

        @Override
        public void close() throws SQLException {
            try {
                read.close();
                takeover.close();
            } finally {
                inner.close();
            }
        }
    }
}
