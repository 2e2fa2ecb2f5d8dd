package fencecheck.db;

import fencecheck.db.replica.ReplicaDirectories;
import fencecheck.db.replica.ReplicaPair;
import fencecheck.db.replica.Replication;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import java.util.Properties;

/**
 * A primary and a streaming standby that fencecheck starts itself from the
 * embedded binaries ({@code -Dfencecheck.db=replicated}), replicating as
 * {@code -Dfencecheck.replication} says ({@link Replication}). Every session
 * reaches the primary through the pair's stable address, which a
 * {@link #failover} re-points to the promoted standby: the host and port
 * this database gives are that address, so the fault proxies forward to it
 * and follow a failover too.
 */
public final class ReplicatedDatabase implements Database {

    private static ReplicatedDatabase shared;

    private final ReplicaPair pair;
    private boolean closed;

    private ReplicatedDatabase(ReplicaPair pair) {
        this.pair = pair;
    }

    /** The pair of this JVM, started on first use with the replication setting of {@value Replication#PROPERTY}. */
    public static synchronized ReplicatedDatabase shared() {
        if (shared == null || shared.closed) {
            EmbeddedBinaries.Fit binaries = EmbeddedBinaries.thisMachine();
            if (!binaries.fits()) {
                throw new DatabaseUnavailable(binaries.problem());
            }
            Replication replication;
            try {
                replication = Replication.fromSystemProperty();
            } catch (IllegalArgumentException e) {
                throw new DatabaseUnavailable(e.getMessage(), e);
            }
            ReplicatedDatabase database = start(replication);
            Runtime.getRuntime().addShutdownHook(new Thread(database::close, "fencecheck-replicated-postgres-stop"));
            shared = database;
        }
        return shared;
    }

    /** A new pair, owned by the caller, in a directory of its own under the temporary folder. */
    public static ReplicatedDatabase start(Replication replication) {
        LibraryLogs.quiet();
        Path directory = ReplicaDirectories.fresh(Path.of(System.getProperty("java.io.tmpdir"), "fencecheck-pg"));
        try {
            return new ReplicatedDatabase(ReplicaPair.start(directory, replication, ServerLog.redirect(), ReplicaPair.DEFAULT_WAIT));
        } catch (RuntimeException e) {
            throw new DatabaseUnavailable("the replicated embedded PostgreSQL pair did not start in " + directory + ": "
                    + e.getMessage() + " (its log: " + ServerLog.file() + ")", e);
        }
    }

    /** The primary, its standby and the stable address, for the failover nemesis and for tests. */
    public ReplicaPair pair() {
        return pair;
    }

    @Override
    public Replication replication() {
        return pair.replication();
    }

    /**
     * Fails the pair over: the primary stops at once, the standby is promoted, the stable address points to it;
     * every session open before is gone ({@link #restarts()} counts it).
     *
     * @param rejoin whether the old primary comes back as the new standby
     */
    @Override
    public void failover(boolean rejoin) {
        pair.failover(rejoin);
    }

    /** Waits (bounded) until the standby has replayed what the primary has written. */
    public void awaitCatchUp() {
        pair.awaitCatchUp();
    }

    @Override
    public Connection connect() throws SQLException {
        return connectThrough(host(), port());
    }

    @Override
    public Connection connectThrough(String host, int port) throws SQLException {
        return Sessions.open(Sessions.url(host, port, ReplicaPair.DATABASE), ReplicaPair.USER, null);
    }

    @Override
    public Connection connectRealTime() throws SQLException {
        return connectRealTimeThrough(host(), port());
    }

    @Override
    public Connection connectRealTimeThrough(String host, int port) throws SQLException {
        return Sessions.openRealTime(Sessions.url(host, port, ReplicaPair.DATABASE), ReplicaPair.USER, null, new Properties());
    }

    @Override
    public Login loginThrough(String host, int port) {
        return Login.of(host, port, ReplicaPair.DATABASE, ReplicaPair.USER, null, new Properties());
    }

    @Override
    public String kind() {
        return "replicated";
    }

    @Override
    public String host() {
        return pair.host();
    }

    @Override
    public int port() {
        return pair.port();
    }

    /** E.g. {@code PostgreSQL 18.1 (replicated, linux-amd64, replication async)}. */
    @Override
    public String describe() {
        Map<String, String> settings = settings();
        return "PostgreSQL " + settings.getOrDefault("server_version", "?") + " (replicated, " + settings.get("platform")
                + ", replication " + pair.replication() + ")";
    }

    @Override
    public Map<String, String> settings() {
        Map<String, String> settings = Database.super.settings();
        settings.put("platform", EmbeddedBinaries.thisMachine().platform());
        settings.put("replication", pair.replication().value());
        return settings;
    }

    /** Failovers count as restarts: no session survives one. */
    @Override
    public long restarts() {
        return pair.failovers();
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        pair.close();
    }

    @Override
    public String toString() {
        return pair.toString();
    }
}
