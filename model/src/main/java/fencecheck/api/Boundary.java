package fencecheck.api;

import org.apiguardian.api.API;

/**
 * When a lease whose {@code until} equals the current instant counts as valid.
 * Acquire and renew always use the same convention, so at no instant may one
 * owner renew while another acquires.
 */
@API(status = API.Status.STABLE, since = "0.1")
public enum Boundary {
    /** Article A's SQL: valid while {@code now <= until}; acquire needs {@code until < now}. */
    INCLUSIVE {
        @Override
        public boolean isValid(long now, long until) {
            return now <= until;
        }
    },
    /** Article B's convention: valid while {@code now < until}; renew at the boundary is refused. */
    EXCLUSIVE {
        @Override
        public boolean isValid(long now, long until) {
            return now < until;
        }
    };

    public abstract boolean isValid(long now, long until);

    public boolean isExpired(long now, long until) {
        return !isValid(now, until);
    }
}
