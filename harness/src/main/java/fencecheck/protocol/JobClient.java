package fencecheck.protocol;

import fencecheck.api.StoredResult;
import fencecheck.job.JobOutcome;
import fencecheck.job.JobRows;

import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;

/**
 * The job transaction, the outbox relay and the consumer over one database
 * session (the contract is on {@link LeaseProtocol}). Each call is one step:
 * the runner lets other sessions' statements run between any two calls, never
 * inside one, so a call should send one statement (the reference's do; the
 * optional {@code finish_job.sql} of a pack runs inside {@link #commit}).
 * Answers are the model's words. The client remembers its transaction's claim:
 * business and outbox rows are bound to it.
 *
 * <p>{@link #begin} turns autocommit off on the session's connection;
 * {@link #commit} and {@link #rollback} end the transaction and turn it back
 * on. Every call in between, the session's {@link LeaseClient} calls included,
 * runs in that transaction. The relay's and consumer's calls run in autocommit.
 */
public interface JobClient extends AutoCloseable {

    /** Opens a transaction; the statements up to {@link #commit} or {@link #rollback} run in it. */
    void begin() throws SQLException;

    /** The token-conditioned update of {@code key}'s job-state row: {@code Claimed} or {@code NotClaimed}. */
    JobOutcome claim(String key, long token) throws SQLException;

    /** {@code Inserted}, {@code AlreadyThere}, or {@code Skipped} when the claim did not hold. */
    JobOutcome businessRow(String resultId, String payload) throws SQLException;

    /** {@code Inserted}, {@code AlreadyThere}, or {@code Skipped} when the claim did not hold. */
    JobOutcome outboxRow(String resultId, String payload) throws SQLException;

    JobOutcome commit() throws SQLException;

    JobOutcome rollback() throws SQLException;

    /** The relay's next message: the oldest committed one not yet marked delivered. */
    Optional<OutboxRecord> nextToDeliver() throws SQLException;

    void markDelivered(long id) throws SQLException;

    /** The consumer takes a message; true when it applied the effect now. */
    boolean consume(OutboxRecord message) throws SQLException;

    /** The job rows of {@code key} as this session sees them (the lease and sink rows come from {@link LeaseClient#inspect}). */
    JobRowsRead inspect(String key) throws SQLException;

    @Override
    void close() throws SQLException;

    /** An outbox row as the relay reads it. */
    record OutboxRecord(long id, String businessKey, String key, String resultId, long token, String payload) {
    }

    /** The job rows of a key as read, without the lease and sink rows. */
    record JobRowsRead(Long jobState, SortedMap<String, StoredResult> business,
                       List<JobRows.Message> outbox, SortedMap<String, Integer> effects) {
    }
}
