package fencecheck.realtime;

import fencecheck.db.Backends;
import fencecheck.db.Database;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * The run's own session, not through a fault proxy: it clears the tables, reads the clock, ends the server process
 * of a worker session given up, and reads the rows at the end. A failover cuts it like any other, so it opens
 * again on the new primary when next used; one thread at a time uses it.
 */
final class ControlSession implements AutoCloseable {

    private static final long GONE_WAIT_MILLIS = 5_000;

    private final Database database;
    private final long reconnectMillis;
    private Connection connection;
    /** {@link Database#restarts()} when {@link #connection} was opened. */
    private long epoch;

    private ControlSession(Database database, long reconnectMillis) {
        this.database = database;
        this.reconnectMillis = reconnectMillis;
    }

    /** @param reconnectMillis how long to keep trying to open it again after a failover (0: once) */
    static ControlSession open(Database database, long reconnectMillis) throws SQLException {
        ControlSession control = new ControlSession(database, reconnectMillis);
        control.connection();
        return control;
    }

    /** The session, opened again when a failover (or anything else) cut it. */
    synchronized Connection connection() throws SQLException {
        if (connection == null || connection.isClosed() || epoch != database.restarts()) {
            closeQuietly();
            connection = Reconnects.within(reconnectMillis, () -> {
                // read after the connection is made: a session that reaches the new primary sees the new count
                Connection c = database.connectRealTime();
                epoch = database.restarts();
                return c;
            });
        }
        return connection;
    }

    /**
     * Ends server process {@code pid} of a worker session opened when {@link Database#restarts()} was
     * {@code sessionEpoch}, and returns once it is gone: then nothing it received can still take effect. A session
     * of a server a failover has stopped since is gone with that server.
     */
    synchronized void endProcess(int pid, long sessionEpoch) throws SQLException {
        long deadline = System.nanoTime() + reconnectMillis * 1_000_000;
        while (database.restarts() == sessionEpoch) {
            Connection c = connection();
            try {
                Backends.terminate(c, pid, GONE_WAIT_MILLIS);
                return;
            } catch (SQLException e) {
                // a failover cut this session under the statement: the next round opens it again and looks once more
                if (!c.isClosed() || System.nanoTime() > deadline) {
                    throw e;
                }
            }
        }
    }

    /** Measures the server's clock again (after a failover, on the new primary). */
    synchronized void recheck(ServerClock clock) throws SQLException {
        clock.recheck(connection());
    }

    private void closeQuietly() {
        if (connection != null) {
            try {
                connection.close();
            } catch (SQLException | RuntimeException e) {
                // cut by a failover already
            }
            connection = null;
        }
    }

    @Override
    public synchronized void close() {
        closeQuietly();
    }
}
