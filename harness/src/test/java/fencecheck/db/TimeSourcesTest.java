package fencecheck.db;

import fencecheck.protocol.Implementations;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.postgresql.PGConnection;

import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.ZoneOffset;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every time source an implementation can name follows the virtual clock
 * with PostgreSQL's meaning: the transaction's start for {@code now()},
 * {@code CURRENT_TIMESTAMP} and the keywords derived from it, the statement's
 * start for {@code statement_timestamp()}, the clock as it stands for
 * {@code clock_timestamp()} (one instant per statement: see
 * {@link #aStatementWaitingOnARowLockWhileTheClockMovesKeepsItsStartTimes}).
 * Each case reads a source in two statements of one transaction with the
 * clock moved between them, and in two autocommit statements. Worker sessions
 * run in UTC, so a time without zone is UTC.
 */
class TimeSourcesTest {

    /** Where the clock stands when a transaction starts: 10.123456 s. */
    private static final long START = 10_123_456;
    /** Where the harness moves it between two statements: 70.654321 s. */
    private static final long MOVED = 70_654_321;

    private static Database db;
    /** The harness's own session, which moves the clock. */
    private static Connection harness;

    @BeforeAll
    static void install() throws SQLException {
        db = Databases.shared();
        new TestBed(db, Implementations.select("reference")).install();
        harness = db.connect();
    }

    @AfterAll
    static void close() throws SQLException {
        harness.close();
    }

    // --- the transaction's start ---------------------------------------------------------------------------

    @Test
    void nowIsTheTransactionsStart() throws SQLException {
        assertThat(inOneTransaction("now()")).containsExactly(START, START);
        assertThat(inAutocommit("now()")).containsExactly(START, MOVED);
    }

    @Test
    void currentTimestampIsTheTransactionsStart() throws SQLException {
        assertThat(inOneTransaction("current_timestamp")).containsExactly(START, START);
        assertThat(inAutocommit("CURRENT_TIMESTAMP")).containsExactly(START, MOVED);
    }

    @Test
    void currentTimestampWithAPrecisionIsTheTransactionsStartRounded() throws SQLException {
        assertThat(inOneTransaction("CURRENT_TIMESTAMP(3)")).containsExactly(10_123_000L, 10_123_000L);
        assertThat(inAutocommit("current_timestamp (3)")).containsExactly(10_123_000L, 70_654_000L);
        assertThat(inAutocommit("current_timestamp(0)")).containsExactly(10_000_000L, 71_000_000L);
    }

    @Test
    void transactionTimestampIsTheTransactionsStart() throws SQLException {
        assertThat(inOneTransaction("transaction_timestamp()")).containsExactly(START, START);
        assertThat(inAutocommit("transaction_timestamp()")).containsExactly(START, MOVED);
    }

    @Test
    void localTimestampIsTheTransactionsStartWithoutZone() throws SQLException {
        assertThat(inOneTransaction("localtimestamp")).containsExactly(START, START);
        assertThat(inAutocommit("LOCALTIMESTAMP")).containsExactly(START, MOVED);
        assertThat(inOneTransaction("LocalTimestamp(1)")).containsExactly(10_100_000L, 10_100_000L);
    }

    @Test
    void currentDateCurrentTimeAndLocalTimeAreTheTransactionsStart() throws SQLException {
        long beforeMidnight = 24L * 3600 * 1_000_000 - 800_000;
        long afterMidnight = beforeMidnight + 2_000_000;
        String sql = "select current_date, current_time, localtime, current_time(0), localtime(1)";
        String startDay = "2030-01-01 23:59:59.200Z 23:59:59.200 23:59:59Z 23:59:59.200";
        String nextDay = "2030-01-02 00:00:01.200Z 00:00:01.200 00:00:01Z 00:00:01.200";
        try (Connection c = worker()) {
            VirtualClock.set(harness, beforeMidnight);
            c.setAutoCommit(false);
            assertThat(dateAndTimes(c, sql)).isEqualTo(startDay);
            VirtualClock.set(harness, afterMidnight);
            assertThat(dateAndTimes(c, sql)).as("after midnight, in the same transaction").isEqualTo(startDay);
            c.commit();
            assertThat(dateAndTimes(c, sql)).as("the next transaction").isEqualTo(nextDay);
        }
    }

    @Test
    void theUtcWrappersOfATransactionsStartFollowIt() throws SQLException {
        assertThat(inOneTransaction("timezone('UTC', now())")).containsExactly(START, START);
        assertThat(inAutocommit("now() at time zone 'utc'")).containsExactly(START, MOVED);
        assertThat(inAutocommit("current_timestamp at time zone 'UTC'")).containsExactly(START, MOVED);
    }

    // --- the statement's start and the moment of the call ---------------------------------------------------

    @Test
    void statementTimestampIsTheStatementsStart() throws SQLException {
        assertThat(inOneTransaction("statement_timestamp()")).containsExactly(START, MOVED);
        assertThat(inAutocommit("statement_timestamp()")).containsExactly(START, MOVED);
    }

    @Test
    void clockTimestampIsTheClockAsItStands() throws SQLException {
        assertThat(inOneTransaction("clock_timestamp()")).containsExactly(START, MOVED);
        assertThat(inAutocommit("clock_timestamp()")).containsExactly(START, MOVED);
    }

    @Test
    void timeOfDayAndAgeFollowTheClockToo() throws SQLException {
        VirtualClock.set(harness, START);
        try (Connection c = worker(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("select timeofday(), age(timestamptz '2029-12-30 00:00+00'),"
                     + " age(timestamp '2029-12-31 12:00')")) {
            rs.next();
            assertThat(rs.getString(1)).isEqualTo("Tue Jan 01 00:00:10.123456 2030 UTC");
            assertThat(rs.getString(2)).isEqualTo("2 days");
            assertThat(rs.getString(3)).isEqualTo("12:00:00");
        }
    }

    /**
     * A statement that waits for a row lock while the harness moves the clock
     * keeps the start times it had when it arrived (its statement's, and in
     * autocommit its transaction's), in the condition and the new values
     * PostgreSQL evaluates again on the row it finally locks too. So does
     * {@code clock_timestamp()}: one statement sees one instant, the clock of
     * its start, which is how the model judges a statement that waited
     * ({@code JobModel.complete}; PostgreSQL's own would read the wall clock
     * after the wait).
     */
    @Test
    void aStatementWaitingOnARowLockWhileTheClockMovesKeepsItsStartTimes() throws Exception {
        try (Connection c = worker(); Statement s = c.createStatement()) {
            s.execute("create table if not exists public.fencecheck_time_sources (id int primary key, n int not null,"
                    + " started timestamptz, seen timestamptz)");
            s.execute("insert into public.fencecheck_time_sources values (1, 0) on conflict (id) do update set n = 0");
        }
        VirtualClock.set(harness, START);
        ExecutorService background = Executors.newSingleThreadExecutor();
        try (Connection holder = worker(); Connection waiter = worker()) {
            holder.setAutoCommit(false);
            try (Statement s = holder.createStatement()) {
                s.executeUpdate("update public.fencecheck_time_sources set n = n + 1 where id = 1");
            }
            Future<long[]> waited = background.submit(() -> {
                try (Statement s = waiter.createStatement(); ResultSet rs = s.executeQuery(
                        "update public.fencecheck_time_sources set n = n + 1, started = statement_timestamp(), seen = clock_timestamp()"
                                + " where id = 1 and statement_timestamp() = current_timestamp and n >= 0"
                                + " returning started, seen, now(), current_timestamp, transaction_timestamp(), clock_timestamp()")) {
                    assertThat(rs.next()).as("the waiting update found the row, re-evaluated after the lock").isTrue();
                    long[] times = new long[6];
                    for (int i = 0; i < times.length; i++) {
                        times[i] = VirtualClock.toMicros(rs.getObject(i + 1, OffsetDateTime.class));
                    }
                    return times;
                }
            });
            awaitBlocked(waiter.unwrap(PGConnection.class).getBackendPID());
            VirtualClock.set(harness, MOVED);
            holder.commit();
            assertThat(waited.get(10, TimeUnit.SECONDS)).containsExactly(START, START, START, START, START, START);
            assertThat(VirtualClock.read(harness)).isEqualTo(MOVED);
        } finally {
            background.shutdownNow();
        }
    }

    // --- every way a statement text reaches the server ------------------------------------------------------

    @Test
    void everyWayOfSendingSqlIsRewritten() throws SQLException {
        VirtualClock.set(harness, START);
        try (Connection c = worker(); Statement s = c.createStatement()) {
            s.execute("create temporary table sent (how text, at timestamptz default current_timestamp)");
            s.execute("insert into sent values ('execute', current_timestamp)");
            s.executeUpdate("insert into sent values ('executeUpdate', current_timestamp)");
            s.executeLargeUpdate("insert into sent values ('executeLargeUpdate', localtimestamp)");
            s.addBatch("insert into sent values ('addBatch', current_timestamp)");
            s.executeBatch();
            try (PreparedStatement p = c.prepareStatement("insert into sent values (?, current_timestamp(6))")) {
                p.setString(1, "prepareStatement");
                p.executeUpdate();
            }
            try (CallableStatement call = c.prepareCall("insert into sent values (?, localtimestamp)")) {
                call.setString(1, "prepareCall");
                call.execute();
            }
            try (PreparedStatement p = s.getConnection().prepareStatement("insert into sent values ('getConnection', current_timestamp)")) {
                p.executeUpdate();
            }
            assertThat(s.getConnection()).isSameAs(c);
            assertThat(c.nativeSQL("select current_date")).isEqualTo("select fencecheck_clock.\"current_date\"()");
            s.execute("insert into sent (how) values ('default')");
            try (ResultSet rs = s.executeQuery("select count(*), count(*) filter (where at = " + literal(START) + ") from sent")) {
                rs.next();
                assertThat(rs.getInt(2)).as("rows at the virtual time, of %s", rs.getInt(1)).isEqualTo(8).isEqualTo(rs.getInt(1));
            }
        }
    }

    @Test
    void aResultColumnKeepsTheKeywordsName() throws SQLException {
        try (Connection c = worker(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("select current_timestamp, localtimestamp(2), current_date")) {
            assertThat(rs.getMetaData().getColumnLabel(1)).isEqualTo("current_timestamp");
            assertThat(rs.getMetaData().getColumnLabel(2)).isEqualTo("localtimestamp");
            assertThat(rs.getMetaData().getColumnLabel(3)).isEqualTo("current_date");
        }
    }

    /** A column default a protocol installs names now() or CURRENT_TIMESTAMP; PostgreSQL binds it when the table is made. */
    @Test
    void columnDefaultsInstalledByTheTestBedFollowTheClock() throws SQLException {
        try (Connection installer = db.connect(); Statement s = installer.createStatement()) {
            s.execute("set search_path to " + TestBed.INSTALL_SEARCH_PATH);
            s.execute("drop table if exists fencecheck_time_defaults");
            s.execute("create table fencecheck_time_defaults (id int, by_now timestamptz default now(),"
                    + " by_keyword timestamptz default current_timestamp)");
        }
        VirtualClock.set(harness, START);
        try (Connection c = worker(); Statement s = c.createStatement()) {
            s.execute("insert into public.fencecheck_time_defaults (id) values (1)");
            try (ResultSet rs = s.executeQuery("select by_now, by_keyword from public.fencecheck_time_defaults")) {
                rs.next();
                assertThat(VirtualClock.toMicros(rs.getObject(1, OffsetDateTime.class))).isEqualTo(START);
                assertThat(VirtualClock.toMicros(rs.getObject(2, OffsetDateTime.class))).isEqualTo(START);
            }
        }
    }

    /** What fencecheck does not move, so a reader of the table of time sources knows where the line is. */
    @Test
    void qualifiedCatalogFunctionsAndTheNowLiteralStillReadTheRealClock() throws SQLException {
        VirtualClock.set(harness, START);
        try (Connection c = worker(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("select pg_catalog.now(), timestamptz 'now', 'now'::timestamptz")) {
            rs.next();
            for (int i = 1; i <= 3; i++) {
                assertThat(rs.getObject(i, OffsetDateTime.class).toInstant()).isBefore(VirtualClock.ORIGIN);
            }
        }
    }

    /**
     * A known limit: the clock's moves are rows, read in the transaction's
     * snapshot, and a REPEATABLE READ or SERIALIZABLE transaction keeps the
     * snapshot of its first statement. So in such a transaction
     * statement_timestamp() and clock_timestamp() stay where the clock was
     * then; the transaction's start (now()) is right.
     */
    @Test
    void aRepeatableReadTransactionSeesTheClockOfItsFirstStatementOnly() throws SQLException {
        try (Connection c = worker()) {
            VirtualClock.set(harness, START);
            c.setAutoCommit(false);
            c.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
            long first = read(c, "clock_timestamp()");
            VirtualClock.set(harness, MOVED);
            assertThat(new long[] {read(c, "clock_timestamp()"), read(c, "statement_timestamp()"), read(c, "now()")})
                    .containsExactly(first, first, START);
            c.commit();
            assertThat(read(c, "clock_timestamp()")).as("the next transaction").isEqualTo(MOVED);
        }
    }

    // --- helpers --------------------------------------------------------------------------------------------

    private static Connection worker() throws SQLException {
        Connection c = db.connect();
        try (Statement s = c.createStatement()) {
            s.execute("set time zone 'UTC'");
        }
        return c;
    }

    /** The source read in two statements of one transaction that starts at {@link #START}; the clock moves to {@link #MOVED} between them. */
    private static long[] inOneTransaction(String source) throws SQLException {
        try (Connection c = worker()) {
            VirtualClock.set(harness, START);
            c.setAutoCommit(false);
            long first = read(c, source);
            VirtualClock.set(harness, MOVED);
            long second = read(c, source);
            c.commit();
            return new long[] {first, second};
        }
    }

    /** The source read in autocommit with the clock at {@link #START}, then at {@link #MOVED}. */
    private static long[] inAutocommit(String source) throws SQLException {
        try (Connection c = worker()) {
            VirtualClock.set(harness, START);
            long first = read(c, source);
            VirtualClock.set(harness, MOVED);
            return new long[] {first, read(c, source)};
        }
    }

    /** A {@code timestamptz}, or a {@code timestamp} in UTC, as microseconds of virtual time. */
    private static long read(Connection c, String source) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("select " + source); ResultSet rs = s.executeQuery()) {
            rs.next();
            if (rs.getMetaData().getColumnTypeName(1).equals("timestamp")) {
                return VirtualClock.toMicros(rs.getObject(1, LocalDateTime.class).toInstant(ZoneOffset.UTC));
            }
            return VirtualClock.toMicros(rs.getObject(1, OffsetDateTime.class));
        }
    }

    /** A date and times, as one line. */
    private static String dateAndTimes(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getObject(1, LocalDate.class) + " " + rs.getObject(2, OffsetTime.class) + " " + rs.getObject(3, LocalTime.class)
                    + " " + rs.getObject(4, OffsetTime.class) + " " + rs.getObject(5, LocalTime.class);
        }
    }

    private static String literal(long micros) {
        return "timestamptz '" + VirtualClock.toTimestamp(micros) + "'";
    }

    /** Waits until the session with {@code pid} waits for a lock. */
    private static void awaitBlocked(int pid) throws SQLException, InterruptedException {
        try (PreparedStatement s = harness.prepareStatement("select pg_catalog.cardinality(pg_catalog.pg_blocking_pids(?)) > 0")) {
            s.setInt(1, pid);
            for (int i = 0; i < 1000; i++) {
                try (ResultSet rs = s.executeQuery()) {
                    rs.next();
                    if (rs.getBoolean(1)) {
                        return;
                    }
                }
                Thread.sleep(10);
            }
        }
        throw new AssertionError("session " + pid + " never waited for the row lock");
    }
}
