package fencecheck.model;

import fencecheck.api.Boundary;
import fencecheck.api.KeyState;
import fencecheck.api.Lease;
import fencecheck.api.ModelConfig;

import java.util.Objects;

/**
 * Whether the rows the database holds for a key agree with the model's, under
 * the config's {@link RowComparison}: what a runner calls instead of {@code equals}.
 */
public final class RowAgreement {

    private RowAgreement() {
    }

    /**
     * @param expected the model's rows of the key
     * @param observed the database's rows of the key
     * @param now      the current database instant, at which validity is judged
     */
    public static boolean agree(ModelConfig config, KeyState expected, KeyState observed, long now) {
        if (expected == null || observed == null) {
            return expected == observed;
        }
        return switch (config.rows()) {
            case EXACT -> expected.equals(observed);
            case VALIDITY_AND_ANSWERS -> leasesAgree(config.boundary(), expected.lease(), observed.lease(), now)
                    && Objects.equals(expected.latest(), observed.latest())
                    && expected.fenced().equals(observed.fenced());
        };
    }

    /**
     * Both absent, or both present with the same token (the fence, whether or not anyone
     * holds the lease), both held or both not at {@code now}, and the same owner when held.
     */
    private static boolean leasesAgree(Boundary boundary, Lease expected, Lease observed, long now) {
        if (expected == null || observed == null) {
            return expected == observed;
        }
        boolean held = expected.isHeldAt(now, boundary);
        return expected.token() == observed.token()
                && held == observed.isHeldAt(now, boundary)
                && (!held || expected.owner().equals(observed.owner()));
    }
}
