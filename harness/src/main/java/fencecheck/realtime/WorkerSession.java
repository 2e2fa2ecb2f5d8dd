package fencecheck.realtime;

import eu.rekawek.toxiproxy.Proxy;
import eu.rekawek.toxiproxy.model.ToxicDirection;
import fencecheck.db.Database;
import fencecheck.faults.proxy.FaultProxies;
import fencecheck.protocol.LeaseClient;
import fencecheck.protocol.LeaseProtocol;
import org.postgresql.PGConnection;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One worker incarnation's real-time session, through a fault proxy of its own when the run
 * injects network faults. A session whose answer did not come, or came over a broken
 * connection ({@link #intact}), or that had a fault armed, is abandoned: its proxy deleted
 * (so nothing it still holds reaches the server later), its server process terminated and
 * awaited, so whatever its last statement did was done by then.
 */
final class WorkerSession implements AutoCloseable {

    /** Which half of a round trip the network takes away. */
    enum Lost { REQUEST, ANSWER }

    private static final AtomicInteger PROXIES = new AtomicInteger();
    private static final long GONE_WAIT_MILLIS = 5_000;

    final Connection connection;
    final LeaseClient client;
    private final Proxy proxy;
    private final int pid;
    /** Set once the worker gave the session up: whatever it answers afterwards is not an answer of the database. */
    private volatile boolean abandoned;

    private WorkerSession(Connection connection, LeaseClient client, Proxy proxy, int pid) {
        this.connection = connection;
        this.client = client;
        this.proxy = proxy;
        this.pid = pid;
    }

    static WorkerSession open(Database database, LeaseProtocol protocol, boolean proxied, long answerMillis) throws SQLException {
        Proxy proxy = null;
        Connection connection;
        if (proxied) {
            try {
                proxy = FaultProxies.server().createProxy("fencecheck-realtime-" + PROXIES.incrementAndGet(), database.host(), database.port());
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
        return new WorkerSession(connection, protocol.client(connection), proxy, pid);
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
    void abandon(Connection control) throws SQLException {
        abandoned = true;
        if (proxy != null) {
            try {
                proxy.delete();
            } catch (IOException | RuntimeException e) {
                // its sockets are cut either way when the connection closes
            }
        }
        synchronized (control) {
            try (PreparedStatement s = control.prepareStatement("select pg_catalog.pg_terminate_backend(?)")) {
                s.setInt(1, pid);
                s.execute();
            }
            long deadline = System.nanoTime() + GONE_WAIT_MILLIS * 1_000_000;
            try (PreparedStatement s = control.prepareStatement("select count(*) from pg_catalog.pg_stat_activity where pid = ?")) {
                s.setInt(1, pid);
                while (true) {
                    try (ResultSet rs = s.executeQuery()) {
                        rs.next();
                        if (rs.getInt(1) == 0) {
                            break;
                        }
                    }
                    if (System.nanoTime() > deadline) {
                        throw new SQLException("server process " + pid + " still there " + GONE_WAIT_MILLIS + " ms after it was terminated");
                    }
                    try {
                        Thread.sleep(1);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new SQLException("interrupted while waiting for server process " + pid + " to end");
                    }
                }
            }
        }
        closeQuietly();
    }

    @Override
    public void close() {
        closeQuietly();
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
