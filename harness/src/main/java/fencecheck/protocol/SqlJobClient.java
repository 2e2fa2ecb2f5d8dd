package fencecheck.protocol;

import fencecheck.job.JobOutcome;
import fencecheck.job.JobRows;
import fencecheck.model.StoredResult;
import fencecheck.protocol.SqlLeaseProtocol.Operation;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The JDBC adapter of the job transaction: one prepared statement per SQL
 * resource under {@code /fencecheck/sql/job/}. An implementation may add
 * {@code lock_job.sql}, a statement run just before the claim with the job
 * key (a lock taken its own way), and {@code finish_job.sql}, a statement run
 * just before its commit when its claim held (the write that follows a
 * separate check).
 */
final class SqlJobClient implements JobClient {

    private final Connection connection;
    private final boolean bindsRowsToClaim;
    private final PreparedStatement claim;
    private final PreparedStatement businessRow;
    private final PreparedStatement outboxRow;
    private final PreparedStatement relayNext;
    private final PreparedStatement relayMark;
    private final PreparedStatement consume;
    private final PreparedStatement inspect;
    private final PreparedStatement lockJob;
    private final PreparedStatement finishJob;
    private String claimedKey;
    private long claimedToken;
    private boolean claimHeld;

    SqlJobClient(SqlLeaseProtocol protocol, Connection connection, boolean bindsRowsToClaim) throws SQLException {
        this.connection = connection;
        this.bindsRowsToClaim = bindsRowsToClaim;
        this.claim = connection.prepareStatement(protocol.sql(Operation.CLAIM));
        this.businessRow = connection.prepareStatement(protocol.sql(Operation.BUSINESS_ROW));
        this.outboxRow = connection.prepareStatement(protocol.sql(Operation.OUTBOX_ROW));
        this.relayNext = connection.prepareStatement(protocol.sql(Operation.RELAY_NEXT));
        this.relayMark = connection.prepareStatement(protocol.sql(Operation.RELAY_MARK));
        this.consume = connection.prepareStatement(protocol.sql(Operation.CONSUME));
        this.inspect = connection.prepareStatement(protocol.sql(Operation.INSPECT_JOB));
        Optional<String> lock = protocol.extraSql("job/lock_job.sql");
        this.lockJob = lock.isPresent() ? connection.prepareStatement(lock.get()) : null;
        Optional<String> finish = protocol.extraSql("job/finish_job.sql");
        this.finishJob = finish.isPresent() ? connection.prepareStatement(finish.get()) : null;
    }

    @Override
    public void begin() throws SQLException {
        connection.setAutoCommit(false);
        claimedKey = null;
        claimHeld = false;
    }

    @Override
    public JobOutcome claim(String key, long token) throws SQLException {
        claimedKey = key;
        claimedToken = token;
        if (lockJob != null) {
            lockJob.setString(1, key);
            lockJob.execute();
        }
        claim.setString(1, key);
        claim.setLong(2, token);
        try (ResultSet rs = claim.executeQuery()) {
            claimHeld = rs.next();
        }
        return claimHeld ? new JobOutcome.Claimed(token) : new JobOutcome.NotClaimed();
    }

    @Override
    public JobOutcome businessRow(String resultId, String payload) throws SQLException {
        return boundInsert(businessRow, resultId, payload);
    }

    @Override
    public JobOutcome outboxRow(String resultId, String payload) throws SQLException {
        return boundInsert(outboxRow, resultId, payload);
    }

    /** A row of the claimed job (key, result id, claim token, payload), written only when the claim lets it be. */
    private JobOutcome boundInsert(PreparedStatement insert, String resultId, String payload) throws SQLException {
        if (!mayWrite()) {
            return new JobOutcome.Skipped();
        }
        insert.setString(1, claimedKey);
        insert.setString(2, resultId);
        insert.setLong(3, claimedToken);
        insert.setString(4, payload);
        try (ResultSet rs = insert.executeQuery()) {
            return rs.next() ? new JobOutcome.Inserted() : new JobOutcome.AlreadyThere();
        }
    }

    private boolean mayWrite() {
        return claimedKey != null && (claimHeld || !bindsRowsToClaim);
    }

    @Override
    public JobOutcome commit() throws SQLException {
        if (finishJob != null && claimHeld) {
            finishJob.setString(1, claimedKey);
            finishJob.setLong(2, claimedToken);
            finishJob.executeUpdate();
        }
        connection.commit();
        connection.setAutoCommit(true);
        claimedKey = null;
        return new JobOutcome.Committed();
    }

    @Override
    public JobOutcome rollback() throws SQLException {
        connection.rollback();
        connection.setAutoCommit(true);
        claimedKey = null;
        return new JobOutcome.RolledBack();
    }

    @Override
    public Optional<OutboxRecord> nextToDeliver() throws SQLException {
        try (ResultSet rs = relayNext.executeQuery()) {
            if (!rs.next()) {
                return Optional.empty();
            }
            return Optional.of(new OutboxRecord(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getString(4),
                    rs.getLong(5), rs.getString(6)));
        }
    }

    @Override
    public void markDelivered(long id) throws SQLException {
        relayMark.setLong(1, id);
        relayMark.executeUpdate();
    }

    @Override
    public boolean consume(OutboxRecord message) throws SQLException {
        consume.setString(1, message.businessKey());
        consume.setString(2, message.key());
        consume.setString(3, message.resultId());
        consume.setString(4, message.payload());
        try (ResultSet rs = consume.executeQuery()) {
            return rs.next();
        }
    }

    @Override
    public JobRowsRead inspect(String key) throws SQLException {
        inspect.setString(1, key);
        Long jobState = null;
        SortedMap<String, StoredResult> business = new TreeMap<>();
        List<JobRows.Message> outbox = new ArrayList<>();
        SortedMap<String, Integer> effects = new TreeMap<>();
        try (ResultSet rs = inspect.executeQuery()) {
            while (rs.next()) {
                switch (rs.getString(1)) {
                    case "job" -> jobState = rs.getLong(3);
                    case "business" -> business.put(rs.getString(2), new StoredResult(rs.getLong(3), rs.getString(4)));
                    case "outbox" -> outbox.add(new JobRows.Message(rs.getString(2), rs.getLong(3), rs.getString(4), rs.getBoolean(5)));
                    case "effect" -> effects.put(rs.getString(2), rs.getInt(6));
                    default -> throw new SQLException("inspect_job.sql returned an unknown kind of row: " + rs.getString(1));
                }
            }
        }
        return new JobRowsRead(jobState, business, outbox, effects);
    }

    @Override
    public void close() throws SQLException {
        for (PreparedStatement s : new PreparedStatement[] {claim, businessRow, outboxRow, relayNext, relayMark, consume, inspect, lockJob, finishJob}) {
            if (s != null) {
                s.close();
            }
        }
    }
}
