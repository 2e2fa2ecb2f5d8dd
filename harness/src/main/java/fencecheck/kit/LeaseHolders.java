package fencecheck.kit;

import fencecheck.api.KeyState;
import fencecheck.api.Lease;
import fencecheck.api.LeaseClient;
import fencecheck.api.Outcome;
import fencecheck.api.Outcome.Granted;
import fencecheck.protocol.ForwardingLeaseClient;

import java.sql.SQLException;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The execution each lease was granted to, as the kit saw the grants: what {@code inspect} names a lease's holder
 * by when the library's owner column holds a value several executions share ({@link LockCalls#ownerValue}, e.g.
 * ShedLock's default {@code lockedBy}, the host name). A lease row is named by the grant of its lock name and token,
 * while the row still holds that execution's owner value; otherwise (a grant whose answer a network fault lost) by
 * the value as stored. Where every execution has a value of its own, the name is the one stored.
 */
final class LeaseHolders {

    private record Grant(UUID owner, String ownerValue) {
    }

    /** Per lock name and token; a token granted again after a test's reset replaces the earlier try's grant. */
    private final Map<String, Map<Long, Grant>> grants = new ConcurrentHashMap<>();

    /** {@code client}'s calls, with every grant noted and every lease named by execution. */
    LeaseClient naming(LeaseClient client, LockCalls calls) {
        return new Naming(client, calls);
    }

    private KeyState named(String key, KeyState state) {
        Lease lease = state.lease();
        Grant grant = lease == null ? null : grants.getOrDefault(key, Map.of()).get(lease.token());
        if (grant == null || !grant.ownerValue().equals(lease.owner())) {
            return state;
        }
        return state.withLease(lease.withOwner(grant.owner().toString()));
    }

    private final class Naming extends ForwardingLeaseClient {
        private final LockCalls calls;

        Naming(LeaseClient client, LockCalls calls) {
            super(client);
            this.calls = calls;
        }

        @Override
        public Outcome acquire(String key, UUID owner, long ttlMicros) throws SQLException {
            Outcome answer = delegate.acquire(key, owner, ttlMicros);
            if (answer instanceof Granted granted) {
                grants.computeIfAbsent(key, k -> new ConcurrentHashMap<>())
                        .put(granted.token(), new Grant(owner, calls.ownerValue(owner)));
            }
            return answer;
        }

        @Override
        public KeyState inspect(String key) throws SQLException {
            return named(key, delegate.inspect(key));
        }
    }
}
