package com.example.shedlock;

import fencecheck.db.VirtualClock;
import fencecheck.model.Boundary;
import fencecheck.model.ModelConfig;
import fencecheck.model.OperationBinding;
import fencecheck.model.Outcome;
import fencecheck.model.ReleaseEncoding;
import fencecheck.model.RowComparison;
import fencecheck.model.TimeResolution;
import fencecheck.model.TokenSequence;
import fencecheck.protocol.kit.FenceSource;
import fencecheck.protocol.kit.KitLeaseProtocol;
import fencecheck.protocol.kit.LockCalls;
import fencecheck.protocol.kit.LockTable;
import net.javacrumbs.shedlock.core.ClockProvider;
import net.javacrumbs.shedlock.core.LockConfiguration;
import net.javacrumbs.shedlock.core.SimpleLock;
import net.javacrumbs.shedlock.provider.jdbctemplate.JdbcTemplateLockProvider;
import org.springframework.jdbc.core.JdbcTemplate;

import java.sql.Connection;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * ShedLock's {@link JdbcTemplateLockProvider} (lock, extend, unlock) with fencecheck's fencing kit, one provider per
 * execution whose lockedBy is the owner's id, on database time. The kit's trigger on locked_at, which only ShedLock's
 * takeover sets, gives every grant the next token; the kit's sinks check it.
 */
public class ShedLockLeases extends KitLeaseProtocol {

    /** Per execution: its provider and the locks ShedLock handed it, as a worker keeps them. */
    private static final Map<UUID, Worker> WORKERS = new ConcurrentHashMap<>();

    /** ShedLock's SQL: free once lock_until <= now; a holder locking again is refused; unlock sets lock_until = now. */
    public ShedLockLeases() {
        super(KitLeaseProtocol.builder()
                .modelConfig(new ModelConfig(Boundary.EXCLUSIVE, false, TimeResolution.MICROSECONDS, ReleaseEncoding.EXPIRE_AT_NOW,
                        OperationBinding.OWNER_ONLY, TokenSequence.CONSECUTIVE_PER_KEY, RowComparison.VALIDITY_AND_ANSWERS))
                .schemaResource("/shedlock-schema.sql")
                .lockTable(new LockTable("shedlock", "name", "locked_by", "lock_until").newLeaseWhenSet("locked_at"))
                .fence(FenceSource.TRIGGER)
                .useClock(ClockProvider::setClock)
                .calls(Calls::new));
    }

    private record Worker(String lockedBy, SessionDataSource dataSource, JdbcTemplate jdbc, JdbcTemplateLockProvider provider,
                          Map<String, SimpleLock> locks) {
        static Worker of(UUID owner, SessionDataSource dataSource, JdbcTemplate jdbc) {
            return new Worker(owner.toString(), dataSource, jdbc, new JdbcTemplateLockProvider(JdbcTemplateLockProvider.Configuration
                    .builder().withJdbcTemplate(jdbc).usingDbTime().withLockedByValue(owner.toString()).build()), new ConcurrentHashMap<>());
        }

        /** The end of the lease on the lock's row while the row names this worker, or null. */
        OffsetDateTime until(String key) {
            return jdbc.query("select lock_until at time zone 'UTC' from shedlock where name = ? and locked_by = ?",
                    rs -> rs.next() ? rs.getObject(1, OffsetDateTime.class) : null, key, lockedBy);
        }
    }

    private record Calls(Connection connection) implements LockCalls {

        private Worker worker(UUID owner) {
            SessionDataSource dataSource = new SessionDataSource();
            Worker worker = WORKERS.computeIfAbsent(owner, o -> Worker.of(o, dataSource, new JdbcTemplate(dataSource)));
            worker.dataSource().use(connection);
            return worker;
        }

        @Override
        public Outcome acquire(String key, UUID owner, long ttlMicros) {
            Worker worker = worker(owner);
            Optional<SimpleLock> lock = worker.provider().lock(
                    new LockConfiguration(ClockProvider.now(), key, Duration.of(ttlMicros, ChronoUnit.MICROS), Duration.ZERO));
            lock.ifPresent(l -> worker.locks().put(key, l));
            return lock.isPresent() ? new Outcome.Granted(0, VirtualClock.toMicros(worker.until(key))) : new Outcome.Busy();
        }

        @Override
        public Outcome renew(String key, UUID owner, long token, long ttlMicros) {
            Worker worker = worker(owner);
            SimpleLock held = worker.locks().remove(key);
            Optional<SimpleLock> extended = held == null ? Optional.empty()
                    : held.extend(Duration.of(ttlMicros, ChronoUnit.MICROS), Duration.ZERO);
            extended.ifPresent(l -> worker.locks().put(key, l));
            return extended.isPresent() ? new Outcome.Renewed(VirtualClock.toMicros(worker.until(key))) : new Outcome.RenewRejected();
        }

        @Override
        public Outcome release(String key, UUID owner, long token) {
            Worker worker = worker(owner);
            SimpleLock held = worker.locks().remove(key);
            if (held != null) {
                held.unlock();
            }
            // unlock answers nothing; its UPDATE (name and locked_by) changed the row only if the row names this worker
            return held != null && worker.until(key) != null ? new Outcome.Released() : new Outcome.ReleaseRejected();
        }
    }
}
