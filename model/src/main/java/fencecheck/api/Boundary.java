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

    /**
     * Whether a lease that ends at {@code until} is still held at {@code now}: only its owner may renew it, and
     * another owner's acquire is {@code Busy}.
     *
     * @param now   the current instant, in microseconds on fencecheck's time line
     * @param until the lease's end, on the same time line
     * @return whether the lease is valid at {@code now} under this convention
     */
    public abstract boolean isValid(long now, long until);

    /**
     * Whether a lease that ends at {@code until} has run out at {@code now}: any owner may acquire it (under a new
     * token), and the reference refuses to renew it. Always the opposite of {@link #isValid}.
     *
     * @param now   the current instant, in microseconds on fencecheck's time line
     * @param until the lease's end, on the same time line
     * @return whether the lease is expired at {@code now} under this convention
     */
    public boolean isExpired(long now, long until) {
        return !isValid(now, until);
    }
}
