package fencecheck.db;

import fencecheck.db.cluster.ClusterPrimary;
import fencecheck.db.cluster.FailoverCommand;
import fencecheck.db.replica.Replication;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A cluster of the user's own (Patroni, CloudNativePG, a managed service) reached at its service address
 * ({@code fencecheck.db.url}), which fencecheck fails over by running the user's command
 * ({@code fencecheck.failover.command}): the command runs with a bounded wait, then fencecheck waits, bounded too,
 * until the address answers as a newly promoted primary, and (with {@code rejoin}) until a standby streams from it
 * again. Everything else is the URL database's.
 *
 * <p>What a failover may lose is what the cluster promises, which fencecheck cannot read from it (Patroni and
 * CloudNativePG change {@code synchronous_standby_names} as standbys come and go): the user declares it with
 * {@code fencecheck.replication}, and without it the setting is unknown, which lets a failover lose any commit.
 */
public final class FailoverCommandDatabase implements Database {

    private final UrlDatabase url;
    private final FailoverCommand command;
    private final Replication declared;
    private final ClusterPrimary primary;
    /** Failovers begun: counted before the command runs, so that a session opened from then on counts as after it. */
    private final AtomicLong failovers = new AtomicLong();

    /**
     * @param declared what the cluster promises a commit ({@code fencecheck.replication}), or null when not said
     */
    public FailoverCommandDatabase(UrlDatabase url, FailoverCommand command, Replication declared) {
        this.url = url;
        this.command = command;
        this.declared = declared;
        this.primary = new ClusterPrimary(url::connect, url.url());
    }

    /**
     * Runs the failover command and waits until the service address reaches a new primary; with {@code rejoin},
     * also until a standby streams from it. Every session open before is gone ({@link #restarts()} counts it),
     * on the assumption that the cluster ended the old primary's sessions when it demoted or stopped it.
     *
     * @throws IllegalStateException in one line when the command failed or the cluster did not fail over in time
     */
    @Override
    public synchronized void failover(boolean rejoin) {
        OptionalLong before = primary.timeline();
        failovers.incrementAndGet();
        command.run();
        primary.awaitNewPrimary(before, command.timeout());
        if (rejoin) {
            primary.awaitStandby(command.timeout());
        }
    }

    /** The setting the user declared for the cluster, or null when they did not. */
    @Override
    public Replication replication() {
        return declared;
    }

    public FailoverCommand command() {
        return command;
    }

    @Override
    public long restarts() {
        return failovers.get();
    }

    @Override
    public Connection connect() throws SQLException {
        return url.connect();
    }

    @Override
    public Connection connectThrough(String host, int port) throws SQLException {
        return url.connectThrough(host, port);
    }

    @Override
    public Connection connectRealTime() throws SQLException {
        return url.connectRealTime();
    }

    @Override
    public Connection connectRealTimeThrough(String host, int port) throws SQLException {
        return url.connectRealTimeThrough(host, port);
    }

    @Override
    public Login loginThrough(String host, int port) {
        return url.loginThrough(host, port);
    }

    @Override
    public String kind() {
        return url.kind();
    }

    @Override
    public String host() {
        return url.host();
    }

    @Override
    public int port() {
        return url.port();
    }

    @Override
    public String describe() {
        return url.describe() + " (failed over by `" + command.command() + "`, replication "
                + (declared == null ? "not declared" : declared.value() + " as declared") + ")";
    }

    @Override
    public Map<String, String> settings() {
        Map<String, String> settings = url.settings();
        settings.put("replication", declared == null ? "not declared" : declared.value());
        return settings;
    }

    @Override
    public void close() {
        url.close();
    }

    @Override
    public String toString() {
        return url + ", failed over by `" + command.command() + "`";
    }
}
