package com.example.camel;

import fencecheck.api.Outcome;
import fencecheck.api.ReleaseEncoding;
import fencecheck.kit.FenceSource;
import fencecheck.kit.KitLeaseProtocol;
import fencecheck.kit.LeaseTime;
import fencecheck.kit.LockCalls;
import fencecheck.kit.LockTable;
import fencecheck.kit.SessionDataSource;
import org.apache.camel.CamelContext;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.processor.idempotent.jdbc.JdbcOrphanLockAwareIdempotentRepository;
import org.springframework.jdbc.core.JdbcTemplate;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.sql.Connection;
import java.time.OffsetDateTime;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Camel's {@link JdbcOrphanLockAwareIdempotentRepository} on fencecheck's fencing kit: acquire is add(), renew one
 * run of its keep-alive, release remove(). One repository per execution and message id, all of one processor name.
 */
public class CamelLeases extends KitLeaseProtocol {
    static final String PROCESSOR = "fencecheck-route";
    private static final CamelContext CAMEL = new DefaultCamelContext();
    private static final Map<String, Repository> REPOSITORIES = new ConcurrentHashMap<>();

    public CamelLeases() {
        super(KitLeaseProtocol.builder()
                .semantics(c -> c.withIdempotentRegrant(false).withRelease(ReleaseEncoding.KEEP_TOKEN_MARK_RELEASED))
                .schemaResource("/camel-messageprocessed.sql")
                .lockTable(new LockTable("camel_messageprocessed", "messageid", "processorname", "createdat"))
                .untilIsLastRenewal()
                .fence(FenceSource.FENCE_ROW)
                .calls(Calls::new));
    }

    /** One execution's repository of one message id, on whichever session its worker calls it from now. */
    private static final class Repository {
        private volatile Connection session;
        private final JdbcOrphanLockAwareIdempotentRepository camel;
        private final JdbcTemplate jdbc;

        Repository(long ttlMillis, Connection connection) {
            session = connection;
            SessionDataSource dataSource = new SessionDataSource(() -> session);
            camel = new JdbcOrphanLockAwareIdempotentRepository(dataSource, PROCESSOR, CAMEL);
            // the keep-alive runs when fencecheck renews, not on Camel's timer: its first run would be a day away
            camel.setLockKeepAliveIntervalMillis(86_400_000L);
            camel.setLockMaxAgeMillis(86_400_001L);
            camel.start();
            camel.setLockMaxAgeMillis(ttlMillis);
            jdbc = new JdbcTemplate(dataSource);
        }

        Repository on(Connection connection) {
            session = connection;
            return this;
        }

        long until(String key) {
            OffsetDateTime createdAt = jdbc.queryForObject("select (createdAt + ? * interval '1 millisecond') at time zone 'UTC'"
                    + " from CAMEL_MESSAGEPROCESSED where processorName = ? and messageId = ?", OffsetDateTime.class,
                    camel.getLockMaxAgeMillis(), PROCESSOR, key);
            return LeaseTime.micros(createdAt);
        }

        void keepAlive() {
            try {
                Method keepAlive = JdbcOrphanLockAwareIdempotentRepository.class.getDeclaredMethod("keepAlive");
                keepAlive.setAccessible(true);
                keepAlive.invoke(camel);
            } catch (NoSuchMethodException | IllegalAccessException | InvocationTargetException e) {
                throw new IllegalStateException("Camel's keep-alive failed", e);
            }
        }
    }

    private record Calls(Connection connection) implements LockCalls {

        private Repository repository(String key, UUID owner, long ttlMicros) {
            return REPOSITORIES.computeIfAbsent(owner + "/" + key, k -> new Repository(ttlMicros / 1000, connection)).on(connection);
        }

        @Override
        public Outcome acquire(String key, UUID owner, long ttlMicros) {
            Repository r = repository(key, owner, ttlMicros);
            r.camel.setLockMaxAgeMillis(ttlMicros / 1000);
            return r.camel.add(key) ? new Outcome.Granted(0, r.until(key)) : new Outcome.Busy();
        }

        @Override
        public Outcome renew(String key, UUID owner, long token, long ttlMicros) {
            Repository r = repository(key, owner, ttlMicros);
            if (r.camel.getProcessorNameMessageIdSet().isEmpty()) {
                return new Outcome.RenewRejected(); // Camel keeps alive only the ids it added
            }
            r.keepAlive();
            return new Outcome.Renewed(r.until(key));
        }

        @Override
        public Outcome release(String key, UUID owner, long token) {
            Repository r = repository(key, owner, 0);
            return r.camel.remove(key) ? new Outcome.Released() : new Outcome.ReleaseRejected();
        }

        @Override
        public String ownerValue(UUID owner) {
            return PROCESSOR; // every instance of a route stores its processor name, not who holds the lock
        }
    }
}
