package fencecheck.protocol;

import fencecheck.api.LeaseClient;
import fencecheck.api.LeaseProtocol;
import fencecheck.api.ModelConfig;
import fencecheck.api.Outcome;
import fencecheck.api.Outcome.Busy;
import fencecheck.api.Outcome.Granted;
import fencecheck.db.SqlResources;
import fencecheck.db.VirtualClock;
import fencecheck.protocol.pack.NamedParameters;
import fencecheck.protocol.pack.Params;
import fencecheck.protocol.pack.ParsedSql;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Known-buggy variants that only faults reveal: lost answers, retries,
 * crashes and restarts. Each is the reference with one named deviation.
 */
public final class FaultVariants {

    public static final String IN_MEMORY_TOKEN_COUNTER = "in-memory-token-counter";
    public static final String ACQUIRE_NOT_IDEMPOTENT = "acquire-not-idempotent";
    public static final String ASYNC_COMMIT = "async-commit";
    public static final String RETRY_WITH_NEW_RESULT_ID = "retry-with-new-result-id";

    private FaultVariants() {
    }

    public static List<LeaseProtocol> all() {
        return List.of(inMemoryTokenCounter(), acquireNotIdempotent(), asyncCommit(), retryWithNewResultId());
    }

    public static List<String> names() {
        return all().stream().map(LeaseProtocol::name).toList();
    }

    static Supplier<LeaseProtocol> byName(String name) {
        return switch (name) {
            case IN_MEMORY_TOKEN_COUNTER -> FaultVariants::inMemoryTokenCounter;
            case ACQUIRE_NOT_IDEMPOTENT -> FaultVariants::acquireNotIdempotent;
            case ASYNC_COMMIT -> FaultVariants::asyncCommit;
            case RETRY_WITH_NEW_RESULT_ID -> FaultVariants::retryWithNewResultId;
            default -> null;
        };
    }

    /** Tokens from a counter in the application. Breaks: a coordinator restart must not reset the token sequence (article B). */
    public static LeaseProtocol inMemoryTokenCounter() {
        return new InMemoryTokenCounter();
    }

    /**
     * The literal article-A acquire: the same owner re-acquiring its valid
     * lease is Busy. Breaks: a lost grant receipt must be retried idempotently
     * by the same owner (article B), which the model is configured for.
     */
    public static LeaseProtocol acquireNotIdempotent() {
        return SqlLeaseProtocol.builtIn(ACQUIRE_NOT_IDEMPOTENT);
    }

    /**
     * The sessions commit with {@code synchronous_commit = off}: a commit is
     * acknowledged before its WAL is written, so a crash of the server may
     * lose acknowledged grants and writes. Breaks: tokens survive every
     * restart, and no acknowledged write is lost.
     */
    public static LeaseProtocol asyncCommit() {
        return new SqlLeaseProtocol(ASYNC_COMMIT, "commits are acknowledged with synchronous_commit = off, so a server crash"
                + " can lose acknowledged grants and writes; breaks the rule that tokens survive every restart",
                ModelConfig.reference()) {
            @Override
            public LeaseClient client(Connection connection) throws SQLException {
                try (Statement s = connection.createStatement()) {
                    s.execute("set synchronous_commit to off");
                }
                return super.client(connection);
            }
        };
    }

    /** A timed-out write is retried under a new result id. Breaks: a retry must be the same write (same result id). */
    public static LeaseProtocol retryWithNewResultId() {
        return new SqlLeaseProtocol(RETRY_WITH_NEW_RESULT_ID, "a write whose answer was lost is retried under a new result id,"
                + " so a write that did commit is applied twice; breaks the rule that a retry repeats the same result id",
                ModelConfig.reference()) {
            @Override
            public String retryResultId(String resultId) {
                return resultId + "-retry";
            }
        };
    }

    /** The reference, except that acquire takes the next token from a counter the application keeps in memory. */
    private static final class InMemoryTokenCounter extends SqlLeaseProtocol {

        /** Its acquire is no pack operation (it takes the counter's token too), so it is parsed here, with its own names. */
        private static final ParsedSql ACQUIRE = NamedParameters.parse(
                SqlResources.load("variants/" + IN_MEMORY_TOKEN_COUNTER + "/acquire.sql"),
                SqlResources.ROOT + "variants/" + IN_MEMORY_TOKEN_COUNTER + "/acquire.sql",
                List.of("job_key", "owner", "ttl_micros", "next_token")).getFirst();

        private final Map<String, Long> lastToken = new ConcurrentHashMap<>();

        InMemoryTokenCounter() {
            super(IN_MEMORY_TOKEN_COUNTER, "tokens come from a counter in the application's memory, which starts again at 1"
                    + " when the coordinator restarts; breaks article B's rule that a registry restart never resets the token sequence",
                    ModelConfig.reference());
        }

        @Override
        public void restartCoordinator() {
            lastToken.clear();
        }

        @Override
        public LeaseClient client(Connection connection) throws SQLException {
            LeaseClient reference = super.client(connection);
            PreparedStatement acquire = connection.prepareStatement(ACQUIRE.jdbc());
            return new ForwardingLeaseClient(reference) {
                @Override
                public Outcome acquire(String key, UUID owner, long ttlMicros) throws SQLException {
                    long next = lastToken.getOrDefault(key, 0L) + 1;
                    ACQUIRE.bind(acquire, new Params().text("job_key", key).uuid("owner", owner).bigint("ttl_micros", ttlMicros)
                            .bigint("next_token", next));
                    try (ResultSet rs = acquire.executeQuery()) {
                        if (!rs.next()) {
                            return new Busy();
                        }
                        long token = rs.getLong(1);
                        lastToken.merge(key, token, Math::max);
                        return new Granted(token, VirtualClock.toMicros(rs.getObject(2, OffsetDateTime.class)));
                    }
                }

                @Override
                public void close() throws SQLException {
                    acquire.close();
                    reference.close();
                }
            };
        }
    }
}
