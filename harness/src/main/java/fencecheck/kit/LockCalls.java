package fencecheck.kit;

import fencecheck.api.Outcome;
import org.apiguardian.api.API;

import java.sql.SQLException;
import java.util.UUID;

/**
 * A lock library's own three calls on one of fencecheck's sessions: all an implementation writes to have the
 * kit's sinks, {@code inspect} rows and reset. Answers are the model's words ({@link Outcome}); instants are
 * microseconds on fencecheck's time line ({@link LeaseTime} turns a lease end read from the library's table into
 * one). Every statement goes on the session's connection, given to {@link KitLeaseProtocol.Calls#open}; the calls
 * of one session never overlap, as a {@link fencecheck.api.LeaseClient}'s do not.
 *
 * <p>The method a call answers in tells the kit which call ran: with {@link FenceSource#TRIGGER}, a change of the lock
 * table made while {@link #acquire} runs is a new lease as {@link LockTable#newLeaseWhen} says, and one made while
 * {@link #renew} or {@link #release} runs never is. A library whose extend is the same "acquire or prolong" statement
 * as its acquire is called from {@code renew} for its extend: its holder keeps its token, and a renew that re-took an
 * ended lease is judged as the revival it is.
 */
@API(status = API.Status.STABLE, since = "0.1")
public interface LockCalls extends AutoCloseable {

    /**
     * {@code Granted(token, until)} or {@code Busy}. The token is read only with {@link FenceSource#RETURNED}; with the
     * kit's token, answer {@code Granted(0, until)}. For {@link FenceSource#FENCE_ROW} and {@link FenceSource#RETURNED} it
     * runs in the kit's transaction, and the library must not commit on its own; for {@link FenceSource#TRIGGER} it may.
     *
     * @param key       the lock's name (fencecheck's job key)
     * @param owner     the execution asking; the library stores {@link #ownerValue} of it
     * @param ttlMicros the lease's length, in microseconds
     * @return {@code Granted(token, until)} with the lease's end, or {@code Busy}
     * @throws SQLException when a statement fails or the session breaks: the step's answer
     */
    Outcome acquire(String key, UUID owner, long ttlMicros) throws SQLException;

    /**
     * {@code Renewed(until)} or {@code RenewRejected}. A library without a token renews by owner alone and ignores
     * {@code token}, which is what the kit's default semantics ({@link fencecheck.api.OperationBinding#OWNER_ONLY})
     * expect.
     *
     * @param key       the lock's name
     * @param owner     the execution the lease was granted to
     * @param token     the token of the grant being renewed
     * @param ttlMicros the lease's new length, from now, in microseconds
     * @return {@code Renewed(until)} with the lease's new end, or {@code RenewRejected}
     * @throws SQLException when a statement fails or the session breaks: the step's answer
     */
    Outcome renew(String key, UUID owner, long token, long ttlMicros) throws SQLException;

    /**
     * {@code Released} or {@code ReleaseRejected}. As with {@link #renew}, a library without a token ignores
     * {@code token}.
     *
     * @param key   the lock's name
     * @param owner the execution the lease was granted to
     * @param token the token of the grant being released
     * @return {@code Released} or {@code ReleaseRejected}
     * @throws SQLException when a statement fails or the session breaks: the step's answer
     */
    Outcome release(String key, UUID owner, long token) throws SQLException;

    /**
     * What the library stores in the lock table's owner column for the execution {@code owner}: its id as text by
     * default. A library that stores a value several executions share (ShedLock's default {@code lockedBy}, the host
     * name) says so here; the kit then reads a fence under that value, and names a lease's holder by the grant it
     * saw under the lease's token ({@link KitLeaseProtocol}).
     *
     * @param owner the execution
     * @return what the library stores for it in the owner column, compared as text
     */
    default String ownerValue(UUID owner) {
        return owner.toString();
    }

    /**
     * Closes what the calls prepared on the session (the connection itself is fencecheck's); called when the session's
     * client closes. By default nothing.
     *
     * @throws SQLException when closing a prepared statement fails
     */
    @Override
    default void close() throws SQLException {
    }
}
