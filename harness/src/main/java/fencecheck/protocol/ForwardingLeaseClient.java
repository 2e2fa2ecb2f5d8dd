package fencecheck.protocol;

import fencecheck.api.KeyState;
import fencecheck.api.LeaseClient;
import fencecheck.api.Outcome;
import fencecheck.api.Outcome.RolledBack;
import fencecheck.api.Outcome.WriteOutcome;
import fencecheck.api.SinkKind;

import java.sql.SQLException;
import java.util.UUID;

/** A client that passes every call to another: a wrapper overrides only the calls it changes. */
public abstract class ForwardingLeaseClient implements LeaseClient {

    protected final LeaseClient delegate;

    protected ForwardingLeaseClient(LeaseClient delegate) {
        this.delegate = delegate;
    }

    @Override
    public Outcome acquire(String key, UUID owner, long ttlMicros) throws SQLException {
        return delegate.acquire(key, owner, ttlMicros);
    }

    @Override
    public Outcome renew(String key, UUID owner, long token, long ttlMicros) throws SQLException {
        return delegate.renew(key, owner, token, ttlMicros);
    }

    @Override
    public Outcome release(String key, UUID owner, long token) throws SQLException {
        return delegate.release(key, owner, token);
    }

    @Override
    public WriteOutcome write(SinkKind sink, String key, long token, String resultId, String payload) throws SQLException {
        return delegate.write(sink, key, token, resultId, payload);
    }

    @Override
    public RolledBack writeThenRollBack(SinkKind sink, String key, long token, String resultId, String payload)
            throws SQLException {
        return delegate.writeThenRollBack(sink, key, token, resultId, payload);
    }

    @Override
    public KeyState inspect(String key) throws SQLException {
        return delegate.inspect(key);
    }

    @Override
    public void close() throws SQLException {
        delegate.close();
    }
}
