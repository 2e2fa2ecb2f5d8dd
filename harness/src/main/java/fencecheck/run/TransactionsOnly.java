package fencecheck.run;

import fencecheck.job.JobOutcome;
import fencecheck.protocol.JobClient;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;

/**
 * What the runner uses as a session's job client when the implementation has
 * none (a lease-only one): begin, commit and rollback as plain JDBC
 * transaction control on the session's connection, so a lease trace's
 * "begin, write, rollback" runs the implementation's write inside a
 * transaction; no job rows to read. The job statements themselves never
 * reach it: the runner refuses a trace with claims, job rows or relay steps
 * for such an implementation.
 */
final class TransactionsOnly implements JobClient {

    private final Connection connection;

    TransactionsOnly(Connection connection) {
        this.connection = connection;
    }

    @Override
    public void begin() throws SQLException {
        connection.setAutoCommit(false);
    }

    @Override
    public JobOutcome commit() throws SQLException {
        connection.commit();
        connection.setAutoCommit(true);
        return new JobOutcome.Committed();
    }

    @Override
    public JobOutcome rollback() throws SQLException {
        connection.rollback();
        connection.setAutoCommit(true);
        return new JobOutcome.RolledBack();
    }

    @Override
    public JobRowsRead inspect(String key) {
        return new JobRowsRead(null, new TreeMap<>(), List.of(), new TreeMap<>());
    }

    @Override
    public JobOutcome claim(String key, long token) {
        throw unsupported("claim");
    }

    @Override
    public JobOutcome businessRow(String resultId, String payload) {
        throw unsupported("business row");
    }

    @Override
    public JobOutcome outboxRow(String resultId, String payload) {
        throw unsupported("outbox row");
    }

    @Override
    public Optional<OutboxRecord> nextToDeliver() {
        throw unsupported("relay");
    }

    @Override
    public void markDelivered(long id) {
        throw unsupported("relay");
    }

    @Override
    public boolean consume(OutboxRecord message) {
        throw unsupported("consumer");
    }

    private static UnsupportedOperationException unsupported(String what) {
        return new UnsupportedOperationException("a lease-only implementation has no " + what);
    }

    @Override
    public void close() {
    }
}
