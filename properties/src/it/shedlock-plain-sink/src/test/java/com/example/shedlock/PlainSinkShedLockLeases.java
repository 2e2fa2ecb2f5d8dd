package com.example.shedlock;

import fencecheck.api.Boundary;
import fencecheck.api.Outcome;
import fencecheck.api.ReleaseEncoding;
import fencecheck.kit.FenceSource;
import fencecheck.kit.KitLeaseProtocol;
import fencecheck.kit.LeaseTime;
import fencecheck.kit.LockCalls;
import fencecheck.kit.LockTable;
import fencecheck.kit.SessionDataSource;
import net.javacrumbs.shedlock.core.ClockProvider;
import net.javacrumbs.shedlock.core.LockConfiguration;
import net.javacrumbs.shedlock.core.SimpleLock;
import net.javacrumbs.shedlock.provider.jdbctemplate.JdbcTemplateLockProvider;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.PreparedStatementCreator;

import java.sql.Connection;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import javax.sql.DataSource;

/** shedlock-per-execution's adapter with result writes of its own (plain-sinks/), which compare the token with nothing. */
public class PlainSinkShedLockLeases extends KitLeaseProtocol {
    private static final Map<UUID, Worker> WORKERS = new ConcurrentHashMap<>();

    public PlainSinkShedLockLeases() {
        super(KitLeaseProtocol.builder()
                .description("the results are written with a plain upsert that compares no token: after a takeover, the"
                        + " old holder's write still overwrites its successor's result")
                .semantics(c -> c.withBoundary(Boundary.EXCLUSIVE).withIdempotentRegrant(false)
                        .withRelease(ReleaseEncoding.EXPIRE_AT_NOW))
                .schemaResource("/shedlock-schema.sql")
                .lockTable(new LockTable("shedlock", "name", "locked_by", "lock_until").newLeaseWhenSet("locked_at"))
                .fence(FenceSource.TRIGGER)
                .sinks("/plain-sinks")
                .useClock(ClockProvider::setClock)
                .calls(Calls::new));
    }

    /** One execution: ShedLock's provider named by its id, the locks ShedLock handed it, its latest UPDATE's row count. */
    private static final class Worker {
        /** The session it calls from now: ShedLock's pool hands out that one connection, never closed by Spring. */
        volatile Connection session;
        final DataSource dataSource = new SessionDataSource(() -> session);
        final Map<String, SimpleLock> locks = new ConcurrentHashMap<>();
        volatile int rowsUpdated;
        final JdbcTemplate jdbc = new JdbcTemplate(dataSource) {
            @Override
            public int update(PreparedStatementCreator statement) {
                return rowsUpdated = super.update(statement); // ShedLock's unlock does not return it
            }
        };
        final JdbcTemplateLockProvider provider;

        Worker(UUID owner) {
            provider = new JdbcTemplateLockProvider(JdbcTemplateLockProvider.Configuration.builder().withJdbcTemplate(jdbc)
                    .usingDbTime().withLockedByValue(owner.toString()).build());
        }

        long until(String key, UUID owner) {
            return LeaseTime.micros(jdbc.queryForObject("select lock_until at time zone 'UTC' from shedlock where name = ?"
                    + " and locked_by = ?", OffsetDateTime.class, key, owner.toString()));
        }
    }

    private record Calls(Connection connection) implements LockCalls {
        private Worker worker(UUID owner) {
            Worker worker = WORKERS.computeIfAbsent(owner, Worker::new);
            worker.session = connection;
            return worker;
        }

        @Override
        public Outcome acquire(String key, UUID owner, long ttlMicros) {
            Worker worker = worker(owner);
            Optional<SimpleLock> lock = worker.provider.lock(
                    new LockConfiguration(ClockProvider.now(), key, Duration.of(ttlMicros, ChronoUnit.MICROS), Duration.ZERO));
            lock.ifPresent(l -> worker.locks.put(key, l));
            return lock.isPresent() ? new Outcome.Granted(0, worker.until(key, owner)) : new Outcome.Busy();
        }

        @Override
        public Outcome renew(String key, UUID owner, long token, long ttlMicros) {
            Worker worker = worker(owner);
            Optional<SimpleLock> extended = Optional.ofNullable(worker.locks.get(key))
                    .flatMap(held -> held.extend(Duration.of(ttlMicros, ChronoUnit.MICROS), Duration.ZERO));
            extended.ifPresentOrElse(l -> worker.locks.put(key, l), () -> worker.locks.remove(key));
            return extended.isPresent() ? new Outcome.Renewed(worker.until(key, owner)) : new Outcome.RenewRejected();
        }

        @Override
        public Outcome release(String key, UUID owner, long token) {
            Worker worker = worker(owner);
            SimpleLock held = worker.locks.get(key);
            worker.rowsUpdated = 0;
            if (held != null) {
                held.unlock(); // its UPDATE (by name and locked_by) matches no row once the lock names another worker
                worker.locks.remove(key);
            }
            return worker.rowsUpdated == 1 ? new Outcome.Released() : new Outcome.ReleaseRejected();
        }
    }
}
