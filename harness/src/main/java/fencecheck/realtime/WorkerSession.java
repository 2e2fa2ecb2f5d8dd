package fencecheck.realtime;

import eu.rekawek.toxiproxy.Proxy;
import eu.rekawek.toxiproxy.model.ToxicDirection;
import fencecheck.api.LeaseClient;
import fencecheck.api.LeaseProtocol;
import fencecheck.db.Database;
import fencecheck.faults.proxy.FaultProxies;
import org.postgresql.PGConnection;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One worker incarnation's real-time session, through a fault proxy of its own when the run
 * injects network faults. A session whose answer did not come, or came over a broken
 * connection ({@link #intact}), or that had a fault armed, is abandoned: its proxy deleted
 * (so nothing it still holds reaches the server later), its server process terminated and
 * awaited, so whatever its last statement did was done by then. A failover cuts every session
 * opened before it; the server process of such a session is gone with the old primary.
 */
final class WorkerSession implements AutoCloseable {

    /** Which half of a round trip the network takes away. */
    enum Lost { REQUEST, ANSWER }

    private static final AtomicInteger PROXIES = new AtomicInteger();

    final Connection connection;
    final LeaseClient client;
    private final Proxy proxy;
    private final int pid;
    /** {@link Database#restarts()} once the session was open: a failover since has cut it, and its server is gone. */
    private final long epoch;
    /** Set once the worker gave the session up: whatever it answers afterwards is not an answer of the database. */
    private volatile boolean abandoned;

    private WorkerSession(Connection connection, LeaseClient client, Proxy proxy, int pid, long epoch) {
        this.connection = connection;
        this.client = client;
        this.proxy = proxy;
        this.pid = pid;
        this.epoch = epoch;
    }

    /**
     * A new session, tried again for up to {@code reconnectMillis} while it cannot be opened (a failover under way).
     */
    static WorkerSession open(Database database, LeaseProtocol protocol, boolean proxied, long answerMillis, long reconnectMillis)
            throws SQLException {
        return Reconnects.within(reconnectMillis, () -> open(database, protocol, proxied, answerMillis));
    }

    private static WorkerSession open(Database database, LeaseProtocol protocol, boolean proxied, long answerMillis) throws SQLException {
        Proxy proxy = null;
        Connection connection = null;
        try {
            if (proxied) {
                try {
                    proxy = FaultProxies.server().createProxy("fencecheck-realtime-" + PROXIES.incrementAndGet(), database.host(),
                            database.port());
                } catch (IOException e) {
                    throw new SQLException("cannot create a fault proxy: " + e.getMessage(), e);
                }
                InetSocketAddress address = FaultProxies.server().connectAddress(proxy);
                connection = database.connectRealTimeThrough(address.getHostString(), address.getPort());
            } else {
                connection = database.connectRealTime();
            }
            connection.setNetworkTimeout(Runnable::run, (int) answerMillis);
            int pid = connection.unwrap(PGConnection.class).getBackendPID();
            // read once connected: a session that reaches the new primary of a failover sees the new count
            return new WorkerSession(connection, protocol.client(connection), proxy, pid, database.restarts());
        } catch (SQLException | RuntimeException e) {
            // a failed attempt (the address refusing during a failover) leaves no proxy or connection behind
            if (connection != null) {
                try {
                    connection.close();
                } catch (SQLException | RuntimeException ignored) {
                    // not open
                }
            }
            deleteQuietly(proxy);
            throw e;
        }
    }

    /** Whether a failover has cut this session since it was opened. */
    boolean cutByFailover(Database database) {
        return database.restarts() != epoch;
    }

    boolean proxied() {
        return proxy != null;
    }

    /** The next request or answer is lost: the client gives up after {@code waitMillis}. */
    void lose(Lost what, long waitMillis) throws SQLException {
        try {
            proxy.toxics().timeout("fencecheck-lost", what == Lost.REQUEST ? ToxicDirection.UPSTREAM : ToxicDirection.DOWNSTREAM, 0);
        } catch (IOException e) {
            throw new SQLException("cannot inject the fault through the proxy: " + e.getMessage(), e);
        }
        try {
            connection.setNetworkTimeout(Runnable::run, (int) waitMillis);
        } catch (SQLException e) {
            // a connection closed already answers nothing over the network: the call finds it closed, and its answer is unknown
            if (!closed()) {
                throw e;
            }
        }
    }

    /**
     * Whether the connection provably carried the answer of the call that just returned: this session was not
     * abandoned, and the connection is still open. pgjdbc closes a connection whose socket timed out or broke
     * (a lost request or answer, or an answer slower than the network timeout), so an implementation that
     * caught that error and answered anyway answered without the database, over a closed connection.
     */
    boolean intact() {
        return !abandoned && !closed();
    }

    private boolean closed() {
        try {
            return connection.isClosed();
        } catch (SQLException | RuntimeException e) {
            return true;
        }
    }

    /**
     * Gives the session up after an answer did not come: deletes the proxy, ends the server
     * process from {@code control} and waits until it is gone; then nothing of it can happen any more.
     */
    void abandon(ControlSession control) throws SQLException {
        abandoned = true;
        // its sockets are cut either way when the connection closes
        deleteQuietly(proxy);
        control.endProcess(pid, epoch);
        closeQuietly();
    }

    @Override
    public void close() {
        closeQuietly();
        deleteQuietly(proxy);
    }

    private static void deleteQuietly(Proxy proxy) {
        if (proxy != null) {
            try {
                proxy.delete();
            } catch (IOException | RuntimeException e) {
                // deleted with its faults already
            }
        }
    }

    private void closeQuietly() {
        try {
            client.close();
        } catch (SQLException | RuntimeException e) {
            // the connection may be gone
        }
        try {
            connection.close();
        } catch (SQLException | RuntimeException e) {
            // the connection may be gone
        }
    }
}
