package com.example.shedlock;

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
import net.javacrumbs.shedlock.core.ClockProvider;
import net.javacrumbs.shedlock.core.LockConfiguration;
import net.javacrumbs.shedlock.core.LockProvider;
import net.javacrumbs.shedlock.core.SimpleLock;
import net.javacrumbs.shedlock.provider.jdbctemplate.JdbcTemplateLockProvider;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.PreparedStatementCreator;

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
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * fencecheck's lease protocol on ShedLock's {@link JdbcTemplateLockProvider}: acquire is {@link LockProvider#lock},
 * renew {@link SimpleLock#extend}, release {@link SimpleLock#unlock}. Each execution (fencecheck's owner) is a
 * worker with a lock provider of its own whose {@code lockedBy} is the owner's id, on database time. ShedLock has
 * no fencing token: the project's SQL (shedlock-schema.sql) numbers its grants on ShedLock's row and checks every
 * result write against that number. ShedLock's unlock answers nothing; the adapter reads the row count of its UPDATE.
 */
public class ShedLockLeases implements LeaseProtocol {

    /** Per execution: its lock provider and the locks ShedLock handed it, as a worker keeps them. */
    private final Map<UUID, Worker> workers = new ConcurrentHashMap<>();

    @Override
    public String name() {
        return getClass().getName();
    }

    @Override
    public String description() {
        return "";
    }

    /**
     * What ShedLock's SQL means: a lock is free once {@code lock_until <= now} (so valid while now is before it);
     * the same worker locking again while it holds the lock is refused; unlock sets {@code lock_until = now};
     * extend and unlock match the lock's name and {@code locked_by}, never a token. The exact lease ends are
     * judged through the answers (ShedLock's unlock moves an already expired lease's end up to now).
     */
    @Override
    public ModelConfig modelConfig() {
        return new ModelConfig(Boundary.EXCLUSIVE, false, TimeResolution.MICROSECONDS, ReleaseEncoding.EXPIRE_AT_NOW,
                OperationBinding.OWNER_ONLY, TokenSequence.CONSECUTIVE_PER_KEY, RowComparison.VALIDITY_AND_ANSWERS);
    }

    @Override
    public UUID newOwner(String worker) {
        return UUID.randomUUID();
    }

    @Override
    public void useClock(Clock clock) {
        // ShedLock's own clock (it stamps each LockConfiguration); the statements use the database's time
        ClockProvider.setClock(clock);
    }

    @Override
    public void installSchema(Connection connection) throws SQLException {
        try (InputStream in = ShedLockLeases.class.getResourceAsStream("/shedlock-schema.sql");
             Statement statement = connection.createStatement()) {
            statement.execute(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void deleteAllRows(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute("delete from result_fenced; delete from result_latest; delete from shedlock");
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

    /** One execution of the job: ShedLock's provider for it, named by the execution's own id. */
    private static final class Worker {
        final String lockedBy;
        final SessionDataSource dataSource = new SessionDataSource();
        final RowCountingJdbcTemplate jdbc = new RowCountingJdbcTemplate(dataSource);
        final LockProvider provider;
        final Map<String, SimpleLock> locks = new ConcurrentHashMap<>();

        Worker(UUID owner) {
            lockedBy = owner.toString();
            provider = new JdbcTemplateLockProvider(JdbcTemplateLockProvider.Configuration.builder()
                    .withJdbcTemplate(jdbc)
                    .usingDbTime()
                    .withLockedByValue(lockedBy)
                    .build());
        }
    }

    /** ShedLock's JdbcTemplate, keeping the row count of its latest update, which ShedLock's unlock does not return. */
    private static final class RowCountingJdbcTemplate extends JdbcTemplate {
        volatile int rowsUpdated = -1;

        RowCountingJdbcTemplate(SessionDataSource dataSource) {
            super(dataSource);
        }

        @Override
        public int update(PreparedStatementCreator statement) {
            int rows = super.update(statement);
            rowsUpdated = rows;
            return rows;
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
            Optional<SimpleLock> lock = worker.provider.lock(
                    new LockConfiguration(ClockProvider.now(), key, Duration.of(ttlMicros, ChronoUnit.MICROS), Duration.ZERO));
            if (lock.isEmpty()) {
                return new Outcome.Busy();
            }
            worker.locks.put(key, lock.get());
            // ShedLock answers only with the lock: its token and end are on its row, which names this worker
            try (ResultSet row = ownRow(key, worker)) {
                if (!row.next()) {
                    throw new IllegalStateException("ShedLock granted " + key + " to " + worker.lockedBy
                            + ", but its row names another worker");
                }
                return new Outcome.Granted(row.getLong("fencing_token"), micros(row.getObject("until", OffsetDateTime.class)));
            }
        }

        @Override
        public Outcome renew(String key, UUID owner, long token, long ttlMicros) throws SQLException {
            Worker worker = worker(owner, connection);
            SimpleLock held = worker.locks.get(key);
            if (held == null) {
                return new Outcome.RenewRejected();
            }
            Optional<SimpleLock> extended = held.extend(Duration.of(ttlMicros, ChronoUnit.MICROS), Duration.ZERO);
            if (extended.isEmpty()) {
                worker.locks.remove(key);
                return new Outcome.RenewRejected();
            }
            worker.locks.put(key, extended.get());
            try (ResultSet row = ownRow(key, worker)) {
                if (!row.next()) {
                    throw new IllegalStateException("ShedLock extended " + key + " for " + worker.lockedBy
                            + ", but its row names another worker");
                }
                return new Outcome.Renewed(micros(row.getObject("until", OffsetDateTime.class)));
            }
        }

        @Override
        public Outcome release(String key, UUID owner, long token) throws SQLException {
            Worker worker = worker(owner, connection);
            SimpleLock held = worker.locks.get(key);
            if (held == null) {
                return new Outcome.ReleaseRejected();
            }
            worker.jdbc.rowsUpdated = -1;
            held.unlock();
            worker.locks.remove(key);
            // unlock answers nothing; its UPDATE matches no row once the lock names another worker
            return worker.jdbc.rowsUpdated == 1 ? new Outcome.Released() : new Outcome.ReleaseRejected();
        }

        /** The lock's row while it names this worker: its token and its end. */
        private ResultSet ownRow(String key, Worker worker) throws SQLException {
            PreparedStatement select = connection.prepareStatement("select fencing_token, lock_until at time zone 'UTC' as until"
                    + " from shedlock where name = ? and locked_by = ?");
            select.closeOnCompletion();
            select.setString(1, key);
            select.setString(2, worker.lockedBy);
            return select.executeQuery();
        }

        @Override
        public WriteOutcome write(SinkKind sink, String key, long token, String resultId, String payload) throws SQLException {
            boolean latest = sink == SinkKind.LATEST_TOKEN_WINS;
            try (PreparedStatement write = connection.prepareStatement(latest
                    ? "select write_latest(?, ?, ?)" : "select write_fenced(?, ?, ?, ?)")) {
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

        @Override
        public KeyState inspect(String key) throws SQLException {
            Lease lease = null;
            StoredResult latest = null;
            TreeMap<String, StoredResult> fenced = new TreeMap<>();
            try (PreparedStatement select = connection.prepareStatement(
                    "select 'lease' as kind, locked_by as name, fencing_token as token, lock_until at time zone 'UTC' as until,"
                            + " null as payload from shedlock where name = ?"
                            + " union all select 'latest', null, token, null, payload from result_latest where job_key = ?"
                            + " union all select 'fenced', result_id, token, null, payload from result_fenced where job_key = ?")) {
                select.setString(1, key);
                select.setString(2, key);
                select.setString(3, key);
                try (ResultSet rs = select.executeQuery()) {
                    while (rs.next()) {
                        long rowToken = rs.getLong("token");
                        switch (rs.getString("kind")) {
                            case "lease" -> lease = new Lease(rs.getString("name"),
                                    micros(rs.getObject("until", OffsetDateTime.class)), rowToken);
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

    private static long micros(OffsetDateTime instant) {
        return VirtualClock.toMicros(instant);
    }
}
