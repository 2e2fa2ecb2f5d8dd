package fencecheck.api;

import fencecheck.api.Outcome.RolledBack;
import fencecheck.api.Outcome.WriteOutcome;
import org.apiguardian.api.API;

import java.sql.SQLException;
import java.util.UUID;

/**
 * The protocol's operations over one database session (the contract is on
 * {@link LeaseProtocol}, which makes one per session with {@link LeaseProtocol#client}).
 * Instants and durations are microseconds on fencecheck's time line (see {@link Outcome}):
 * virtual time in lock step, the database's own clock in real time. Outcomes are the
 * protocol's words; zero affected rows is never reported as success.
 *
 * <p>Each call is one step the runner interleaves other sessions around, and
 * inside it only at a point between two of its statements
 * ({@code fencecheck.protocol.pack.BetweenStatements}, passed between the
 * statements of a SQL pack's file). It runs in autocommit (each statement its own transaction, unless the
 * call opens and ends a transaction of its own), or in the transaction the job client's {@code begin} opened on the
 * same connection, which it never commits or rolls back itself. An exception is the step's answer (a
 * divergence), never retried.
 *
 * <p>Calls of one client never overlap: the next comes only after the previous returned, though in lock step not
 * always on the same thread. {@link #close} may come from another thread while a call that waits for a lock or
 * stopped between statements is still outstanding, its thread interrupted, when a restart or the end of a try drops
 * the session.
 */
@API(status = API.Status.STABLE, since = "0.1")
public interface LeaseClient extends AutoCloseable {

    /**
     * Takes the lease of {@code key} for {@code owner}, for {@code ttlMicros} from now: granted when nobody holds a
     * valid lease on the key (under a token above every earlier one of the key), refused when another owner does.
     * The reference gives the caller's own valid lease back unchanged (same token, same end), so the retry of a
     * grant whose answer was lost gets the same lease.
     *
     * @param key       the job key
     * @param owner     the execution asking, from {@link LeaseProtocol#newOwner}
     * @param ttlMicros the lease's length, in microseconds
     * @return {@link Outcome.Granted} with the lease's token and end, or {@link Outcome.Busy}
     * @throws SQLException when a statement fails or the session breaks: the step's answer
     */
    Outcome acquire(String key, UUID owner, long ttlMicros) throws SQLException;

    /**
     * Extends the caller's valid lease to {@code ttlMicros} from now. The reference renews only a lease that is
     * still valid and names both {@code owner} and {@code token} (the owner alone under
     * {@link OperationBinding#OWNER_ONLY}); an expired lease is never revived.
     *
     * @param key       the job key
     * @param owner     the execution the lease was granted to
     * @param token     the token of the grant being renewed
     * @param ttlMicros the lease's new length, from now, in microseconds
     * @return {@link Outcome.Renewed} with the lease's new end, or {@link Outcome.RenewRejected}
     * @throws SQLException when a statement fails or the session breaks: the step's answer
     */
    Outcome renew(String key, UUID owner, long token, long ttlMicros) throws SQLException;

    /**
     * Gives the caller's lease up before its end. The row and its token stay, so the key's next grant continues its
     * tokens; how the row says the lease ended is the implementation's {@link ReleaseEncoding}.
     *
     * @param key   the job key
     * @param owner the execution the lease was granted to
     * @param token the token of the grant being released
     * @return {@link Outcome.Released} or {@link Outcome.ReleaseRejected}
     * @throws SQLException when a statement fails or the session breaks: the step's answer
     */
    Outcome release(String key, UUID owner, long token) throws SQLException;

    /**
     * Writes a result to one of the two sinks under {@code token}, which the sink compares with what it has seen of
     * the key's tokens, not with the lease's end: a superseded token is {@code Stale}, a token never granted for the
     * key is {@code Forged}, and neither changes anything.
     *
     * @param sink     the sink written to: latest token wins (one result per key) or current fence (per result id)
     * @param key      the job key
     * @param token    the token of the grant the write is made under
     * @param resultId the result's id; it matters only to the current-fence sink
     * @param payload  the result
     * @return one of the five write answers ({@link Outcome.WriteOutcome})
     * @throws SQLException when a statement fails or the session breaks: the step's answer
     */
    WriteOutcome write(SinkKind sink, String key, long token, String resultId, String payload) throws SQLException;

    /**
     * The same write inside a transaction of its own that it then rolls back (the runner does not call it: its traces
     * say begin, write, rollback).
     *
     * @param sink     the sink written to
     * @param key      the job key
     * @param token    the token of the grant the write is made under
     * @param resultId the result's id; it matters only to the current-fence sink
     * @param payload  the result
     * @return {@link Outcome.RolledBack} with the answer the write had before the rollback
     * @throws SQLException when a statement fails or the session breaks
     */
    RolledBack writeThenRollBack(SinkKind sink, String key, long token, String resultId, String payload) throws SQLException;

    /**
     * The rows stored for {@code key}, as model state, as this session sees them (its own
     * open transaction's rows included); owners are the UUIDs' string forms. Called after
     * steps, on the acting session or on an observer session; it must change nothing.
     *
     * @param key the job key
     * @return the key's lease (null when it was never granted), its latest-token result (null when none was written)
     *     and its current-fence results by result id
     * @throws SQLException when a statement fails or the session breaks
     */
    KeyState inspect(String key) throws SQLException;

    /**
     * Closes what the client prepared on the session. The connection itself is fencecheck's, which closes it.
     *
     * @throws SQLException when closing a prepared statement fails
     */
    @Override
    void close() throws SQLException;
}
