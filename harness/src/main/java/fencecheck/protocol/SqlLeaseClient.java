package fencecheck.protocol;

import fencecheck.api.KeyState;
import fencecheck.api.Lease;
import fencecheck.api.LeaseClient;
import fencecheck.api.Outcome;
import fencecheck.api.Outcome.Applied;
import fencecheck.api.Outcome.Conflict;
import fencecheck.api.Outcome.Forged;
import fencecheck.api.Outcome.Replayed;
import fencecheck.api.Outcome.RolledBack;
import fencecheck.api.Outcome.Stale;
import fencecheck.api.Outcome.WriteOutcome;
import fencecheck.api.SinkKind;
import fencecheck.api.StoredResult;
import fencecheck.db.VirtualClock;
import fencecheck.kit.CallMarks;
import fencecheck.kit.FenceSource;
import fencecheck.kit.KitAcquire;
import fencecheck.kit.KitSettings;
import fencecheck.kit.LockCalls;
import fencecheck.protocol.pack.Operation;
import fencecheck.protocol.pack.Params;
import fencecheck.protocol.pack.PreparedOperation;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;

/**
 * The JDBC adapter of a {@link SqlLeaseProtocol}: each operation's file
 * prepared once on one connection, each call one run of that file, in
 * autocommit unless the runner opened a transaction on the connection.
 * A statement that returns no row is a refusal, never a success.
 */
final class SqlLeaseClient implements LeaseClient {

    /** The columns inspect.sql must return, and the one it may. */
    static final List<String> INSPECT_COLUMNS = List.of("kind", "name", "token", "until", "payload");
    static final List<String> INSPECT_OPTIONAL = List.of("released");

    private final SqlLeaseProtocol protocol;
    private final Connection connection;
    /** The library's acquire, renew and release: the pack's files, or a Java implementation's calls. */
    private final LockCalls calls;
    /** The kit's token around the acquire, when the pack says sinks=kit; null otherwise. */
    private final KitAcquire kitAcquire;
    /** The kit's settings, when the pack says sinks=kit; null otherwise. */
    private final KitSettings kit;
    private final PreparedOperation writeLatest;
    private final PreparedOperation writeFenced;
    private final PreparedOperation inspect;
    /** Only a pack that reads the fence apart from its fenced write has it. */
    private final PreparedOperation readFence;
    /** What a write that answered Unseen reads: only a pack whose writes may answer so has them. */
    private final PreparedOperation storedLatest;
    private final PreparedOperation storedFenced;

    /** {@code calls}: the library's calls, or null for the pack's acquire.sql, renew.sql and release.sql. */
    SqlLeaseClient(SqlLeaseProtocol protocol, Connection connection, LockCalls calls) throws SQLException {
        this.protocol = protocol;
        this.connection = connection;
        connection.setAutoCommit(true);
        Optional<KitSettings> kit = protocol.pack().kit();
        this.kit = kit.orElse(null);
        LockCalls library = calls != null ? calls
                : new PackLockCalls(protocol, connection, kit.map(k -> k.fence() == FenceSource.RETURNED).orElse(true));
        this.calls = kit.isPresent() ? CallMarks.marking(connection, kit.get(), library) : library;
        this.kitAcquire = kit.isPresent()
                ? new KitAcquire(connection, kit.get(), protocol.advancesFenceInAcquireTransaction(), this.calls::ownerValue) : null;
        this.writeLatest = protocol.prepare(connection, Operation.WRITE_LATEST);
        this.writeFenced = protocol.prepare(connection, Operation.WRITE_FENCED);
        this.inspect = protocol.prepare(connection, Operation.INSPECT);
        this.readFence = protocol.has(Operation.READ_FENCE) ? protocol.prepare(connection, Operation.READ_FENCE) : null;
        this.storedLatest = protocol.has(Operation.STORED_LATEST) ? protocol.prepare(connection, Operation.STORED_LATEST) : null;
        this.storedFenced = protocol.has(Operation.STORED_FENCED) ? protocol.prepare(connection, Operation.STORED_FENCED) : null;
    }

    @Override
    public Outcome acquire(String key, UUID owner, long ttlMicros) throws SQLException {
        if (kitAcquire == null) {
            return calls.acquire(key, owner, ttlMicros);
        }
        return kitAcquire.acquire(lockName(key), owner, () -> calls.acquire(key, owner, ttlMicros));
    }

    /**
     * What the kit's fence, sinks and inspect key a job key by: its lock name ({@link KitSettings#lockName}), where the
     * library's lock name is not the job key itself; the job key for any other pack. The library's calls get the job key.
     */
    private String lockName(String key) {
        return kit == null ? key : kit.lockName(key);
    }

    @Override
    public Outcome renew(String key, UUID owner, long token, long ttlMicros) throws SQLException {
        return calls.renew(key, owner, token, ttlMicros);
    }

    @Override
    public Outcome release(String key, UUID owner, long token) throws SQLException {
        return calls.release(key, owner, token);
    }

    @Override
    public WriteOutcome write(SinkKind sink, String key, long token, String resultId, String payload) throws SQLException {
        return protocol.report(runWrite(sink, lockName(key), token, resultId, payload));
    }

    @Override
    public RolledBack writeThenRollBack(SinkKind sink, String key, long token, String resultId, String payload) throws SQLException {
        connection.setAutoCommit(false);
        WriteOutcome seen;
        try {
            seen = protocol.report(runWrite(sink, lockName(key), token, resultId, payload));
        } catch (SQLException | RuntimeException e) {
            try {
                connection.rollback();
                connection.setAutoCommit(true);
            } catch (SQLException | RuntimeException alsoFailed) {
                e.addSuppressed(alsoFailed);
            }
            throw e;
        }
        connection.rollback();
        connection.setAutoCommit(true);
        return new RolledBack(seen);
    }

    private WriteOutcome runWrite(SinkKind sink, String key, long token, String resultId, String payload) throws SQLException {
        Params params = new Params().text("job_key", key).bigint("token", token).text("result_id", resultId).text("payload", payload);
        PreparedOperation write = sink == SinkKind.LATEST_TOKEN_WINS ? writeLatest : writeFenced;
        if (write == writeFenced && readFence != null) {
            params.bigint(Operation.FENCE, readFence(key));
        }
        try (ResultSet rs = write.query(params)) {
            if (!rs.next()) {
                throw new IllegalStateException(write.source() + " returned no outcome; it must return one row with one word:"
                        + " Applied, Replayed, Conflict, Stale or Forged");
            }
            String word = rs.getString(1);
            requireNoMoreRows(rs, write);
            return "Unseen".equals(word) ? unseen(sink, key, token, resultId, payload, write) : writeOutcome(word, write);
        }
    }

    /**
     * The write's statement met a result another session committed after the
     * statement began (its insert waited for that row, then left it alone): what
     * that row holds decides the answer, as the model sees it once the other
     * write committed. Read in a statement of its own, which sees it.
     */
    private WriteOutcome unseen(SinkKind sink, String key, long token, String resultId, String payload, PreparedOperation write)
            throws SQLException {
        PreparedOperation stored = sink == SinkKind.LATEST_TOKEN_WINS ? storedLatest : storedFenced;
        if (stored == null) {
            throw new IllegalStateException(write.source() + " answered Unseen, but the pack has no "
                    + (sink == SinkKind.LATEST_TOKEN_WINS ? Operation.STORED_LATEST : Operation.STORED_FENCED).file()
                    + " to read the result it met");
        }
        try (ResultSet rs = stored.query(new Params().text("job_key", key).text("result_id", resultId))) {
            if (!rs.next()) {
                throw new IllegalStateException(stored.source() + " found no result after the write met one");
            }
            if (sink == SinkKind.CURRENT_FENCE) {
                return payload.equals(rs.getString(1)) ? new Replayed() : new Conflict();
            }
            return rs.getLong(1) == token ? (payload.equals(rs.getString(2)) ? new Replayed() : new Conflict()) : new Stale();
        }
    }

    private Long readFence(String key) throws SQLException {
        try (ResultSet rs = readFence.query(new Params().text("job_key", key))) {
            return rs.next() ? rs.getLong(1) : null;
        }
    }

    private static WriteOutcome writeOutcome(String word, PreparedOperation write) {
        if (word == null) {
            throw new IllegalStateException(write.source() + " returned a null outcome");
        }
        return switch (word) {
            case "Applied" -> new Applied();
            case "Replayed" -> new Replayed();
            case "Conflict" -> new Conflict();
            case "Stale" -> new Stale();
            case "Forged" -> new Forged();
            default -> throw new IllegalStateException(write.source() + " returned the unknown outcome " + word
                    + "; the outcomes are Applied, Replayed, Conflict, Stale and Forged");
        };
    }

    @Override
    public KeyState inspect(String key) throws SQLException {
        Lease lease = null;
        StoredResult latest = null;
        TreeMap<String, StoredResult> fenced = new TreeMap<>();
        try (ResultSet rs = inspect.query(new Params().text("job_key", lockName(key)))) {
            boolean marksReleased = ResultColumns.require(rs, inspect.source(), INSPECT_COLUMNS, INSPECT_OPTIONAL).contains("released");
            while (rs.next()) {
                String kind = rs.getString("kind");
                long token = rs.getLong("token");
                switch (kind == null ? "" : kind) {
                    case "lease" -> lease = new Lease(rs.getString("name"), micros(rs, "until"), token,
                            marksReleased && rs.getBoolean("released"));
                    case "latest" -> latest = new StoredResult(token, rs.getString("payload"));
                    case "fenced" -> fenced.put(rs.getString("name"), new StoredResult(token, rs.getString("payload")));
                    default -> throw new IllegalStateException(inspect.source() + " returned a row of kind " + kind
                            + "; the kinds are lease, latest and fenced");
                }
            }
        }
        return new KeyState(lease, latest, fenced);
    }

    private static long micros(ResultSet rs, String column) throws SQLException {
        return VirtualClock.toMicros(rs.getObject(column, OffsetDateTime.class));
    }

    private static void requireNoMoreRows(ResultSet rs, PreparedOperation operation) throws SQLException {
        if (rs.next()) {
            throw new IllegalStateException(operation.source() + " returned more than one row");
        }
    }

    @Override
    public void close() throws SQLException {
        SQLException first = null;
        for (AutoCloseable s : new AutoCloseable[] {calls, kitAcquire, writeLatest, writeFenced, inspect, readFence,
                storedLatest, storedFenced}) {
            try {
                if (s != null) {
                    s.close();
                }
            } catch (SQLException e) {
                if (first == null) {
                    first = e;
                }
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
