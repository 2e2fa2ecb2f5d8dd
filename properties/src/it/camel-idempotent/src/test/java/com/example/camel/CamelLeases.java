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
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.sql.Connection;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Camel's {@link JdbcOrphanLockAwareIdempotentRepository} on fencecheck's fencing kit: acquire is {@code add}, renew
 * one run of the keep-alive task, release {@code remove}. An execution holds a repository per message id, all of one
 * processor name (the route's, shared by every instance); its lease ends {@code lockMaxAgeMillis} after
 * {@code createdAt}. The token is the kit's fence row, advanced in the transaction {@code add} joins.
 */
public class CamelLeases extends KitLeaseProtocol {
    static final String PROCESSOR = "fencecheck-route";
    private static final CamelContext CAMEL = new DefaultCamelContext();
    private static final Map<String, Repository> REPOSITORIES = new ConcurrentHashMap<>();
    private static final Method KEEP_ALIVE = keepAlive();

    /** Held through createdAt + lockMaxAgeMillis (Camel's orphan test is createdAt < now - age); add refuses its holder. */
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

        Repository(Connection connection) {
            session = connection;
            SessionDataSource dataSource = new SessionDataSource(() -> session);
            // add() joins the transaction it is called in (the kit's), rather than committing the connection itself
            TransactionTemplate joining = new TransactionTemplate(new DataSourceTransactionManager(dataSource));
            joining.setPropagationBehavior(TransactionDefinition.PROPAGATION_SUPPORTS);
            camel = new JdbcOrphanLockAwareIdempotentRepository(dataSource, joining, PROCESSOR, CAMEL);
            // Camel's own timer would first keep alive a day after start: fencecheck's renew runs the task instead
            camel.setLockKeepAliveIntervalMillis(86_400_000L);
            camel.setLockMaxAgeMillis(86_400_001L);
            camel.start(); // what Camel's context does with a service: its table check, and the keep-alive's timer
            jdbc = new JdbcTemplate(dataSource);
        }

        Repository on(Connection connection) {
            session = connection;
            return this;
        }

        /** When the row's lock runs out, as Camel judges it; empty when there is no row. */
        List<Long> until(String key) {
            return jdbc.queryForList("select (createdat + ? * interval '1 millisecond') at time zone 'UTC'"
                    + " from camel_messageprocessed where processorname = ? and messageid = ?", OffsetDateTime.class,
                    camel.getLockMaxAgeMillis(), PROCESSOR, key).stream().map(LeaseTime::micros).toList();
        }
    }

    /** The keep-alive task's one run: Camel's heartbeat of every id the repository added, which it schedules itself. */
    private static Method keepAlive() {
        try {
            Method method = JdbcOrphanLockAwareIdempotentRepository.class.getDeclaredMethod("keepAlive");
            method.setAccessible(true);
            return method;
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException("camel-sql has no keepAlive() here; check its version", e);
        }
    }

    private record Calls(Connection connection) implements LockCalls {

        private Repository repository(String key, UUID owner) {
            return REPOSITORIES.computeIfAbsent(owner + "/" + key, k -> new Repository(connection)).on(connection);
        }

        @Override
        public Outcome acquire(String key, UUID owner, long ttlMicros) {
            Repository r = repository(key, owner);
            r.camel.setLockMaxAgeMillis(ttlMicros / 1000); // one length for every instance: fencecheck's lease length
            return r.camel.add(key) ? new Outcome.Granted(0, r.until(key).getFirst()) : new Outcome.Busy();
        }

        @Override
        public Outcome renew(String key, UUID owner, long token, long ttlMicros) {
            Repository r = repository(key, owner);
            if (r.camel.getProcessorNameMessageIdSet().isEmpty()) {
                return new Outcome.RenewRejected(); // not added, or removed: Camel keeps alive only what it holds
            }
            try {
                KEEP_ALIVE.invoke(r.camel); // logs and swallows what fails: the instance is never told
            } catch (IllegalAccessException | InvocationTargetException e) {
                throw new IllegalStateException("Camel's keep-alive could not run", e);
            }
            List<Long> until = r.until(key);
            return until.isEmpty() ? new Outcome.RenewRejected() : new Outcome.Renewed(until.getFirst());
        }

        @Override
        public Outcome release(String key, UUID owner, long token) {
            return repository(key, owner).camel.remove(key) ? new Outcome.Released() : new Outcome.ReleaseRejected();
        }

        @Override
        public String ownerValue(UUID owner) {
            return PROCESSOR; // Camel's row names the route, not the instance that holds the lock
        }
    }
}
