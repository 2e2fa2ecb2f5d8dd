package fencecheck.protocol;

import fencecheck.model.KeyState;
import fencecheck.model.Outcome;
import fencecheck.model.Outcome.RolledBack;
import fencecheck.model.Outcome.WriteOutcome;
import fencecheck.model.SinkKind;

import java.sql.SQLException;
import java.util.UUID;

/**
 * The protocol's operations over one database session. Instants and durations
 * are microseconds of virtual time (see {@code fencecheck.db.VirtualClock}).
 * Outcomes are the model's words; zero affected rows is never reported as success.
 */
public interface LeaseClient extends AutoCloseable {

    Outcome acquire(String key, UUID owner, long ttlMicros) throws SQLException;

    Outcome renew(String key, UUID owner, long token, long ttlMicros) throws SQLException;

    Outcome release(String key, UUID owner, long token) throws SQLException;

    WriteOutcome write(SinkKind sink, String key, long token, String resultId, String payload) throws SQLException;

    /** The same write inside an explicit transaction that is then rolled back. */
    RolledBack writeThenRollBack(SinkKind sink, String key, long token, String resultId, String payload) throws SQLException;

    /** The rows stored for {@code key}, as model state; owners are the UUIDs' string forms. */
    KeyState inspect(String key) throws SQLException;

    @Override
    void close() throws SQLException;
}
