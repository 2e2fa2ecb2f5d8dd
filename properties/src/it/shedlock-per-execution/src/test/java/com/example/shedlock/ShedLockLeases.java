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

/**
 * ShedLock's {@link JdbcTemplateLockProvider} (lock, extend, unlock) on fencecheck's fencing kit: a provider per execution,
 * lockedBy its owner id, database time; the kit's trigger on locked_at (set only by ShedLock's takeover) numbers grants.
 */
public class ShedLockLeases extends KitLeaseProtocol {
    private static final Map<UUID, Worker> WORKERS = new ConcurrentHashMap<>();

    /** ShedLock's SQL: free once lock_until <= now; a holder locking again is refused; unlock sets lock_until = now. */
    public ShedLockLeases() {
        super(KitLeaseProtocol.builder()
                .semantics(c -> c.withBoundary(Boundary.EXCLUSIVE).withIdempotentRegrant(false)
                        .withRelease(ReleaseEncoding.EXPIRE_AT_NOW))
                .schemaResource("/shedlock-schema.sql")
                .lockTable(new LockTable("shedlock", "name", "locked_by", "lock_until").newLeaseWhenSet("locked_at"))
                .fence(FenceSource.TRIGGER)
                .useClock(ClockProvider::setClock)
                .calls(Calls::new));
    }

    /** One execution: ShedLock's provider named by its id, the locks ShedLock handed it, its latest UPDATE's row count. */
    private static final class Worker {
        final String lockedBy;
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
            lockedBy = owner.toString();
            provider = new JdbcTemplateLockProvider(JdbcTemplateLockProvider.Configuration.builder().withJdbcTemplate(jdbc)
                    .usingDbTime().withLockedByValue(lockedBy).build());
        }
        long until(String key) {
            return LeaseTime.micros(jdbc.queryForObject("select lock_until at time zone 'UTC' from shedlock where name = ?"
                    + " and locked_by = ?", OffsetDateTime.class, key, lockedBy));
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
            return lock.isPresent() ? new Outcome.Granted(0, worker.until(key)) : new Outcome.Busy();
        }

        @Override
        public Outcome renew(String key, UUID owner, long token, long ttlMicros) {
            Worker worker = worker(owner);
            SimpleLock held = worker.locks.get(key);
            Optional<SimpleLock> extended = held == null ? Optional.empty()
                    : held.extend(Duration.of(ttlMicros, ChronoUnit.MICROS), Duration.ZERO);
            extended.ifPresentOrElse(l -> worker.locks.put(key, l), () -> worker.locks.remove(key));
            return extended.isPresent() ? new Outcome.Renewed(worker.until(key)) : new Outcome.RenewRejected();
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
