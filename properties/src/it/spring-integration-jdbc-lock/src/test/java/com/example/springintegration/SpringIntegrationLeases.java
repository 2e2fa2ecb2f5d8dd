package com.example.springintegration;

import fencecheck.db.VirtualClock;
import fencecheck.model.Outcome;
import fencecheck.model.ReleaseEncoding;
import fencecheck.protocol.kit.FenceSource;
import fencecheck.protocol.kit.KitLeaseProtocol;
import fencecheck.protocol.kit.LockCalls;
import fencecheck.protocol.kit.LockTable;
import org.springframework.integration.jdbc.lock.DefaultLockRepository;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.AbstractDataSource;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.SmartDataSource;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

/**
 * Spring Integration's {@link DefaultLockRepository}, the statements behind {@code JdbcLockRegistry}'s lock, renew and
 * unlock, on fencecheck's fencing kit: a repository per execution, its client id the owner id; the kit's trigger on
 * client_id (which only the repository's acquire sets) numbers the grants, and the fence row outlives the lock row
 * that unlock deletes.
 */
public class SpringIntegrationLeases extends KitLeaseProtocol {

    /** Free once expired_after < now (valid through its end, the reference's boundary); unlock deletes the row. */
    public SpringIntegrationLeases() {
        super(KitLeaseProtocol.builder()
                .semantics(c -> c.withRelease(ReleaseEncoding.KEEP_TOKEN_MARK_RELEASED))
                .schemaResource("/spring-integration-lock-schema.sql")
                .lockTable(new LockTable("int_lock", "lock_key", "client_id", "expired_after").newLeaseWhenSet("client_id"))
                .fence(FenceSource.TRIGGER)
                .calls(Calls::new));
    }

    /** One session's calls: a repository per owner, each on the session's connection through Spring's transactions. */
    private static final class Calls implements LockCalls {
        private final SessionDataSource dataSource;
        private final DataSourceTransactionManager transactions;
        private final JdbcTemplate jdbc;
        private final Map<UUID, DefaultLockRepository> repositories = new HashMap<>();

        Calls(Connection connection) {
            dataSource = new SessionDataSource(connection);
            transactions = new DataSourceTransactionManager(dataSource);
            jdbc = new JdbcTemplate(dataSource);
        }

        private DefaultLockRepository repository(UUID owner) {
            return repositories.computeIfAbsent(owner, id -> {
                DefaultLockRepository repository = new DefaultLockRepository(dataSource, id.toString());
                repository.setTransactionManager(transactions);
                repository.afterPropertiesSet(); // what Spring's container calls on a bean
                repository.afterSingletonsInstantiated();
                return repository;
            });
        }

        private long until(String key, UUID owner) {
            return VirtualClock.toMicros(jdbc.queryForObject("select expired_after at time zone 'UTC' from int_lock"
                    + " where lock_key = ? and client_id = ?", OffsetDateTime.class, key, owner.toString()));
        }

        @Override
        public Outcome acquire(String key, UUID owner, long ttlMicros) {
            boolean granted = repository(owner).acquire(key, Duration.of(ttlMicros, ChronoUnit.MICROS));
            return granted ? new Outcome.Granted(0, until(key, owner)) : new Outcome.Busy();
        }

        @Override
        public Outcome renew(String key, UUID owner, long token, long ttlMicros) {
            boolean renewed = repository(owner).renew(key, Duration.of(ttlMicros, ChronoUnit.MICROS));
            return renewed ? new Outcome.Renewed(until(key, owner)) : new Outcome.RenewRejected();
        }

        @Override
        public Outcome release(String key, UUID owner, long token) {
            return repository(owner).delete(key) ? new Outcome.Released() : new Outcome.ReleaseRejected();
        }
    }

    /** The pool, as Spring sees it: the session's one connection, never closed by Spring. */
    private static final class SessionDataSource extends AbstractDataSource implements SmartDataSource {
        private final Connection connection;

        SessionDataSource(Connection connection) {
            this.connection = connection;
        }

        @Override
        public Connection getConnection() throws SQLException {
            if (!connection.getAutoCommit()) {
                // a pool would hand the repository's REQUIRES_NEW transaction another connection; this session has one
                throw new SQLException("Spring Integration's lock repository needs a transaction of its own, and this"
                        + " session's only connection has one open");
            }
            return connection;
        }

        @Override
        public Connection getConnection(String user, String password) throws SQLException {
            return getConnection();
        }

        @Override
        public boolean shouldClose(Connection con) {
            return false;
        }
    }
}
