package fencecheck.run;

import fencecheck.api.KeyState;
import fencecheck.api.LeaseClient;
import fencecheck.api.Outcome;
import fencecheck.api.SinkKind;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.UUID;

/**
 * A test client: the reference's, except for acquire, which a test gives
 * together with the extra statement it prepared for it (closed with the client), or none.
 */
abstract class AcquireReplaced implements LeaseClient {

    protected final LeaseClient reference;
    protected final PreparedStatement statement;

    AcquireReplaced(LeaseClient reference, PreparedStatement statement) {
        this.reference = reference;
        this.statement = statement;
    }

    /** An acquire that needs no statement of its own. */
    AcquireReplaced(LeaseClient reference) {
        this(reference, null);
    }

    @Override
    public abstract Outcome acquire(String key, UUID owner, long ttlMicros) throws SQLException;

    @Override
    public Outcome renew(String key, UUID owner, long token, long ttlMicros) throws SQLException {
        return reference.renew(key, owner, token, ttlMicros);
    }

    @Override
    public Outcome release(String key, UUID owner, long token) throws SQLException {
        return reference.release(key, owner, token);
    }

    @Override
    public Outcome.WriteOutcome write(SinkKind sink, String key, long token, String resultId, String payload) throws SQLException {
        return reference.write(sink, key, token, resultId, payload);
    }

    @Override
    public Outcome.RolledBack writeThenRollBack(SinkKind sink, String key, long token, String resultId, String payload)
            throws SQLException {
        return reference.writeThenRollBack(sink, key, token, resultId, payload);
    }

    @Override
    public KeyState inspect(String key) throws SQLException {
        return reference.inspect(key);
    }

    @Override
    public void close() throws SQLException {
        if (statement != null) {
            statement.close();
        }
        reference.close();
    }
}
