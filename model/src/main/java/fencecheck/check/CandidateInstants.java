package fencecheck.check;

import fencecheck.api.KeyState;
import fencecheck.api.Lease;
import fencecheck.api.ModelConfig;

/**
 * The instants worth trying for an operation inside its interval. Only a lease's end makes an answer depend on the
 * instant, and it changes it once (held, then not), so the earliest admissible instant is tried and, where it falls
 * inside, the first instant at which the lease is over; for an operation whose answer was lost also the latest (its
 * lease, if granted, then ends as late as it can).
 */
final class CandidateInstants {

    private final ModelConfig config;

    CandidateInstants(ModelConfig config) {
        this.config = config;
    }

    /** The instants worth trying in [from, to]: the earliest, the lease's first expired instant, and for an unknown answer the latest. */
    long[] in(KeyState rows, long from, long to, boolean unknown) {
        long expired = firstExpired(rows.lease());
        boolean boundaryInside = expired > from && expired <= to;
        boolean latest = unknown && to > from && to != expired;
        long[] times = new long[1 + (boundaryInside ? 1 : 0) + (latest ? 1 : 0)];
        int n = 0;
        times[n++] = from;
        if (boundaryInside) {
            times[n++] = expired;
        }
        if (latest) {
            times[n] = to;
        }
        return times;
    }

    /** The first instant at which nobody holds {@code lease}. */
    private long firstExpired(Lease lease) {
        if (lease == null || lease.released()) {
            return Long.MIN_VALUE;
        }
        return lease.until() + (config.boundary().isValid(lease.until(), lease.until()) ? 1 : 0);
    }
}
