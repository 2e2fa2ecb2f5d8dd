package fencecheck.kit;

import fencecheck.api.KeyState;
import fencecheck.api.Lease;
import fencecheck.api.LeaseClient;
import fencecheck.api.Outcome;
import fencecheck.protocol.ForwardingLeaseClient;
import org.apiguardian.api.API;

import java.sql.SQLException;
import java.util.UUID;

/**
 * For a library whose lock table stores when a lease was taken or last renewed rather than when it ends
 * (db-scheduler's {@code last_heartbeat}): the lease ends one lease length after it. Such a library has one lease
 * length per process (db-scheduler's dead limit), which fencecheck gives as the length of every call; the length of
 * the latest acquire or renew, of any session, is the one the rows are read with. One per implementation, shared by
 * its sessions ({@link LockTable#untilIsLastRenewal()}).
 */
@API(status = API.Status.INTERNAL)
public final class LastRenewal {

    private volatile long leaseLength;

    /** {@code rows} with every lease it inspects ending one lease length after its stored time, unless released. */
    public LeaseClient client(LeaseClient rows) {
        return new ForwardingLeaseClient(rows) {
            @Override
            public Outcome acquire(String key, UUID owner, long ttlMicros) throws SQLException {
                leaseLength = ttlMicros;
                return delegate.acquire(key, owner, ttlMicros);
            }

            @Override
            public Outcome renew(String key, UUID owner, long token, long ttlMicros) throws SQLException {
                leaseLength = ttlMicros;
                return delegate.renew(key, owner, token, ttlMicros);
            }

            /** A released lease's end is as stored: it ended when released, not a lease length later. */
            @Override
            public KeyState inspect(String key) throws SQLException {
                KeyState stored = delegate.inspect(key);
                Lease lease = stored.lease();
                return lease == null || lease.released() ? stored
                        : new KeyState(lease.withUntil(lease.until() + leaseLength), stored.latest(), stored.fenced());
            }
        };
    }
}
