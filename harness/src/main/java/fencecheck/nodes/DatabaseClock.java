package fencecheck.nodes;

import fencecheck.db.Database;
import fencecheck.db.SqlResources;
import fencecheck.db.VirtualClock;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;

/**
 * Reads the database server's {@code clock_timestamp()} on a session of its own (not through any node's proxy), in
 * microseconds from {@link VirtualClock#ORIGIN} like every instant of a real-time history. One round trip per
 * reading: a nemesis action happens a few times a run, so it can afford to ask the server itself.
 */
final class DatabaseClock implements AutoCloseable {

    private static final String NOW = SqlResources.load("nodes/clock_now.sql");

    private final Database database;
    private Connection session;

    DatabaseClock(Database database) {
        this.database = database;
    }

    /** The server's clock now; a session lost meanwhile is opened again once. */
    synchronized long now() {
        try {
            return read();
        } catch (SQLException first) {
            closeSession();
            try {
                return read();
            } catch (SQLException e) {
                throw new IllegalStateException("cannot read the database's clock: " + e.getMessage(), e);
            }
        }
    }

    private long read() throws SQLException {
        if (session == null) {
            session = database.connectRealTime();
        }
        try (PreparedStatement s = session.prepareStatement(NOW);
             ResultSet rs = s.executeQuery()) {
            rs.next();
            return VirtualClock.toMicros(rs.getObject(1, OffsetDateTime.class));
        }
    }

    @Override
    public synchronized void close() {
        closeSession();
    }

    private void closeSession() {
        if (session != null) {
            try {
                session.close();
            } catch (SQLException e) {
                // gone already
            }
            session = null;
        }
    }
}
