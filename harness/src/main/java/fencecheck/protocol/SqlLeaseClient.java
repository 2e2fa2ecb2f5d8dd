package fencecheck.protocol;

import fencecheck.db.VirtualClock;
import fencecheck.model.KeyState;
import fencecheck.model.Lease;
import fencecheck.model.Outcome;
import fencecheck.model.Outcome.Applied;
import fencecheck.model.Outcome.Busy;
import fencecheck.model.Outcome.Conflict;
import fencecheck.model.Outcome.Forged;
import fencecheck.model.Outcome.Granted;
import fencecheck.model.Outcome.ReleaseRejected;
import fencecheck.model.Outcome.Released;
import fencecheck.model.Outcome.RenewRejected;
import fencecheck.model.Outcome.Renewed;
import fencecheck.model.Outcome.Replayed;
import fencecheck.model.Outcome.RolledBack;
import fencecheck.model.Outcome.Stale;
import fencecheck.model.Outcome.WriteOutcome;
import fencecheck.model.SinkKind;
import fencecheck.model.StoredResult;
import fencecheck.protocol.SqlLeaseProtocol.Operation;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.TreeMap;
import java.util.UUID;

/**
 * The JDBC adapter of {@link SqlLeaseProtocol}: one prepared statement per
 * operation on one connection, each operation one statement in autocommit.
 * A statement that returns no row is a refusal, never a success.
 */
final class SqlLeaseClient implements LeaseClient {

    private final SqlLeaseProtocol protocol;
    private final Connection connection;
    private final PreparedStatement acquire;
    private final PreparedStatement renew;
    private final PreparedStatement release;
    private final PreparedStatement writeLatest;
    private final PreparedStatement writeFenced;
    private final PreparedStatement inspect;
    private final PreparedStatement storedLatest;
    private final PreparedStatement storedFenced;
    /** Only a variant that reads the fence apart from its fenced write has it. */
    private final PreparedStatement readFence;

    SqlLeaseClient(SqlLeaseProtocol protocol, Connection connection) throws SQLException {
        this.protocol = protocol;
        this.connection = connection;
        connection.setAutoCommit(true);
        this.acquire = connection.prepareStatement(protocol.sql(Operation.ACQUIRE));
        this.renew = connection.prepareStatement(protocol.sql(Operation.RENEW));
        this.release = connection.prepareStatement(protocol.sql(Operation.RELEASE));
        this.writeLatest = connection.prepareStatement(protocol.sql(Operation.WRITE_LATEST));
        this.writeFenced = connection.prepareStatement(protocol.sql(Operation.WRITE_FENCED));
        this.inspect = connection.prepareStatement(protocol.sql(Operation.INSPECT));
        this.storedLatest = connection.prepareStatement(protocol.sql(Operation.STORED_LATEST));
        this.storedFenced = connection.prepareStatement(protocol.sql(Operation.STORED_FENCED));
        var fenceRead = protocol.extraSql("read_fence.sql");
        this.readFence = fenceRead.isPresent() ? connection.prepareStatement(fenceRead.get()) : null;
    }

    @Override
    public Outcome acquire(String key, UUID owner, long ttlMicros) throws SQLException {
        acquire.setString(1, key);
        acquire.setObject(2, owner);
        acquire.setLong(3, ttlMicros);
        try (ResultSet rs = acquire.executeQuery()) {
            if (!rs.next()) {
                return new Busy();
            }
            Granted granted = new Granted(rs.getLong(1), micros(rs, 2));
            requireNoMoreRows(rs, Operation.ACQUIRE);
            return granted;
        }
    }

    @Override
    public Outcome renew(String key, UUID owner, long token, long ttlMicros) throws SQLException {
        renew.setString(1, key);
        renew.setObject(2, owner);
        renew.setLong(3, token);
        renew.setLong(4, ttlMicros);
        try (ResultSet rs = renew.executeQuery()) {
            if (!rs.next()) {
                return new RenewRejected();
            }
            Renewed renewed = new Renewed(micros(rs, 1));
            requireNoMoreRows(rs, Operation.RENEW);
            return renewed;
        }
    }

    @Override
    public Outcome release(String key, UUID owner, long token) throws SQLException {
        release.setString(1, key);
        release.setObject(2, owner);
        release.setLong(3, token);
        try (ResultSet rs = release.executeQuery()) {
            if (!rs.next()) {
                return new ReleaseRejected();
            }
            requireNoMoreRows(rs, Operation.RELEASE);
            return new Released();
        }
    }

    @Override
    public WriteOutcome write(SinkKind sink, String key, long token, String resultId, String payload) throws SQLException {
        return protocol.report(runWrite(sink, key, token, resultId, payload));
    }

    @Override
    public RolledBack writeThenRollBack(SinkKind sink, String key, long token, String resultId, String payload) throws SQLException {
        connection.setAutoCommit(false);
        WriteOutcome seen;
        try {
            seen = protocol.report(runWrite(sink, key, token, resultId, payload));
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
        PreparedStatement s;
        Operation operation;
        if (sink == SinkKind.LATEST_TOKEN_WINS) {
            s = writeLatest;
            operation = Operation.WRITE_LATEST;
            s.setString(1, key);
            s.setLong(2, token);
            s.setString(3, payload);
        } else {
            s = writeFenced;
            operation = Operation.WRITE_FENCED;
            s.setString(1, key);
            s.setLong(2, token);
            s.setString(3, resultId);
            s.setString(4, payload);
            if (readFence != null) {
                s.setObject(5, readFence(key), java.sql.Types.BIGINT);
            }
        }
        try (ResultSet rs = s.executeQuery()) {
            if (!rs.next()) {
                throw new IllegalStateException(protocol.source(operation) + " returned no outcome");
            }
            String word = rs.getString(1);
            requireNoMoreRows(rs, operation);
            return "Unseen".equals(word) ? unseen(sink, key, token, resultId, payload) : writeOutcome(word, operation);
        }
    }

    /**
     * The write's statement met a result another session committed after the
     * statement began (its insert waited for that row, then left it alone): what
     * that row holds decides the answer, as the model sees it once the other
     * write committed. Read in a statement of its own, which sees it.
     */
    private WriteOutcome unseen(SinkKind sink, String key, long token, String resultId, String payload) throws SQLException {
        if (sink == SinkKind.LATEST_TOKEN_WINS) {
            storedLatest.setString(1, key);
            try (ResultSet rs = storedLatest.executeQuery()) {
                if (!rs.next()) {
                    throw new IllegalStateException(protocol.source(Operation.STORED_LATEST) + " found no result after the write met one");
                }
                long stored = rs.getLong(1);
                return stored == token ? (payload.equals(rs.getString(2)) ? new Replayed() : new Conflict()) : new Stale();
            }
        }
        storedFenced.setString(1, key);
        storedFenced.setString(2, resultId);
        try (ResultSet rs = storedFenced.executeQuery()) {
            if (!rs.next()) {
                throw new IllegalStateException(protocol.source(Operation.STORED_FENCED) + " found no result after the write met one");
            }
            return payload.equals(rs.getString(1)) ? new Replayed() : new Conflict();
        }
    }

    private Long readFence(String key) throws SQLException {
        readFence.setString(1, key);
        try (ResultSet rs = readFence.executeQuery()) {
            return rs.next() ? rs.getLong(1) : null;
        }
    }

    private WriteOutcome writeOutcome(String word, Operation operation) {
        if (word == null) {
            throw new IllegalStateException(protocol.source(operation) + " returned a null outcome");
        }
        return switch (word) {
            case "Applied" -> new Applied();
            case "Replayed" -> new Replayed();
            case "Conflict" -> new Conflict();
            case "Stale" -> new Stale();
            case "Forged" -> new Forged();
            default -> throw new IllegalStateException(protocol.source(operation) + " returned the unknown outcome " + word);
        };
    }

    @Override
    public KeyState inspect(String key) throws SQLException {
        inspect.setString(1, key);
        Lease lease = null;
        StoredResult latest = null;
        TreeMap<String, StoredResult> fenced = new TreeMap<>();
        try (ResultSet rs = inspect.executeQuery()) {
            while (rs.next()) {
                String kind = rs.getString("kind");
                long token = rs.getLong("token");
                switch (kind) {
                    case "lease" -> lease = new Lease(rs.getString("name"), micros(rs, "until"), token);
                    case "latest" -> latest = new StoredResult(token, rs.getString("payload"));
                    case "fenced" -> fenced.put(rs.getString("name"), new StoredResult(token, rs.getString("payload")));
                    default -> throw new IllegalStateException(protocol.source(Operation.INSPECT) + " returned the unknown row kind " + kind);
                }
            }
        }
        return new KeyState(lease, latest, fenced);
    }

    private static long micros(ResultSet rs, int column) throws SQLException {
        return VirtualClock.toMicros(rs.getObject(column, OffsetDateTime.class));
    }

    private static long micros(ResultSet rs, String column) throws SQLException {
        return VirtualClock.toMicros(rs.getObject(column, OffsetDateTime.class));
    }

    private void requireNoMoreRows(ResultSet rs, Operation operation) throws SQLException {
        if (rs.next()) {
            throw new IllegalStateException(protocol.source(operation) + " returned more than one row");
        }
    }

    @Override
    public void close() throws SQLException {
        SQLException first = null;
        for (PreparedStatement s : new PreparedStatement[] {acquire, renew, release, writeLatest, writeFenced, inspect, storedLatest, storedFenced, readFence}) {
            try {
                if (s != null) {
                    s.close();
                }
            } catch (SQLException e) {
                if (first == null) {
                    first = e;
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
