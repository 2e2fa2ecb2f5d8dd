package fencecheck.protocol;

import fencecheck.api.StoredResult;
import fencecheck.job.JobOutcome;
import fencecheck.job.JobRows;
import fencecheck.protocol.pack.Operation;
import fencecheck.protocol.pack.Params;
import fencecheck.protocol.pack.PreparedOperation;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The JDBC adapter of the job transaction: each job file of the pack prepared
 * once on the worker's connection, each call one run of that file. A pack may
 * add {@code job/finish_job.sql}, run just before its commit when its claim
 * held (the write that follows a separate check).
 */
final class SqlJobClient implements JobClient {

    /** The columns job/inspect_job.sql must return. */
    static final List<String> INSPECT_COLUMNS = List.of("kind", "result_id", "token", "payload", "delivered", "n");

    private final Connection connection;
    private final boolean bindsRowsToClaim;
    private final PreparedOperation claim;
    private final PreparedOperation businessRow;
    private final PreparedOperation outboxRow;
    private final PreparedOperation relayNext;
    private final PreparedOperation relayMark;
    private final PreparedOperation consume;
    private final PreparedOperation inspect;
    private final PreparedOperation finishJob;
    private String claimedKey;
    private long claimedToken;
    private boolean claimHeld;

    SqlJobClient(SqlLeaseProtocol protocol, Connection connection, boolean bindsRowsToClaim) throws SQLException {
        this.connection = connection;
        this.bindsRowsToClaim = bindsRowsToClaim;
        this.claim = protocol.prepare(connection, Operation.CLAIM);
        this.businessRow = protocol.prepare(connection, Operation.BUSINESS_ROW);
        this.outboxRow = protocol.prepare(connection, Operation.OUTBOX_ROW);
        this.relayNext = protocol.prepare(connection, Operation.RELAY_NEXT);
        this.relayMark = protocol.prepare(connection, Operation.RELAY_MARK);
        this.consume = protocol.prepare(connection, Operation.CONSUME);
        this.inspect = protocol.prepare(connection, Operation.INSPECT_JOB);
        this.finishJob = protocol.has(Operation.FINISH_JOB) ? protocol.prepare(connection, Operation.FINISH_JOB) : null;
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
        try (ResultSet rs = claim.query(claimParams(key, token))) {
            claimHeld = rs.next();
        }
        return claimHeld ? new JobOutcome.Claimed(token) : new JobOutcome.NotClaimed();
    }

    private static Params claimParams(String key, long token) {
        return new Params().text("job_key", key).bigint("token", token);
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
    private JobOutcome boundInsert(PreparedOperation insert, String resultId, String payload) throws SQLException {
        if (!mayWrite()) {
            return new JobOutcome.Skipped();
        }
        Params params = claimParams(claimedKey, claimedToken).text("result_id", resultId).text("payload", payload);
        try (ResultSet rs = insert.query(params)) {
            return rs.next() ? new JobOutcome.Inserted() : new JobOutcome.AlreadyThere();
        }
    }

    private boolean mayWrite() {
        return claimedKey != null && (claimHeld || !bindsRowsToClaim);
    }

    @Override
    public JobOutcome commit() throws SQLException {
        if (finishJob != null && claimHeld) {
            finishJob.run(claimParams(claimedKey, claimedToken));
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
        try (ResultSet rs = relayNext.query(new Params())) {
            if (!rs.next()) {
                return Optional.empty();
            }
            return Optional.of(new OutboxRecord(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getString(4),
                    rs.getLong(5), rs.getString(6)));
        }
    }

    @Override
    public void markDelivered(long id) throws SQLException {
        relayMark.run(new Params().bigint("outbox_id", id));
    }

    @Override
    public boolean consume(OutboxRecord message) throws SQLException {
        Params params = new Params().text("business_key", message.businessKey()).text("job_key", message.key())
                .text("result_id", message.resultId()).bigint("token", message.token()).text("payload", message.payload());
        try (ResultSet rs = consume.query(params)) {
            return rs.next();
        }
    }

    @Override
    public JobRowsRead inspect(String key) throws SQLException {
        Long jobState = null;
        SortedMap<String, StoredResult> business = new TreeMap<>();
        List<JobRows.Message> outbox = new ArrayList<>();
        SortedMap<String, Integer> effects = new TreeMap<>();
        try (ResultSet rs = inspect.query(new Params().text("job_key", key))) {
            ResultColumns.require(rs, inspect.source(), INSPECT_COLUMNS, List.of());
            while (rs.next()) {
                String kind = rs.getString("kind");
                switch (kind == null ? "" : kind) {
                    case "job" -> jobState = rs.getLong("token");
                    case "business" -> business.put(rs.getString("result_id"), new StoredResult(rs.getLong("token"), rs.getString("payload")));
                    case "outbox" -> outbox.add(new JobRows.Message(rs.getString("result_id"), rs.getLong("token"),
                            rs.getString("payload"), rs.getBoolean("delivered")));
                    case "effect" -> effects.put(rs.getString("result_id"), rs.getInt("n"));
                    default -> throw new IllegalStateException(inspect.source() + " returned a row of kind " + kind
                            + "; the kinds are job, business, outbox and effect");
                }
            }
        }
        return new JobRowsRead(jobState, business, outbox, effects);
    }

    @Override
    public void close() throws SQLException {
        for (PreparedOperation s : new PreparedOperation[] {claim, businessRow, outboxRow, relayNext, relayMark, consume, inspect, finishJob}) {
            if (s != null) {
                s.close();
            }
        }
    }
}
