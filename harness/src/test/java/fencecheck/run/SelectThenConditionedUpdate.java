package fencecheck.run;

import fencecheck.api.LeaseClient;
import fencecheck.api.Outcome;
import fencecheck.db.SqlResources;
import fencecheck.db.VirtualClock;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.UUID;

/**
 * A test client: the reference's, except for acquire, which is a scheduler
 * library's (db-scheduler's is so): a SELECT of the key's lease, then, on what
 * it read, an INSERT of a fresh key or an UPDATE conditioned on the row read
 * still being there and expired; a valid lease is granted again to its owner
 * and refused to anyone else. Correct when run back to back: each write checks
 * again what the SELECT read.
 */
final class SelectThenConditionedUpdate extends AcquireReplaced {

    private final PreparedStatement insert;
    private final PreparedStatement takeOver;

    SelectThenConditionedUpdate(LeaseClient reference, Connection connection) throws SQLException {
        super(reference, connection.prepareStatement(SqlResources.load("test-calls/read-lease.sql")));
        this.insert = connection.prepareStatement(SqlResources.load("test-calls/insert-lease.sql"));
        this.takeOver = connection.prepareStatement(SqlResources.load("test-calls/take-over-lease.sql"));
    }

    @Override
    public Outcome acquire(String key, UUID owner, long ttlMicros) throws SQLException {
        statement.setString(1, key);
        try (ResultSet read = statement.executeQuery()) {
            if (!read.next()) {
                insert.setString(1, key);
                insert.setObject(2, owner);
                insert.setLong(3, ttlMicros);
                return granted(insert);
            }
            if (read.getBoolean("expired")) {
                takeOver.setObject(1, owner);
                takeOver.setLong(2, ttlMicros);
                takeOver.setString(3, key);
                takeOver.setLong(4, read.getLong("fencing_token"));
                return granted(takeOver);
            }
            if (owner.equals(read.getObject("owner_id", UUID.class))) {
                return new Outcome.Granted(read.getLong("fencing_token"),
                        VirtualClock.toMicros(read.getObject("lease_until", OffsetDateTime.class)));
            }
            return new Outcome.Busy();
        }
    }

    private static Outcome granted(PreparedStatement write) throws SQLException {
        try (ResultSet rs = write.executeQuery()) {
            return rs.next() ? new Outcome.Granted(rs.getLong(1), VirtualClock.toMicros(rs.getObject(2, OffsetDateTime.class)))
                    : new Outcome.Busy();
        }
    }

    @Override
    public void close() throws SQLException {
        insert.close();
        takeOver.close();
        super.close();
    }
}
