package fencecheck.protocol;

import fencecheck.model.ModelConfig;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.UUID;

/**
 * An implementation of the lease / fence / sink protocol on PostgreSQL: the
 * reference, a known-buggy variant, or a user's own (selected by class name).
 */
public interface LeaseProtocol {

    /** The name users select it by, e.g. {@code reference} or {@code renew-ignores-token}. */
    String name();

    /** One sentence: what it does differently and which article rule that breaks (empty for the reference). */
    String description();

    /** The semantics this implementation claims, that the model is configured with. */
    ModelConfig modelConfig();

    /** The owner id of a new execution of a job by {@code worker}: fresh every time in the reference. */
    UUID newOwner(String worker);

    /** Creates the tables this implementation needs (idempotent). */
    void installSchema(Connection connection) throws SQLException;

    /** Deletes every row this implementation stores, in one round trip. */
    void deleteAllRows(Connection connection) throws SQLException;

    /** A client bound to one worker's connection; it holds that connection's prepared statements. */
    LeaseClient client(Connection connection) throws SQLException;

    /**
     * The job transaction of article A (claim, business row, outbox row) and
     * the outbox relay and consumer, on a worker's connection. An
     * implementation without them cannot be run by the job-transaction properties.
     */
    default JobClient jobClient(Connection connection) throws SQLException {
        throw new UnsupportedOperationException(name() + " has no job transaction, outbox or consumer");
    }

    /**
     * Whether it has the job transaction, the outbox and the consumer
     * ({@link #jobClient}); the job properties skip an implementation without
     * them. By default: whether its class implements {@link #jobClient}.
     */
    default boolean hasJobTransaction() {
        try {
            return getClass().getMethod("jobClient", Connection.class).getDeclaringClass() != LeaseProtocol.class;
        } catch (NoSuchMethodException e) {
            return false;
        }
    }

    /**
     * The result id a worker sends when it retries a write whose answer never
     * came. The reference keeps the original, so the retry is a replay.
     */
    default String retryResultId(String resultId) {
        return resultId;
    }

    /**
     * The clock of virtual time, for an implementation that takes time from
     * Java rather than from the database: fencecheck calls this once, before
     * its first try, and moves the clock with every clock step, exactly as the
     * database's {@code clock_timestamp()}. An implementation that reads
     * {@code System.currentTimeMillis()}, {@code Instant.now()} or
     * {@code LocalDateTime.now()} instead escapes the virtual clock.
     */
    default void useClock(java.time.Clock clock) {
    }

    /**
     * The coordinator (the application process that hands out leases)
     * restarts: whatever it kept in memory is gone. The reference keeps
     * nothing outside the database, so nothing changes.
     */
    default void restartCoordinator() {
    }
}
