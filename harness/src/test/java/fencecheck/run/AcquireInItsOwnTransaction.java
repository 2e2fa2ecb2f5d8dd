package fencecheck.run;

import fencecheck.api.KeyState;
import fencecheck.api.LeaseClient;
import fencecheck.api.Outcome;
import fencecheck.api.SinkKind;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.UUID;

/**
 * A test client: another client's acquire wrapped in a transaction of its own,
 * BEGIN, its statement, COMMIT, as lock libraries do (ShedLock's insert runs
 * so). Its other calls are the other client's.
 */
final class AcquireInItsOwnTransaction implements LeaseClient {

    private final LeaseClient inner;
    private final Connection connection;

    AcquireInItsOwnTransaction(LeaseClient inner, Connection connection) {
        this.inner = inner;
        this.connection = connection;
    }

    @Override
    public Outcome acquire(String key, UUID owner, long ttlMicros) throws SQLException {
        connection.setAutoCommit(false);
        try {
            Outcome granted = inner.acquire(key, owner, ttlMicros);
            connection.commit();
            return granted;
        } catch (SQLException | RuntimeException e) {
            rollBackQuietly(e);
            throw e;
        } finally {
            if (!connection.isClosed()) {
                connection.setAutoCommit(true);
            }
        }
    }

    private void rollBackQuietly(Exception cause) {
        try {
            if (!connection.isClosed()) {
                connection.rollback();
            }
        } catch (SQLException alsoFailed) {
            cause.addSuppressed(alsoFailed);
        }
    }

    @Override
    public Outcome renew(String key, UUID owner, long token, long ttlMicros) throws SQLException {
        return inner.renew(key, owner, token, ttlMicros);
    }

    @Override
    public Outcome release(String key, UUID owner, long token) throws SQLException {
        return inner.release(key, owner, token);
    }

    @Override
    public Outcome.WriteOutcome write(SinkKind sink, String key, long token, String resultId, String payload) throws SQLException {
        return inner.write(sink, key, token, resultId, payload);
    }

    @Override
    public Outcome.RolledBack writeThenRollBack(SinkKind sink, String key, long token, String resultId, String payload)
            throws SQLException {
        return inner.writeThenRollBack(sink, key, token, resultId, payload);
    }

    @Override
    public KeyState inspect(String key) throws SQLException {
        return inner.inspect(key);
    }

    @Override
    public void close() throws SQLException {
        inner.close();
    }
}
