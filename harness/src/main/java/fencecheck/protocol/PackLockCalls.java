package fencecheck.protocol;

import fencecheck.api.Outcome;
import fencecheck.api.Outcome.Busy;
import fencecheck.api.Outcome.Granted;
import fencecheck.api.Outcome.ReleaseRejected;
import fencecheck.api.Outcome.Released;
import fencecheck.api.Outcome.RenewRejected;
import fencecheck.api.Outcome.Renewed;
import fencecheck.db.VirtualClock;
import fencecheck.kit.LockCalls;
import fencecheck.protocol.pack.Operation;
import fencecheck.protocol.pack.Params;
import fencecheck.protocol.pack.PreparedOperation;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.UUID;

/**
 * A pack's acquire.sql, renew.sql and release.sql prepared on one connection. A statement that returns no row is a
 * refusal, never a success.
 */
final class PackLockCalls implements LockCalls {

    private final PreparedOperation acquire;
    private final PreparedOperation renew;
    private final PreparedOperation release;
    /** Whether acquire.sql returns (token, until); with the kit's own token it returns (until). */
    private final boolean returnsToken;

    PackLockCalls(SqlLeaseProtocol protocol, Connection connection, boolean returnsToken) throws SQLException {
        this.returnsToken = returnsToken;
        this.acquire = protocol.prepare(connection, Operation.ACQUIRE);
        this.renew = protocol.prepare(connection, Operation.RENEW);
        this.release = protocol.prepare(connection, Operation.RELEASE);
    }

    @Override
    public Outcome acquire(String key, UUID owner, long ttlMicros) throws SQLException {
        Params params = new Params().text("job_key", key).uuid("owner", owner).bigint("ttl_micros", ttlMicros);
        try (ResultSet rs = acquire.query(params)) {
            if (!rs.next()) {
                return new Busy();
            }
            Granted granted = returnsToken ? new Granted(rs.getLong(1), micros(rs, 2)) : new Granted(0, micros(rs, 1));
            requireNoMoreRows(rs, acquire);
            return granted;
        }
    }

    @Override
    public Outcome renew(String key, UUID owner, long token, long ttlMicros) throws SQLException {
        Params params = new Params().text("job_key", key).uuid("owner", owner).bigint("token", token).bigint("ttl_micros", ttlMicros);
        try (ResultSet rs = renew.query(params)) {
            if (!rs.next()) {
                return new RenewRejected();
            }
            Renewed renewed = new Renewed(micros(rs, 1));
            requireNoMoreRows(rs, renew);
            return renewed;
        }
    }

    @Override
    public Outcome release(String key, UUID owner, long token) throws SQLException {
        Params params = new Params().text("job_key", key).uuid("owner", owner).bigint("token", token);
        try (ResultSet rs = release.query(params)) {
            if (!rs.next()) {
                return new ReleaseRejected();
            }
            requireNoMoreRows(rs, release);
            return new Released();
        }
    }

    private static long micros(ResultSet rs, int column) throws SQLException {
        return VirtualClock.toMicros(rs.getObject(column, OffsetDateTime.class));
    }

    static void requireNoMoreRows(ResultSet rs, PreparedOperation operation) throws SQLException {
        if (rs.next()) {
            throw new IllegalStateException(operation.source() + " returned more than one row");
        }
    }

    @Override
    public void close() throws SQLException {
        SQLException first = null;
        for (PreparedOperation s : new PreparedOperation[] {acquire, renew, release}) {
            try {
                s.close();
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
