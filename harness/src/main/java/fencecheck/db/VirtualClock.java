package fencecheck.db;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/**
 * The harness-owned database clock. Virtual time is a {@code long} count of
 * microseconds since {@link #ORIGIN}; the database sees it as a
 * {@code timestamptz} in the one-row table {@code fencecheck_clock.clock}, and
 * every move is kept with the real time it was made at, so the clock's value
 * at the real start of a transaction or statement can be looked up.
 * Sessions with {@link #SEARCH_PATH} call the clock schema's
 * {@code now()}, {@code transaction_timestamp()} (the clock at the start of
 * the transaction), {@code statement_timestamp()} (at the start of the
 * statement) and {@code clock_timestamp()} (at the call) instead of the real
 * ones, and the sessions of {@link Database} rewrite {@code CURRENT_TIMESTAMP}
 * and the other clock keywords to calls of the clock schema's functions
 * ({@link TimeKeywords}); see {@code clock.sql}. The clock only moves when
 * {@link #set} is called.
 */
public final class VirtualClock {

    /** Virtual time 0. */
    public static final Instant ORIGIN = Instant.parse("2030-01-01T00:00:00Z");

    public static final String SCHEMA = "fencecheck_clock";

    /**
     * The search path of every lock-step session, and of the install connection: {@code public} first, so that a
     * table a library creates unqualified on first use lands where the implementation's schema put its tables (and
     * where the kit's triggers are), never in the clock schema; then the shadow functions, before {@code pg_catalog}.
     */
    public static final String SEARCH_PATH = "public, " + SCHEMA + ", pg_catalog";

    /** Sets the clock row to the one bound parameter, a {@code timestamptz}, and records the move (one statement). */
    public static final String SET_SQL = SqlResources.load("clock_set.sql");
    private static final String MOVE_SQL = SqlResources.load("clock_move.sql");

    private static final long MICROS_PER_SECOND = 1_000_000L;
    private static final long ORIGIN_EPOCH_SECONDS = ORIGIN.getEpochSecond();

    private VirtualClock() {
    }

    /** Creates the clock schema, its row (at time 0 when new) and the shadow functions; idempotent. */
    public static void install(Connection connection) throws SQLException {
        try (Statement s = connection.createStatement()) {
            s.execute(SqlResources.load("clock.sql"));
        }
    }

    /** Sets the clock to {@code micros} of virtual time (the clock may go back: callers keep it monotonic). */
    public static void set(Connection connection, long micros) throws SQLException {
        update(connection, SET_SQL, micros);
    }

    /**
     * Moves the clock during a try, in a commit that does not wait for the disk (see {@code clock_move.sql}):
     * a crash may take the move back, and the runner then sets it again.
     */
    public static void move(Connection connection, long micros) throws SQLException {
        update(connection, MOVE_SQL, micros);
    }

    /** Runs {@code sql}, a move of the clock row to its one bound parameter that records the move (one row). */
    private static void update(Connection connection, String sql, long micros) throws SQLException {
        try (PreparedStatement s = connection.prepareStatement(sql)) {
            s.setObject(1, toTimestamp(micros));
            if (s.executeUpdate() != 1) {
                throw new IllegalStateException("the clock row " + SCHEMA + ".clock is missing: install the clock first");
            }
        }
    }

    /** The clock as stored, read from the table (not through the search path). */
    public static long read(Connection connection) throws SQLException {
        try (Statement s = connection.createStatement();
             ResultSet rs = s.executeQuery("select instant from " + SCHEMA + ".clock")) {
            if (!rs.next()) {
                throw new IllegalStateException("the clock row " + SCHEMA + ".clock is missing: install the clock first");
            }
            return toMicros(rs.getObject(1, OffsetDateTime.class));
        }
    }

    /** The instant {@code micros} after {@link #ORIGIN}, in UTC, exact to the microsecond. */
    public static OffsetDateTime toTimestamp(long micros) {
        return toInstant(micros).atOffset(ZoneOffset.UTC);
    }

    public static Instant toInstant(long micros) {
        long seconds = Math.floorDiv(micros, MICROS_PER_SECOND);
        long fraction = Math.floorMod(micros, MICROS_PER_SECOND);
        return ORIGIN.plusSeconds(seconds).plusNanos(fraction * 1_000L);
    }

    /** Microseconds of virtual time of a {@code timestamptz} read back; a fraction below a microsecond is refused. */
    public static long toMicros(OffsetDateTime timestamp) {
        return toMicros(timestamp.toInstant());
    }

    public static long toMicros(Instant instant) {
        if (instant.getNano() % 1_000 != 0) {
            throw new IllegalArgumentException(instant + " is not a whole number of microseconds");
        }
        long seconds = instant.getEpochSecond() - ORIGIN_EPOCH_SECONDS;
        return Math.addExact(Math.multiplyExact(seconds, MICROS_PER_SECOND), instant.getNano() / 1_000L);
    }
}
