package fencecheck.protocol;

import fencecheck.api.KeyState;
import fencecheck.api.LeaseClient;
import fencecheck.api.LeaseProtocol;
import fencecheck.api.ModelConfig;
import fencecheck.api.Outcome;
import fencecheck.api.Outcome.Applied;
import fencecheck.api.Outcome.Conflict;
import fencecheck.api.Outcome.Forged;
import fencecheck.api.Outcome.Replayed;
import fencecheck.api.Outcome.RolledBack;
import fencecheck.api.Outcome.Stale;
import fencecheck.api.Outcome.WriteOutcome;
import fencecheck.api.SinkKind;
import fencecheck.db.Databases;
import fencecheck.db.ReplicatedDatabase;
import fencecheck.db.SqlResources;
import fencecheck.protocol.pack.NamedParameters;
import fencecheck.protocol.pack.Params;
import fencecheck.protocol.pack.ParsedSql;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * Known-buggy variants that only a replicated database reveals: reads sent to the standby, which may not have
 * replayed what the primary acknowledged. The failover property catches them on {@code -Dfencecheck.db=replicated}.
 */
public final class ReplicaVariants {

    public static final String FENCE_READ_ON_STANDBY = "fence-read-on-standby";

    private static final String FOLDER = "variants/" + FENCE_READ_ON_STANDBY + "/";
    /** Its own statements (no pack operation takes a fence read elsewhere), parsed here with their names. */
    private static final ParsedSql READ_FENCE = parse("read_fence.sql", List.of("job_key"));
    private static final ParsedSql WRITE_FENCED = parse("write_fenced.sql",
            List.of("job_key", "token", "result_id", "payload", "fence"));

    private ReplicaVariants() {
    }

    private static ParsedSql parse(String file, List<String> names) {
        return NamedParameters.parse(SqlResources.load(FOLDER + file), SqlResources.ROOT + FOLDER + file, names).getFirst();
    }

    public static List<LeaseProtocol> all() {
        return List.of(fenceReadOnStandby());
    }

    public static List<String> names() {
        return List.of(FENCE_READ_ON_STANDBY);
    }

    static Supplier<LeaseProtocol> byName(String name) {
        return FENCE_READ_ON_STANDBY.equals(name) ? ReplicaVariants::fenceReadOnStandby : null;
    }

    /**
     * The fenced write checks the token against the fence it reads on the standby, through a connection of its own
     * to the standby's address (an application's second, read-only URL), and inserts on the primary under that
     * check. Breaks: the check and the write are one atomic step on the current fence; a standby that has not
     * replayed the newest grant lets a superseded holder's write through (even with {@code synchronous_commit = on},
     * which waits for the standby to flush a commit, not to replay it).
     */
    public static LeaseProtocol fenceReadOnStandby() {
        return new FenceReadOnStandby();
    }

    private static final class FenceReadOnStandby extends SqlLeaseProtocol {

        FenceReadOnStandby() {
            super(FENCE_READ_ON_STANDBY, "the fenced write reads the fence on the standby (the application's read-only URL)"
                    + " and inserts on the primary under what it read; a standby that has not replayed the newest grant lets"
                    + " a superseded holder's write through; breaks article B's rule that the check and the write are one"
                    + " atomic step on the current fence", ModelConfig.reference());
        }

        @Override
        public LeaseClient client(Connection connection) throws SQLException {
            return new StandbyReadingClient(super.client(connection), connection);
        }
    }

    /** The reference's client, but for the fenced sink, whose fence it reads on the standby. */
    private static final class StandbyReadingClient implements LeaseClient {

        private final LeaseClient reference;
        private final Connection primary;
        /** Opened at the first fenced write: the observer's client only inspects. */
        private Connection standby;
        private PreparedStatement readFence;
        private PreparedStatement writeFenced;

        StandbyReadingClient(LeaseClient reference, Connection primary) {
            this.reference = reference;
            this.primary = primary;
        }

        @Override
        public Outcome acquire(String key, UUID owner, long ttlMicros) throws SQLException {
            return reference.acquire(key, owner, ttlMicros);
        }

        @Override
        public Outcome renew(String key, UUID owner, long token, long ttlMicros) throws SQLException {
            return reference.renew(key, owner, token, ttlMicros);
        }

        @Override
        public Outcome release(String key, UUID owner, long token) throws SQLException {
            return reference.release(key, owner, token);
        }

        @Override
        public WriteOutcome write(SinkKind sink, String key, long token, String resultId, String payload) throws SQLException {
            if (sink != SinkKind.CURRENT_FENCE) {
                return reference.write(sink, key, token, resultId, payload);
            }
            return writeUnderStandbyFence(key, token, resultId, payload);
        }

        @Override
        public RolledBack writeThenRollBack(SinkKind sink, String key, long token, String resultId, String payload)
                throws SQLException {
            if (sink != SinkKind.CURRENT_FENCE) {
                return reference.writeThenRollBack(sink, key, token, resultId, payload);
            }
            primary.setAutoCommit(false);
            try {
                return new RolledBack(writeUnderStandbyFence(key, token, resultId, payload));
            } finally {
                primary.rollback();
                primary.setAutoCommit(true);
            }
        }

        private WriteOutcome writeUnderStandbyFence(String key, long token, String resultId, String payload) throws SQLException {
            if (standby == null) {
                standby = connectStandby();
                readFence = standby.prepareStatement(READ_FENCE.jdbc());
                writeFenced = primary.prepareStatement(WRITE_FENCED.jdbc());
            }
            Long fence;
            READ_FENCE.bind(readFence, new Params().text("job_key", key));
            try (ResultSet rs = readFence.executeQuery()) {
                fence = rs.next() ? rs.getLong(1) : null;
            }
            WRITE_FENCED.bind(writeFenced, new Params().text("job_key", key).bigint("token", token).text("result_id", resultId)
                    .text("payload", payload).bigint("fence", fence));
            try (ResultSet rs = writeFenced.executeQuery()) {
                rs.next();
                return switch (rs.getString(1)) {
                    case "Applied" -> new Applied();
                    case "Replayed" -> new Replayed();
                    case "Stale" -> new Stale();
                    case "Forged" -> new Forged();
                    default -> new Conflict();
                };
            }
        }

        /** The standby of the pair this JVM runs on: its own address, as an application's read-only URL. */
        private static Connection connectStandby() throws SQLException {
            String kind = Databases.configuredKind();
            if (!kind.equals("replicated")) {
                throw new IllegalStateException(FENCE_READ_ON_STANDBY + " reads the fence on a standby, and the " + kind
                        + " database has none fencecheck started; run it on -D" + Databases.KIND_PROPERTY + "=replicated");
            }
            return ReplicatedDatabase.shared().pair().connectStandby();
        }

        @Override
        public KeyState inspect(String key) throws SQLException {
            return reference.inspect(key);
        }

        @Override
        public void close() throws SQLException {
            try (Connection s = standby; PreparedStatement r = readFence; PreparedStatement w = writeFenced) {
                reference.close();
            }
        }
    }
}
