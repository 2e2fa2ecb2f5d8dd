package fencecheck.kit;

import fencecheck.api.Outcome.Applied;
import fencecheck.api.Outcome.Conflict;
import fencecheck.api.Outcome.Forged;
import fencecheck.api.Outcome.Replayed;
import fencecheck.api.Outcome.Stale;
import fencecheck.api.Outcome.WriteOutcome;
import fencecheck.protocol.pack.Operation;
import fencecheck.protocol.pack.Params;
import fencecheck.protocol.pack.PreparedOperation;
import org.apiguardian.api.API;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import javax.sql.DataSource;

/**
 * One run of a job body on a scheduler node, recorded in the database as it goes so that a node killed or paused
 * mid-run keeps what it did: {@link #begin} reads the token the kit gave the run's firing (a {@link FiringTable}'s
 * trigger numbered it) and records the run; {@link #writeLatest} writes the job's result through the kit's
 * latest-token sink under that token; {@link #writeUnfenced} writes it by a plain upsert instead (no token checked:
 * the common mistake, to compare with); {@link #emit} stores an outbox message for a business key under that token,
 * once per business key, and {@link #emitUnfenced} stores it by a plain insert instead; {@link #end} records the end.
 * Each record commits at once, on the database's clock. A run writes once and may emit any number of messages.
 *
 * <pre>{@code
 * try (JobRun run = JobRun.begin(dataSource, "reports.daily", firingId)) {
 *     run.writeLatest(computeTheReport());
 * }
 * }</pre>
 */
@API(status = API.Status.STABLE, since = "0.1")
public final class JobRun implements AutoCloseable {

    /** The system property that holds the node's id, as fencecheck starts a node. */
    public static final String NODE_ID_PROPERTY = "fencecheck.node.id";

    /** How long {@link #begin} waits for its firing's token to become visible (its statement to commit). */
    public static final Duration FIRING_WAIT = Duration.ofSeconds(10);

    private static final long POLL_MILLIS = 20;
    private static final List<String> PARAMETERS = List.of("run_id", "node", "job_key", "firing_id", "token", "result_id",
            "payload", "sink", "answer", "business_key", "emit_id");

    private final Connection connection;
    private final long id;
    private final int node;
    private final String jobKey;
    private final String firingId;
    private final long token;
    private boolean written;
    private boolean ended;

    private JobRun(Connection connection, long id, int node, String jobKey, String firingId, long token) {
        this.connection = connection;
        this.id = id;
        this.node = node;
        this.jobKey = jobKey;
        this.firingId = firingId;
        this.token = token;
    }

    /**
     * Begins the run of a firing on this node, whose id the system property {@value #NODE_ID_PROPERTY} holds.
     *
     * @param dataSource the node's database; the run keeps one of its connections until {@link #end}
     * @param jobKey     the job key as the firing table's key columns make it (e.g. {@code group.name} for Quartz)
     * @param firingId   the firing's id as the scheduler's row holds it (Quartz's entry id, db-scheduler's version)
     * @return the run, recorded and committed
     * @throws SQLException          when the database fails
     * @throws IllegalStateException when the property is not set, or the firing is never recorded within
     *                               {@link #FIRING_WAIT}
     */
    public static JobRun begin(DataSource dataSource, String jobKey, String firingId) throws SQLException {
        String node = System.getProperty(NODE_ID_PROPERTY);
        if (node == null || !node.strip().matches("\\d+")) {
            throw new IllegalStateException("the system property " + NODE_ID_PROPERTY + " is " + node
                    + ": run the node as fencecheck starts it, or pass the node's id to JobRun.begin");
        }
        return begin(dataSource, Integer.parseInt(node.strip()), jobKey, firingId);
    }

    /**
     * Begins the run of a firing on the node {@code node}.
     *
     * @param dataSource the node's database; the run keeps one of its connections until {@link #end}
     * @param node       the node's id
     * @param jobKey     the job key as the firing table's key columns make it
     * @param firingId   the firing's id as the scheduler's row holds it
     * @return the run, recorded and committed
     * @throws SQLException          when the database fails
     * @throws IllegalStateException when the firing is never recorded within {@link #FIRING_WAIT}
     */
    public static JobRun begin(DataSource dataSource, int node, String jobKey, String firingId) throws SQLException {
        return begin(dataSource, node, jobKey, firingId, FIRING_WAIT);
    }

    /** The same, waiting {@code wait} for the firing (a test's shorter wait). */
    static JobRun begin(DataSource dataSource, int node, String jobKey, String firingId, Duration wait) throws SQLException {
        Connection connection = dataSource.getConnection();
        try {
            connection.setAutoCommit(true);
            long token = firingToken(connection, jobKey, firingId, wait);
            try (PreparedOperation begin = operation(connection, "begin_run.sql");
                 ResultSet rs = begin.query(new Params().bigint("node", (long) node).text("job_key", jobKey)
                         .text("firing_id", firingId).bigint("token", token))) {
                rs.next();
                return new JobRun(connection, rs.getLong(1), node, jobKey, firingId, token);
            }
        } catch (SQLException | RuntimeException e) {
            connection.close();
            throw e;
        }
    }

    /** Waits (bounded) for the firing's statement to commit: a node may start the job before another sees its row. */
    private static long firingToken(Connection connection, String jobKey, String firingId, Duration wait) throws SQLException {
        long deadline = System.nanoTime() + wait.toNanos();
        try (PreparedOperation read = operation(connection, "firing_token.sql")) {
            while (true) {
                try (ResultSet rs = read.query(new Params().text("job_key", jobKey).text("firing_id", firingId))) {
                    if (rs.next()) {
                        return rs.getLong(1);
                    }
                }
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("no firing " + firingId + " of job " + jobKey + " was recorded within "
                            + wait.toMillis() + " ms: install the scheduler's FiringTable before its nodes start, and"
                            + " pass the job key and firing id its row holds");
                }
                try {
                    Thread.sleep(POLL_MILLIS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted while waiting for firing " + firingId + " of job " + jobKey, e);
                }
            }
        }
    }

    /**
     * Writes the job's result through the kit's latest-token sink under the run's token: stored when no result is or
     * a lower token's is, refused ({@code Stale}) when a newer firing's run stored one. The answer and the write's
     * interval on the database's clock are recorded and committed at once.
     *
     * @param result the job's result
     * @return the sink's answer
     * @throws SQLException when the database fails; the write is then recorded as invoked, its answer unknown
     */
    public WriteOutcome writeLatest(String result) throws SQLException {
        invoked("latest", result);
        WriteOutcome answer;
        try (PreparedOperation write = new PreparedOperation(connection, KitSql.file("sinks/write_latest.sql",
                Operation.WRITE_LATEST, Operation.WRITE_LATEST.parameters()));
             ResultSet rs = write.query(new Params().text("job_key", jobKey).bigint("token", token).text("result_id", "-")
                     .text("payload", result))) {
            rs.next();
            String word = rs.getString(1);
            answer = "Unseen".equals(word) ? unseen(result) : outcome(word);
        }
        answered(answer);
        return answer;
    }

    /**
     * Writes the job's result to the same table by a plain upsert that checks no token: what a job does that trusts
     * its scheduler's exclusive execution. It always stores, so a paused run's late write overwrites a newer run's
     * result. Recorded as {@link #writeLatest} is.
     *
     * @param result the job's result
     * @return {@code Applied}
     * @throws SQLException when the database fails; the write is then recorded as invoked, its answer unknown
     */
    public WriteOutcome writeUnfenced(String result) throws SQLException {
        invoked("unfenced", result);
        WriteOutcome answer;
        try (PreparedOperation write = operation(connection, "write_unfenced.sql");
             ResultSet rs = write.query(new Params().text("job_key", jobKey).bigint("token", token).text("payload", result))) {
            rs.next();
            answer = outcome(rs.getString(1));
        }
        answered(answer);
        return answer;
    }

    /**
     * Emits an outbox message for a business key (one that names the work, never the token: e.g. the firing's
     * scheduled time, which a recovered run of the same firing emits again). Stored only under the job key's current
     * token (the fence row read {@code FOR SHARE} in the same statement) and only once per business key of the job
     * key: {@code Applied} when stored now, {@code Stale} when a newer firing has taken the job key, {@code Replayed}
     * when the business key is stored with this payload ({@code Conflict} with another). The answer and the emit's
     * interval on the database's clock are recorded and committed at once.
     *
     * @param businessKey the message's business key, unique per effect the consumer must apply once
     * @param payload     the message
     * @return the outbox's answer
     * @throws SQLException when the database fails; the emit is then recorded as invoked, its answer unknown
     */
    public WriteOutcome emit(String businessKey, String payload) throws SQLException {
        long emit = emitInvoked("outbox", businessKey, payload);
        WriteOutcome answer;
        try (PreparedOperation store = operation(connection, "emit_fenced.sql");
             ResultSet rs = store.query(new Params().text("job_key", jobKey).text("business_key", businessKey)
                     .bigint("token", token).text("payload", payload).bigint("run_id", id))) {
            rs.next();
            String word = rs.getString(1);
            answer = "Unseen".equals(word) ? storedMessage(businessKey, payload) : outcome(word);
        }
        emitAnswered(emit, answer);
        return answer;
    }

    /**
     * Emits an outbox message by a plain insert that checks neither token nor business key: what a job does that
     * trusts its scheduler's exclusive execution. It always stores, so a paused run and the run that recovered its
     * firing both store the business key, and the consumer applies it twice. Recorded as {@link #emit} is.
     *
     * @param businessKey the message's business key
     * @param payload     the message
     * @return {@code Applied}
     * @throws SQLException when the database fails; the emit is then recorded as invoked, its answer unknown
     */
    public WriteOutcome emitUnfenced(String businessKey, String payload) throws SQLException {
        long emit = emitInvoked("unfenced", businessKey, payload);
        WriteOutcome answer;
        try (PreparedOperation store = operation(connection, "emit_unfenced.sql");
             ResultSet rs = store.query(new Params().text("job_key", jobKey).text("business_key", businessKey)
                     .bigint("token", token).text("payload", payload).bigint("run_id", id))) {
            rs.next();
            answer = outcome(rs.getString(1));
        }
        emitAnswered(emit, answer);
        return answer;
    }

    /**
     * Records the run's end and gives its connection back. Once only; {@link #close} calls it when it has not run.
     *
     * @throws SQLException when the database fails
     */
    public void end() throws SQLException {
        if (ended) {
            throw new IllegalStateException("run " + id + " of job " + jobKey + " has ended already");
        }
        ended = true;
        try (PreparedOperation end = operation(connection, "end_run.sql")) {
            end.query(new Params().bigint("run_id", id)).close();
        } finally {
            connection.close();
        }
    }

    /**
     * Ends the run if it has not ended.
     *
     * @throws SQLException when the database fails
     */
    @Override
    public void close() throws SQLException {
        if (!ended) {
            end();
        }
    }

    /**
     * The run's id in the run records.
     *
     * @return the id
     */
    public long id() {
        return id;
    }

    /**
     * The node it runs on.
     *
     * @return the node's id
     */
    public int node() {
        return node;
    }

    /**
     * The job key it runs for.
     *
     * @return the job key
     */
    public String jobKey() {
        return jobKey;
    }

    /**
     * The firing it runs.
     *
     * @return the firing's id
     */
    public String firingId() {
        return firingId;
    }

    /**
     * The token the kit gave its firing: its writes carry it.
     *
     * @return the token
     */
    public long token() {
        return token;
    }

    private void invoked(String sink, String result) throws SQLException {
        if (ended) {
            throw new IllegalStateException("run " + id + " of job " + jobKey + " has ended: write before end()");
        }
        if (written) {
            throw new IllegalStateException("run " + id + " of job " + jobKey + " has written its result: a run writes once");
        }
        written = true;
        try (PreparedOperation record = operation(connection, "write_invoked.sql")) {
            record.query(new Params().bigint("run_id", id).text("sink", sink).text("payload", result)).close();
        }
    }

    private void answered(WriteOutcome answer) throws SQLException {
        try (PreparedOperation record = operation(connection, "write_answered.sql")) {
            record.query(new Params().bigint("run_id", id).text("answer", answer.getClass().getSimpleName())).close();
        }
    }

    private long emitInvoked(String sink, String businessKey, String payload) throws SQLException {
        if (ended) {
            throw new IllegalStateException("run " + id + " of job " + jobKey + " has ended: emit before end()");
        }
        try (PreparedOperation record = operation(connection, "emit_invoked.sql");
             ResultSet rs = record.query(new Params().bigint("run_id", id).text("business_key", businessKey).text("sink", sink)
                     .text("payload", payload))) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private void emitAnswered(long emit, WriteOutcome answer) throws SQLException {
        try (PreparedOperation record = operation(connection, "emit_answered.sql")) {
            record.query(new Params().bigint("emit_id", emit).text("answer", answer.getClass().getSimpleName())).close();
        }
    }

    /** The outbox met a message of the business key another session committed while it ran: its payload decides. */
    private WriteOutcome storedMessage(String businessKey, String payload) throws SQLException {
        try (PreparedOperation stored = operation(connection, "stored_outbox.sql");
             ResultSet rs = stored.query(new Params().text("job_key", jobKey).text("business_key", businessKey))) {
            if (!rs.next()) {
                throw new IllegalStateException("the kit's outbox met a message of business key " + businessKey + " of job "
                        + jobKey + " that is gone");
            }
            return payload.equals(rs.getString(1)) ? new Replayed() : new Conflict();
        }
    }

    /** The sink met a result another session committed while it ran: what that row holds decides the answer. */
    private WriteOutcome unseen(String result) throws SQLException {
        try (PreparedOperation stored = new PreparedOperation(connection, KitSql.file("sinks/stored_latest.sql",
                Operation.STORED_LATEST, Operation.STORED_LATEST.parameters()));
             ResultSet rs = stored.query(new Params().text("job_key", jobKey))) {
            if (!rs.next()) {
                throw new IllegalStateException("the kit's latest-token sink met a result of job " + jobKey + " that is gone");
            }
            return rs.getLong(1) == token ? (result.equals(rs.getString(2)) ? new Replayed() : new Conflict()) : new Stale();
        }
    }

    private static WriteOutcome outcome(String word) {
        return switch (word) {
            case "Applied" -> new Applied();
            case "Replayed" -> new Replayed();
            case "Conflict" -> new Conflict();
            case "Stale" -> new Stale();
            case "Forged" -> new Forged();
            default -> throw new IllegalStateException("the kit's sink answered " + word);
        };
    }

    private static PreparedOperation operation(Connection connection, String file) throws SQLException {
        return new PreparedOperation(connection, KitSql.file("runs/" + file, Operation.SCHEMA, PARAMETERS));
    }
}
