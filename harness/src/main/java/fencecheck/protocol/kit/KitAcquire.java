package fencecheck.protocol.kit;

import fencecheck.model.Outcome;
import fencecheck.model.Outcome.Granted;
import fencecheck.protocol.pack.BetweenStatements;
import fencecheck.protocol.pack.Operation;
import fencecheck.protocol.pack.Params;
import fencecheck.protocol.pack.PreparedOperation;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;

/**
 * The library's acquire with the kit's token: the library's call and the fence in one transaction (the kit's own
 * in autocommit, else the one the caller opened), so no session sees the lease without its fence, and a network
 * fault leaves both or neither.
 */
public final class KitAcquire implements AutoCloseable {

    /** The library's acquire, as {@link LockCalls#acquire} answers. */
    @FunctionalInterface
    public interface Call {
        Outcome acquire() throws SQLException;
    }

    private final Connection connection;
    private final FenceSource fence;
    private final boolean oneTransaction;
    private final PreparedOperation token;

    /**
     * @param oneTransaction false only for a known-unsafe adapter a test runs: the library's acquire commits on its
     *                       own, and the fence moves in a transaction of its own afterwards
     */
    public KitAcquire(Connection connection, KitSettings settings, boolean oneTransaction) throws SQLException {
        this.connection = connection;
        this.fence = settings.fence();
        this.oneTransaction = oneTransaction;
        this.token = switch (fence) {
            case RETURNED -> new PreparedOperation(connection, KitSql.file("set_fence.sql", Operation.ACQUIRE, List.of("job_key", "token")));
            case FENCE_ROW -> new PreparedOperation(connection, KitSql.file("advance_fence.sql", Operation.ACQUIRE, List.of("job_key")));
            case TRIGGER -> new PreparedOperation(connection, KitSql.file("fence_of_lock.sql", Operation.ACQUIRE, List.of("job_key")));
        };
    }

    public Outcome acquire(String key, Call call) throws SQLException {
        boolean own = connection.getAutoCommit();
        if (!own) {
            return withFence(key, call.acquire());
        }
        if (!oneTransaction) {
            Outcome answer = call.acquire();
            BetweenStatements.point("kit acquire, then its fence", 1, 2);
            return withFence(key, answer);
        }
        connection.setAutoCommit(false);
        try {
            Outcome answer = withFence(key, call.acquire());
            connection.commit();
            connection.setAutoCommit(true);
            return answer;
        } catch (SQLException | RuntimeException e) {
            try {
                connection.rollback();
                connection.setAutoCommit(true);
            } catch (SQLException | RuntimeException alsoFailed) {
                e.addSuppressed(alsoFailed);
            }
            throw e;
        }
    }

    private Outcome withFence(String key, Outcome answer) throws SQLException {
        if (!(answer instanceof Granted granted)) {
            return answer;
        }
        Params params = new Params().text("job_key", key).bigint("token", granted.token());
        try (ResultSet rs = token.query(params)) {
            if (!rs.next()) {
                throw new IllegalStateException("the library granted " + key + " but the kit has no fence for it: its trigger"
                        + " did not fire; check that lock.newLease names a column the library's acquire sets");
            }
            return new Granted(rs.getLong(1), granted.until());
        }
    }

    @Override
    public void close() throws SQLException {
        token.close();
    }
}
