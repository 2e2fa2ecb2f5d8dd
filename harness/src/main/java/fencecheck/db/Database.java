package fencecheck.db;

import fencecheck.db.replica.Replication;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A PostgreSQL server the harness runs against: embedded (the default), a
 * Testcontainers container, or any server reached by JDBC URL. Pick one with
 * {@link Databases#shared()}.
 *
 * <p>Every session from {@link #connect()} and {@link #connectThrough} has the
 * search path {@value VirtualClock#SEARCH_PATH}, so an unqualified
 * {@code now()}, {@code transaction_timestamp()}, {@code statement_timestamp()}
 * or {@code clock_timestamp()} reads the virtual clock once
 * {@link VirtualClock#install} has run; and it rewrites the keywords
 * {@code CURRENT_TIMESTAMP}, {@code CURRENT_TIME}, {@code CURRENT_DATE},
 * {@code LOCALTIMESTAMP} and {@code LOCALTIME} in every statement text it is
 * given to calls that read the virtual clock too ({@link TimeKeywords}).
 * {@code public} comes first on that path, so a table created unqualified on
 * such a session (a library's on its first use) lands in {@code public},
 * where {@link TestBed} installs a protocol's tables, and never in the clock
 * schema.
 */
public interface Database extends AutoCloseable {

    /** A new session with the clock search path, the clock keywords rewritten, and connect / socket timeouts. */
    Connection connect() throws SQLException;

    /**
     * A new session like {@link #connect()} but through another address that
     * forwards to this server (a fault proxy), with the same database and credentials.
     */
    Connection connectThrough(String host, int port) throws SQLException;

    /**
     * A new session on the server's own clock, for real-time runs: {@code now()},
     * {@code clock_timestamp()} and the clock keywords are PostgreSQL's own (search path
     * {@code public}, nothing rewritten), with the same connect timeout and a socket timeout of
     * {@value Sessions#REAL_TIME_SOCKET_TIMEOUT_SECONDS} s as a last resort (a real-time worker sets
     * a shorter network timeout of its own).
     */
    default Connection connectRealTime() throws SQLException {
        throw new UnsupportedOperationException(kind() + " database has no real-time sessions");
    }

    /** A real-time session ({@link #connectRealTime()}) through another address that forwards to this server (a fault proxy). */
    default Connection connectRealTimeThrough(String host, int port) throws SQLException {
        throw new UnsupportedOperationException(kind() + " database has no real-time sessions");
    }

    /**
     * How a process of its own (a scheduler node) reaches this server through another address that forwards to it
     * (a fault proxy): URL, user and password.
     */
    default Login loginThrough(String host, int port) {
        throw new UnsupportedOperationException(kind() + " database gives no login to other processes");
    }

    /** {@code embedded}, {@code container} or {@code url}. */
    String kind();

    /** The host clients reach the server on. */
    String host();

    /** The port clients reach the server on. */
    int port();

    /**
     * Where the harness's tables are, as far as tries that must not overlap go: every database handle but a
     * {@link #sibling} answers the same, so their tries never overlap (two handles may reach one database by
     * different addresses); a sibling has tables of its own.
     */
    default String tablesAt() {
        return "the server's first database";
    }

    /**
     * Another database on the same server, of the harness's own, created when missing: tries there overlap with
     * tries here, their tables apart. It is closed with this one (closing it closes nothing).
     *
     * @param name a lower-case SQL name, e.g. {@code fencecheck_2}
     * @throws UnsupportedOperationException when fencecheck cannot create databases on this server
     */
    default Database sibling(String name) {
        throw new UnsupportedOperationException("the " + kind() + " database gives no second database on its server");
    }

    /**
     * Server version, kind and platform, e.g. {@code PostgreSQL 18.1 (embedded, linux-amd64)}, or for a server
     * fencecheck did not start, the platform its {@code version()} names ({@code x86_64-pc-linux-gnu}).
     */
    default String describe() {
        Map<String, String> settings = settings();
        String platform = settings.get("platform");
        return "PostgreSQL " + settings.getOrDefault("server_version", "?") + " (" + kind() + (platform == null ? "" : ", " + platform) + ")";
    }

    /**
     * The server settings that matter for a report: fsync, synchronous_commit, server_version, and the platform
     * the server was built for, when its {@code version()} says.
     */
    default Map<String, String> settings() {
        Map<String, String> settings = new LinkedHashMap<>();
        try (Connection c = connect();
             Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery(
                     "select name, setting from pg_catalog.pg_settings"
                             + " where name in ('fsync', 'synchronous_commit', 'server_version') order by name")) {
                while (rs.next()) {
                    settings.put(rs.getString(1), rs.getString(2));
                }
            }
            try (ResultSet rs = s.executeQuery("select pg_catalog.version()")) {
                if (rs.next()) {
                    platformOf(rs.getString(1)).ifPresent(p -> settings.put("platform", p));
                }
            }
        } catch (SQLException e) {
            throw new DatabaseUnavailable("cannot read the settings of the " + kind() + " database: " + e.getMessage(), e);
        }
        return settings;
    }

    /**
     * The platform in what {@code version()} answers, e.g. {@code x86_64-pc-linux-gnu} of
     * {@code PostgreSQL 18.1 (Debian 18.1-1.pgdg13+1) on x86_64-pc-linux-gnu, compiled by gcc ...}.
     */
    static Optional<String> platformOf(String version) {
        Matcher m = version == null ? null : Pattern.compile(" on ([^,\\s]+)").matcher(version);
        return m != null && m.find() ? Optional.of(m.group(1)) : Optional.empty();
    }

    /**
     * Stops the server at once, as a crash would (no checkpoint, open
     * transactions lost), and starts it again on the same data directory.
     * Committed state survives; every session is cut.
     *
     * @throws UnsupportedOperationException for a server this harness did not start
     */
    default void crashAndRestart() {
        throw new UnsupportedOperationException("the " + kind() + " database was not started by fencecheck, so it cannot be"
                + " crashed and restarted; run the crash property on the embedded database (unset fencecheck.db and fencecheck.db.url)");
    }

    /**
     * Fails a replicated database over: its primary stops at once, its standby is promoted, and sessions reach the
     * new primary at the same address; every session open before is gone ({@link #restarts()} counts it).
     *
     * @param rejoin whether the old primary comes back as the new primary's standby
     * @throws UnsupportedOperationException for a database that has no standby fencecheck can promote
     */
    default void failover(boolean rejoin) {
        throw new UnsupportedOperationException("the " + kind() + " database has no standby that fencecheck can promote;"
                + " run the failover on -Dfencecheck.db=replicated");
    }

    /**
     * What a commit's answer promises about the standby, by which a failover is judged: the setting of a pair
     * fencecheck started, the one declared for a cluster of the user's own ({@code -Dfencecheck.replication}), or
     * null when it is not known (then a failover may lose any commit).
     */
    default Replication replication() {
        return null;
    }

    /**
     * How many times this server has been restarted by this JVM: sessions
     * opened before the last restart are gone.
     */
    default long restarts() {
        return 0;
    }

    /** Stops what this instance started (nothing for a URL). Instances from {@link Databases#shared()} close at JVM exit. */
    @Override
    void close();
}
