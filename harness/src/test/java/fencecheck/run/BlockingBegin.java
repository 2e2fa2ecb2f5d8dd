package fencecheck.run;

import fencecheck.job.JobOutcome;
import fencecheck.protocol.JobClient;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;

/** A job client whose begin first takes an advisory lock, so a test can make it block on something outside the try. */
final class BlockingBegin implements JobClient {

    static final long LOCK = 424_242;

    private final JobClient inner;
    private final Connection connection;

    BlockingBegin(JobClient inner, Connection connection) {
        this.inner = inner;
        this.connection = connection;
    }

    @Override
    public void begin() throws SQLException {
        try (Statement s = connection.createStatement()) {
            s.execute("select pg_catalog.pg_advisory_xact_lock(" + LOCK + ")");
        }
        inner.begin();
    }

    @Override
    public JobOutcome claim(String key, long token) throws SQLException {
        return inner.claim(key, token);
    }

    @Override
    public JobOutcome businessRow(String resultId, String payload) throws SQLException {
        return inner.businessRow(resultId, payload);
    }

    @Override
    public JobOutcome outboxRow(String resultId, String payload) throws SQLException {
        return inner.outboxRow(resultId, payload);
    }

    @Override
    public JobOutcome commit() throws SQLException {
        return inner.commit();
    }

    @Override
    public JobOutcome rollback() throws SQLException {
        return inner.rollback();
    }

    @Override
    public Optional<OutboxRecord> nextToDeliver() throws SQLException {
        return inner.nextToDeliver();
    }

    @Override
    public void markDelivered(long id) throws SQLException {
        inner.markDelivered(id);
    }

    @Override
    public boolean consume(OutboxRecord message) throws SQLException {
        return inner.consume(message);
    }

    @Override
    public JobRowsRead inspect(String key) throws SQLException {
        return inner.inspect(key);
    }

    @Override
    public void close() throws SQLException {
        inner.close();
    }
}
