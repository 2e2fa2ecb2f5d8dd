package fencecheck.api;

import fencecheck.api.Outcome.RolledBack;
import fencecheck.api.Outcome.WriteOutcome;
import fencecheck.model.KeyState;
import fencecheck.model.SinkKind;
import org.apiguardian.api.API;

import java.sql.SQLException;
import java.util.UUID;

/**
 * The protocol's operations over one database session (the contract is on
 * {@link LeaseProtocol}). Instants and durations are microseconds of virtual
 * time (see {@code fencecheck.db.VirtualClock}). Outcomes are the model's
 * words; zero affected rows is never reported as success.
 *
 * <p>Each call is one step the runner interleaves other sessions around, and
 * inside it only at a point between two of its statements
 * ({@code fencecheck.protocol.pack.BetweenStatements}, passed between the
 * statements of a SQL pack's file). It runs in autocommit (each statement its own transaction, unless the
 * call opens and ends a transaction of its own), or in the transaction {@link JobClient#begin} opened on the
 * same connection, which it never commits or rolls back itself. An exception is the step's answer (a
 * divergence), never retried.
 */
@API(status = API.Status.STABLE, since = "0.1")
public interface LeaseClient extends AutoCloseable {

    Outcome acquire(String key, UUID owner, long ttlMicros) throws SQLException;

    Outcome renew(String key, UUID owner, long token, long ttlMicros) throws SQLException;

    Outcome release(String key, UUID owner, long token) throws SQLException;

    WriteOutcome write(SinkKind sink, String key, long token, String resultId, String payload) throws SQLException;

    /** The same write inside a transaction of its own that it then rolls back (the runner does not call it: its traces say begin, write, rollback). */
    RolledBack writeThenRollBack(SinkKind sink, String key, long token, String resultId, String payload) throws SQLException;

    /**
     * The rows stored for {@code key}, as model state, as this session sees them (its own
     * open transaction's rows included); owners are the UUIDs' string forms. Called after
     * steps, on the acting session or on an observer session; it must change nothing.
     */
    KeyState inspect(String key) throws SQLException;

    @Override
    void close() throws SQLException;
}
