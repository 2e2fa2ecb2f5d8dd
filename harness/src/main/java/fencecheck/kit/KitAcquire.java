package fencecheck.kit;

import fencecheck.api.Outcome;
import fencecheck.api.Outcome.Granted;
import fencecheck.model.RunStop;
import fencecheck.protocol.pack.BetweenStatements;
import fencecheck.protocol.pack.Operation;
import fencecheck.protocol.pack.Params;
import fencecheck.protocol.pack.PreparedOperation;
import org.apiguardian.api.API;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.UUID;
import java.util.function.Function;

/**
 * The library's acquire with the kit's token. For a token the kit advances ({@link FenceSource#FENCE_ROW}) or copies
 * ({@link FenceSource#RETURNED}): the library's call and the fence in one transaction (the kit's own in autocommit,
 * else the one the caller opened), so no session sees the lease without its fence, and a network fault leaves both
 * or neither. For {@link FenceSource#TRIGGER}: the library's statement moved the fence itself, so the library may
 * commit on its own (as ShedLock does); the kit then reads the fence with the library's row, in one statement.
 */
@API(status = API.Status.INTERNAL)
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
    /** When the session's transaction started, read around the library's acquire in forms other than (b). */
    private final PreparedStatement started;
    /** What the library stores in its owner column for an execution ({@link LockCalls#ownerValue}). */
    private final Function<UUID, String> ownerValue;

    /**
     * @param oneTransaction false only for a known-unsafe adapter a test runs: the library's acquire commits on its
     *                       own, and the fence moves in a transaction of its own afterwards
     * @param ownerValue     what the library stores in its owner column for an execution, for form (b)'s read of the fence
     */
    public KitAcquire(Connection connection, KitSettings settings, boolean oneTransaction, Function<UUID, String> ownerValue)
            throws SQLException {
        this.connection = connection;
        this.ownerValue = ownerValue;
        this.fence = settings.fence();
        this.oneTransaction = oneTransaction;
        this.started = connection.prepareStatement(KitSql.text("transaction_started.sql"));
        this.token = switch (fence) {
            case RETURNED -> new PreparedOperation(connection, KitSql.file("set_fence.sql", Operation.ACQUIRE, List.of("job_key", "token")));
            case FENCE_ROW -> new PreparedOperation(connection, KitSql.file("advance_fence.sql", Operation.ACQUIRE, List.of("job_key")));
            case TRIGGER -> new PreparedOperation(connection, KitSql.file("fence_of_lock.sql", Operation.ACQUIRE,
                    List.of("job_key", "owner")));
        };
    }

    public Outcome acquire(String key, UUID owner, Call call) throws SQLException {
        boolean own = connection.getAutoCommit();
        if (fence == FenceSource.TRIGGER) {
            return withFence(key, owner, call.acquire());
        }
        if (!own) {
            return withFence(key, owner, inOneTransaction(call));
        }
        if (!oneTransaction) {
            Outcome answer = call.acquire();
            BetweenStatements.point("kit acquire, then its fence", 1, 2);
            return withFence(key, owner, answer);
        }
        connection.setAutoCommit(false);
        try {
            Outcome answer = withFence(key, owner, inOneTransaction(call));
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

    /**
     * The library's acquire, refused in one line when it ended the transaction it ran in: with the fence advanced in
     * the next one, a grant could commit without its fence (a network fault between them), which form (a) is there to
     * make impossible. A library that commits on its own wherever it runs (Spring's {@code DataSourceTransactionManager}
     * commits the connection it was handed) is checked with form (b), or given a transaction that joins the caller's.
     */
    private Outcome inOneTransaction(Call call) throws SQLException {
        Object before = transactionStart();
        Outcome answer = call.acquire();
        // only a grant moves the fence; a refusal may leave the transaction failed (a library that caught a duplicate
        // key), where no statement runs until it ends
        if (answer instanceof Granted && !before.equals(transactionStart())) {
            throw new RunStop("the library's acquire ended the kit's transaction (it committed or rolled back on"
                    + " its own), so fence=" + fence.spelled() + " would move the fence in a second transaction: run the acquire"
                    + " in the caller's transaction (with Spring, a TransactionTemplate with PROPAGATION_SUPPORTS over the kit's"
                    + " SessionDataSource), or use fence=trigger");
        }
        return answer;
    }

    private Object transactionStart() throws SQLException {
        try (ResultSet rs = started.executeQuery()) {
            rs.next();
            return rs.getObject(1);
        }
    }

    private Outcome withFence(String key, UUID owner, Outcome answer) throws SQLException {
        if (!(answer instanceof Granted granted)) {
            return answer;
        }
        Params params = new Params().text("job_key", key).text("owner", ownerValue.apply(owner)).bigint("token", granted.token());
        try (ResultSet rs = token.query(params)) {
            if (!rs.next()) {
                throw new IllegalStateException("the library granted " + key + " to " + owner + " but the kit finds no fence"
                        + " under a lease row of that holder: the lease was taken over since, or the trigger did not fire"
                        + " (check that lock.newLease names a column the library's acquire sets, and lock.owner)");
            }
            return new Granted(rs.getLong(1), granted.until());
        }
    }

    @Override
    public void close() throws SQLException {
        started.close();
        token.close();
    }
}
