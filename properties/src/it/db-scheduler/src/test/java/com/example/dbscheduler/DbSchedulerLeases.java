package com.example.dbscheduler;

import com.github.kagkarlsson.scheduler.SchedulerName;
import com.github.kagkarlsson.scheduler.TaskResolver;
import com.github.kagkarlsson.scheduler.event.SchedulerListeners;
import com.github.kagkarlsson.scheduler.exceptions.ExecutionException;
import com.github.kagkarlsson.scheduler.jdbc.JdbcTaskRepository;
import com.github.kagkarlsson.scheduler.jdbc.PostgreSqlJdbcCustomization;
import com.github.kagkarlsson.scheduler.task.Execution;
import com.github.kagkarlsson.scheduler.task.ExecutionComplete;
import com.github.kagkarlsson.scheduler.task.ExecutionOperations;
import com.github.kagkarlsson.scheduler.task.SchedulableInstance;
import com.github.kagkarlsson.scheduler.task.helper.OneTimeTask;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import fencecheck.db.VirtualClock;
import fencecheck.model.Boundary;
import fencecheck.model.KeyState;
import fencecheck.model.Lease;
import fencecheck.model.ModelConfig;
import fencecheck.model.OperationBinding;
import fencecheck.model.Outcome;
import fencecheck.model.Outcome.WriteOutcome;
import fencecheck.model.ReleaseEncoding;
import fencecheck.model.RowComparison;
import fencecheck.model.SinkKind;
import fencecheck.model.StoredResult;
import fencecheck.model.TimeResolution;
import fencecheck.model.TokenSequence;
import fencecheck.protocol.LeaseClient;
import fencecheck.protocol.LeaseProtocol;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * fencecheck's lease protocol on db-scheduler's {@link JdbcTaskRepository}, one call at a time, in the order its
 * scheduler makes them: acquire is the scheduler's dead-execution check (an execution whose heartbeat is older than
 * the dead limit is revived by the task's dead-execution handler) followed by its fetch of due executions and the
 * optimistic {@link JdbcTaskRepository#pick pick} of this one; renew is {@link JdbcTaskRepository#updateHeartbeat};
 * release is the completion of the execution, rescheduled to run again at once. Each execution of fencecheck's is a
 * scheduler of its own, named by the owner's id; the lease lasts the dead limit, and the dead limit is the lease length
 * fencecheck asks for. db-scheduler has no fencing token: the project's SQL (db-scheduler-schema.sql) numbers the
 * picks on db-scheduler's row and checks every result write against that number.
 */
public class DbSchedulerLeases implements LeaseProtocol {

    static final String TASK_NAME = "fencecheck-job";

    private final OneTimeTask<Void> task = Tasks.oneTime(TASK_NAME).execute((instance, context) -> {
    });
    private final Map<UUID, Worker> workers = new ConcurrentHashMap<>();
    private volatile Clock clock = Clock.systemUTC();
    /** The dead limit: db-scheduler has one per scheduler; here, the lease length of the latest call. */
    private volatile long deadLimitMicros;

    @Override
    public String name() {
        return getClass().getName();
    }

    @Override
    public String description() {
        return "";
    }

    /**
     * What db-scheduler's SQL means: an execution is dead once {@code last_heartbeat <= now - limit} (so its lease
     * is valid while now is before heartbeat + limit); a picked execution is not due, so its own scheduler picking it
     * again is refused; completion unpicks the row and keeps it (and its token); heartbeat and completion match the
     * execution's version, which only the scheduler that picked it holds. The exact lease ends are judged through
     * the answers.
     */
    @Override
    public ModelConfig modelConfig() {
        return new ModelConfig(Boundary.EXCLUSIVE, false, TimeResolution.MICROSECONDS, ReleaseEncoding.KEEP_TOKEN_MARK_RELEASED,
                OperationBinding.OWNER_AND_TOKEN, TokenSequence.CONSECUTIVE_PER_KEY, RowComparison.VALIDITY_AND_ANSWERS);
    }

    @Override
    public UUID newOwner(String worker) {
        return UUID.randomUUID();
    }

    @Override
    public void useClock(Clock newClock) {
        clock = newClock;
    }

    /** db-scheduler's clock, on the one fencecheck gives (PostgreSQL keeps microseconds). */
    private Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.MICROS);
    }

    @Override
    public void installSchema(Connection connection) throws SQLException {
        try (InputStream in = DbSchedulerLeases.class.getResourceAsStream("/db-scheduler-schema.sql");
             Statement statement = connection.createStatement()) {
            statement.execute(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void deleteAllRows(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute("delete from job_result_fenced; delete from job_result_latest; delete from scheduled_tasks");
        }
    }

    @Override
    public LeaseClient client(Connection connection) {
        return new Client(connection);
    }

    private Worker worker(UUID owner, Connection connection) {
        Worker worker = workers.computeIfAbsent(owner, Worker::new);
        worker.dataSource.use(connection);
        return worker;
    }

    /** The execution a scheduler picked, with the token its pick took. */
    private record Held(Execution execution, long token) {
    }

    /** One scheduler: its task repository, named by the owner's id, and the executions it is running. */
    private final class Worker {
        final SessionDataSource dataSource = new SessionDataSource();
        final JdbcTaskRepository repository;
        final Map<String, Held> running = new ConcurrentHashMap<>();

        Worker(UUID owner) {
            com.github.kagkarlsson.scheduler.Clock schedulerClock = DbSchedulerLeases.this::now;
            repository = new JdbcTaskRepository(dataSource, false, new PostgreSqlJdbcCustomization(false, false),
                    JdbcTaskRepository.DEFAULT_TABLE_NAME, new TaskResolver(SchedulerListeners.NOOP, schedulerClock, List.of(task)),
                    new SchedulerName.Fixed(owner.toString()), false, schedulerClock);
        }
    }

    private final class Client implements LeaseClient {

        private final Connection connection;

        Client(Connection connection) {
            this.connection = connection;
        }

        @Override
        public Outcome acquire(String key, UUID owner, long ttlMicros) throws SQLException {
            Worker worker = worker(owner, connection);
            deadLimitMicros = ttlMicros;
            JdbcTaskRepository repository = worker.repository;
            Instant now = now();
            // the job is scheduled once, due at once
            repository.createIfNotExists(SchedulableInstance.of(task.instance(key), now));
            // the scheduler's dead-execution check, for this job: the task's handler revives a dead execution
            for (Execution dead : repository.getDeadExecutions(now.minus(Duration.of(ttlMicros, ChronoUnit.MICROS)))) {
                if (dead.taskInstance.getId().equals(key)) {
                    task.getDeadExecutionHandler().deadExecution(ExecutionComplete.failure(dead, now, now, null),
                            new ExecutionOperations<>(repository, SchedulerListeners.NOOP, dead));
                }
            }
            // the scheduler's fetch of due executions, and its pick of this one
            Optional<Execution> picked = repository.getDue(now(), 10).stream()
                    .filter(due -> due.taskInstance.getId().equals(key))
                    .findFirst()
                    .flatMap(due -> repository.pick(due, now()));
            if (picked.isEmpty()) {
                return new Outcome.Busy();
            }
            Execution execution = picked.get();
            long token = tokenOf(execution);
            worker.running.put(key, new Held(execution, token));
            return new Outcome.Granted(token, VirtualClock.toMicros(execution.lastHeartbeat) + ttlMicros);
        }

        /** The token the trigger gave this pick, read from the row at the version the pick left. */
        private long tokenOf(Execution execution) throws SQLException {
            try (PreparedStatement select = connection.prepareStatement("select fencing_token from scheduled_tasks"
                    + " where task_name = ? and task_instance = ? and version = ?")) {
                select.setString(1, TASK_NAME);
                select.setString(2, execution.taskInstance.getId());
                select.setLong(3, execution.version);
                try (ResultSet rs = select.executeQuery()) {
                    if (!rs.next()) {
                        throw new IllegalStateException("db-scheduler picked " + execution + ", but its row has moved on");
                    }
                    return rs.getLong(1);
                }
            }
        }

        @Override
        public Outcome renew(String key, UUID owner, long token, long ttlMicros) {
            Worker worker = worker(owner, connection);
            deadLimitMicros = ttlMicros;
            Held held = worker.running.get(key);
            if (held == null || held.token() != token) {
                return new Outcome.RenewRejected();
            }
            Instant now = now();
            if (!worker.repository.updateHeartbeat(held.execution(), now)) {
                worker.running.remove(key);
                return new Outcome.RenewRejected();
            }
            return new Outcome.Renewed(VirtualClock.toMicros(now) + ttlMicros);
        }

        @Override
        public Outcome release(String key, UUID owner, long token) {
            Worker worker = worker(owner, connection);
            Held held = worker.running.get(key);
            if (held == null || held.token() != token) {
                return new Outcome.ReleaseRejected();
            }
            Instant now = now();
            try {
                new ExecutionOperations<Void>(worker.repository, SchedulerListeners.NOOP, held.execution())
                        .reschedule(ExecutionComplete.success(held.execution(), now, now), now);
            } catch (ExecutionException versionMovedOn) {
                worker.running.remove(key);
                return new Outcome.ReleaseRejected();
            }
            worker.running.remove(key);
            return new Outcome.Released();
        }

        @Override
        public WriteOutcome write(SinkKind sink, String key, long token, String resultId, String payload) throws SQLException {
            boolean latest = sink == SinkKind.LATEST_TOKEN_WINS;
            try (PreparedStatement write = connection.prepareStatement(latest
                    ? "select write_job_result_latest(?, ?, ?)" : "select write_job_result_fenced(?, ?, ?, ?)")) {
                write.setString(1, key);
                write.setLong(2, token);
                if (latest) {
                    write.setString(3, payload);
                } else {
                    write.setString(3, resultId);
                    write.setString(4, payload);
                }
                try (ResultSet rs = write.executeQuery()) {
                    rs.next();
                    return switch (rs.getString(1)) {
                        case "Applied" -> new Outcome.Applied();
                        case "Replayed" -> new Outcome.Replayed();
                        case "Conflict" -> new Outcome.Conflict();
                        case "Stale" -> new Outcome.Stale();
                        case "Forged" -> new Outcome.Forged();
                        default -> throw new IllegalStateException("unknown write outcome " + rs.getString(1));
                    };
                }
            }
        }

        @Override
        public Outcome.RolledBack writeThenRollBack(SinkKind sink, String key, long token, String resultId, String payload)
                throws SQLException {
            connection.setAutoCommit(false);
            try {
                return new Outcome.RolledBack(write(sink, key, token, resultId, payload));
            } finally {
                connection.rollback();
                connection.setAutoCommit(true);
            }
        }

        /**
         * The execution's row as a lease: held by the scheduler that picked it until its heartbeat plus the dead limit,
         * released once completed (unpicked); none while it was never picked.
         */
        @Override
        public KeyState inspect(String key) throws SQLException {
            Lease lease = null;
            StoredResult latest = null;
            TreeMap<String, StoredResult> fenced = new TreeMap<>();
            try (PreparedStatement select = connection.prepareStatement(
                    "select 'lease' as kind, picked_by as name, fencing_token as token, picked,"
                            + " coalesce(last_heartbeat, execution_time) as at, null as payload"
                            + " from scheduled_tasks where task_name = ? and task_instance = ? and fencing_token > 0"
                            + " union all select 'latest', null, token, null, null, payload from job_result_latest where job_key = ?"
                            + " union all select 'fenced', result_id, token, null, null, payload from job_result_fenced where job_key = ?")) {
                select.setString(1, TASK_NAME);
                select.setString(2, key);
                select.setString(3, key);
                select.setString(4, key);
                try (ResultSet rs = select.executeQuery()) {
                    while (rs.next()) {
                        long rowToken = rs.getLong("token");
                        switch (rs.getString("kind")) {
                            case "lease" -> {
                                boolean picked = rs.getBoolean("picked");
                                long at = VirtualClock.toMicros(rs.getObject("at", OffsetDateTime.class));
                                lease = new Lease(String.valueOf(rs.getString("name")), picked ? at + deadLimitMicros : at, rowToken,
                                        !picked);
                            }
                            case "latest" -> latest = new StoredResult(rowToken, rs.getString("payload"));
                            default -> fenced.put(rs.getString("name"), new StoredResult(rowToken, rs.getString("payload")));
                        }
                    }
                }
            }
            return new KeyState(lease, latest, fenced);
        }

        @Override
        public void close() {
            // every statement is closed after its call; the connection is fencecheck's
        }
    }
}
