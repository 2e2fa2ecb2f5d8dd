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
 * A known-bad test client: the reference's, except for an acquire of two
 * statements that each commit on their own, the first taking the key's next
 * token before anyone owns it, the second making it the caller's lease. Run
 * back to back it answers as the reference does; a call that stops after the
 * first leaves a row that is neither the old lease nor the new one.
 */
final class HalfDoneAcquire extends AcquireReplaced {

    private final PreparedStatement setOwner;

    HalfDoneAcquire(LeaseClient reference, Connection connection) throws SQLException {
        super(reference, connection.prepareStatement(SqlResources.load("test-calls/advance-token.sql")));
        this.setOwner = connection.prepareStatement(SqlResources.load("test-calls/set-owner.sql"));
    }

    @Override
    public Outcome acquire(String key, UUID owner, long ttlMicros) throws SQLException {
        statement.setString(1, key);
        long token;
        try (ResultSet taken = statement.executeQuery()) {
            if (!taken.next()) {
                return new Outcome.Busy();
            }
            token = taken.getLong(1);
        }
        setOwner.setObject(1, owner);
        setOwner.setLong(2, ttlMicros);
        setOwner.setString(3, key);
        setOwner.setLong(4, token);
        try (ResultSet rs = setOwner.executeQuery()) {
            rs.next();
            return new Outcome.Granted(rs.getLong(1), VirtualClock.toMicros(rs.getObject(2, OffsetDateTime.class)));
        }
    }

    @Override
    public void close() throws SQLException {
        setOwner.close();
        super.close();
    }
}
