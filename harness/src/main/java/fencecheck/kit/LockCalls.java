package fencecheck.kit;

import fencecheck.api.Outcome;
import org.apiguardian.api.API;

import java.sql.SQLException;
import java.util.UUID;

/**
 * A lock library's own three calls on one of fencecheck's sessions: all an implementation writes to have the
 * kit's sinks, {@code inspect} rows and reset. Answers are the model's words; instants are microseconds of
 * virtual time.
 */
@API(status = API.Status.STABLE, since = "0.1")
public interface LockCalls extends AutoCloseable {

    /**
     * {@code Granted(token, until)} or {@code Busy}. The token is read only with {@link FenceSource#RETURNED}; with the
     * kit's token, answer {@code Granted(0, until)}. For {@link FenceSource#FENCE_ROW} and {@link FenceSource#RETURNED} it
     * runs in the kit's transaction, and the library must not commit on its own; for {@link FenceSource#TRIGGER} it may.
     */
    Outcome acquire(String key, UUID owner, long ttlMicros) throws SQLException;

    /** {@code Renewed(until)} or {@code RenewRejected}. */
    Outcome renew(String key, UUID owner, long token, long ttlMicros) throws SQLException;

    /** {@code Released} or {@code ReleaseRejected}. */
    Outcome release(String key, UUID owner, long token) throws SQLException;

    /**
     * What the library stores in the lock table's owner column for the execution {@code owner}: its id as text by
     * default. A library that stores a value several executions share (ShedLock's default {@code lockedBy}, the host
     * name) says so here; the kit then reads a fence under that value, and names a lease's holder by the grant it
     * saw under the lease's token ({@link KitLeaseProtocol}).
     */
    default String ownerValue(UUID owner) {
        return owner.toString();
    }

    /** Closes what the calls prepared on the session (the connection itself is fencecheck's). */
    @Override
    default void close() throws SQLException {
    }
}
