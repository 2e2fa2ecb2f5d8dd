package fencecheck.kit;

import fencecheck.api.Outcome;
import fencecheck.protocol.pack.Operation;
import fencecheck.protocol.pack.Params;
import fencecheck.protocol.pack.PreparedOperation;
import org.apiguardian.api.API;
import org.postgresql.core.BaseConnection;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.UUID;

/**
 * The library's calls, each marked on the session before it runs ({@code mark_call.sql}): form (b)'s trigger then
 * numbers a row change by the call that made it, whatever the row shows. An acquire is judged as the lock table's
 * {@code newLeaseWhen} says; a renew or a release is never a new lease, so a library whose extend is the same
 * "acquire or prolong" statement as its acquire keeps its holder's token when it extends, and a renew that took an
 * ended lease is answered as the revival it is. The length each acquire or renew asks for goes with it, for a lock
 * table whose until column holds the last renewal.
 *
 * <p>The mark is the kit's own bookkeeping, not one of the library's statements: it goes on the driver's connection
 * beneath fencecheck's session wrapper, so a network fault aimed at a call's first statement still meets the
 * library's, and a statement count of a call is the library's alone.
 */
@API(status = API.Status.INTERNAL)
public final class CallMarks implements LockCalls {

    private final LockCalls calls;
    private final PreparedOperation mark;

    private CallMarks(LockCalls calls, PreparedOperation mark) {
        this.calls = calls;
        this.mark = mark;
    }

    /**
     * {@code calls} marked on {@code connection} when the kit's token comes from a trigger; as they are otherwise.
     *
     * @param connection the session's connection, on which the library's calls run
     * @param settings   the kit's settings
     * @param calls      the library's calls
     * @return the calls, each marked before it runs
     * @throws SQLException when the mark cannot be prepared
     */
    public static LockCalls marking(Connection connection, KitSettings settings, LockCalls calls) throws SQLException {
        if (settings.fence() != FenceSource.TRIGGER) {
            return calls;
        }
        Connection driver = connection.isWrapperFor(BaseConnection.class) ? connection.unwrap(BaseConnection.class) : connection;
        return new CallMarks(calls, new PreparedOperation(driver, KitSql.file("mark_call.sql", Operation.ACQUIRE,
                List.of("call", "lease_micros"))));
    }

    private void mark(String call, String leaseMicros) throws SQLException {
        try (ResultSet ignored = mark.query(new Params().text("call", call).text("lease_micros", leaseMicros))) {
            // set_config answers the values it set; the settings are what counts
        }
    }

    @Override
    public Outcome acquire(String key, UUID owner, long ttlMicros) throws SQLException {
        mark("acquire", Long.toString(ttlMicros));
        return calls.acquire(key, owner, ttlMicros);
    }

    @Override
    public Outcome renew(String key, UUID owner, long token, long ttlMicros) throws SQLException {
        mark("renew", Long.toString(ttlMicros));
        return calls.renew(key, owner, token, ttlMicros);
    }

    @Override
    public Outcome release(String key, UUID owner, long token) throws SQLException {
        mark("release", "");
        return calls.release(key, owner, token);
    }

    @Override
    public String ownerValue(UUID owner) {
        return calls.ownerValue(owner);
    }

    @Override
    public void close() throws SQLException {
        try {
            calls.close();
        } finally {
            mark.close();
        }
    }
}
