package com.example.springintegration;

import fencecheck.api.Outcome;
import fencecheck.api.ReleaseEncoding;
import fencecheck.kit.FenceSource;
import fencecheck.kit.KitLeaseProtocol;
import fencecheck.kit.LeaseTime;
import fencecheck.kit.LockCalls;
import fencecheck.kit.LockTable;
import fencecheck.kit.SessionDataSource;
import org.springframework.integration.jdbc.lock.DefaultLockRepository;
import org.springframework.integration.jdbc.lock.JdbcLockRegistry;
import org.springframework.integration.support.locks.DistributedLock;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;

import java.sql.Connection;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ConcurrentModificationException;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import javax.sql.DataSource;

/**
 * Spring Integration's {@link JdbcLockRegistry} on fencecheck's fencing kit: a registry per execution, its
 * repository's client id the owner id, and its lock, renew and unlock fencecheck's acquire, renew and release. The
 * kit's trigger numbers the leases: an acquire (the one statement that sets client_id) that changes client_id, or
 * that takes a row whose lease had ended, takes a new token; a holder's re-lock of its valid lease keeps its own.
 * The fence row outlives the lock row that unlock deletes.
 */
public class SpringIntegrationLeases extends KitLeaseProtocol {

    /** The registries, by execution: an application's registry outlives a broken connection, and so does this one. */
    private static final Map<UUID, Execution> EXECUTIONS = new ConcurrentHashMap<>();

    /** Free once expired_after < now (valid through its end, the reference's boundary); unlock deletes the row. */
    public SpringIntegrationLeases() {
        super(KitLeaseProtocol.builder()
                .semantics(c -> c.withRelease(ReleaseEncoding.KEEP_TOKEN_MARK_RELEASED))
                .schemaResource("/spring-integration-lock-schema.sql")
                .lockTable(new LockTable("int_lock", "lock_key", "client_id", "expired_after")
                        .newLeaseWhenChangedOrEnded("client_id"))
                .fence(FenceSource.TRIGGER)
                .calls(Calls::new));
    }

    /** One execution's registry, on whichever session its worker calls it from now; its calls come from one thread. */
    private static final class Execution {
        private volatile Connection session;
        private final JdbcLockRegistry registry;
        private final JdbcTemplate jdbc;
        /** How many times it holds each lock: the registry's lock is reentrant, and unlocked once per lock. */
        private final Map<String, Integer> holds = new HashMap<>();

        Execution(UUID owner) {
            DataSource dataSource = new SessionDataSource(() -> session);
            DefaultLockRepository repository = new DefaultLockRepository(dataSource, owner.toString());
            repository.setTransactionManager(new DataSourceTransactionManager(dataSource));
            repository.afterPropertiesSet(); // what Spring's container calls on a bean
            repository.afterSingletonsInstantiated();
            registry = new JdbcLockRegistry(repository) {
                @Override
                protected String pathFor(String key) {
                    return key; // the row's lock_key is fencecheck's key, not Spring's UUID of it
                }
            };
            jdbc = new JdbcTemplate(dataSource);
        }

        Execution on(Connection connection) {
            session = connection;
            return this;
        }

        long until(String key, UUID owner) {
            return LeaseTime.micros(jdbc.queryForObject("select expired_after at time zone 'UTC' from int_lock"
                    + " where lock_key = ? and client_id = ?", OffsetDateTime.class, key, owner.toString()));
        }
    }

    /** One session's calls, each into its execution's registry. */
    private record Calls(Connection connection) implements LockCalls {

        private Execution execution(UUID owner) {
            return EXECUTIONS.computeIfAbsent(owner, Execution::new).on(connection);
        }

        @Override
        public Outcome acquire(String key, UUID owner, long ttlMicros) {
            Execution e = execution(owner);
            try {
                if (!e.registry.obtain(key).tryLock(Duration.ZERO, Duration.of(ttlMicros, ChronoUnit.MICROS))) {
                    return new Outcome.Busy();
                }
            } catch (InterruptedException stopped) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("stopped while locking " + key, stopped);
            }
            e.holds.merge(key, 1, Integer::sum);
            return new Outcome.Granted(0, e.until(key, owner));
        }

        @Override
        public Outcome renew(String key, UUID owner, long token, long ttlMicros) {
            Execution e = execution(owner);
            try {
                e.registry.renewLock(key, Duration.of(ttlMicros, ChronoUnit.MICROS));
            } catch (IllegalStateException | IllegalMonitorStateException notRenewed) {
                // its row is another's, or gone (IllegalState); this execution does not hold the lock (IllegalMonitorState)
                return new Outcome.RenewRejected();
            }
            return new Outcome.Renewed(e.until(key, owner));
        }

        @Override
        public Outcome release(String key, UUID owner, long token) {
            Execution e = execution(owner);
            Integer held = e.holds.remove(key);
            if (held == null) {
                return new Outcome.ReleaseRejected();
            }
            DistributedLock lock = e.registry.obtain(key);
            try {
                // fencecheck's release gives the lease up: every lock of it undone, the last one deleting the row
                for (int i = 0; i < held; i++) {
                    lock.unlock();
                }
                return new Outcome.Released();
            } catch (ConcurrentModificationException expiredAndTaken) {
                return new Outcome.ReleaseRejected();
            }
        }
    }
}
