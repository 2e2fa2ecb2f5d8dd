package fencecheck.protocol;

import fencecheck.api.LeaseProtocol;

import java.util.List;
import java.util.function.Supplier;

/**
 * Correct implementations that lock differently from the reference: each
 * must pass every property, which shows that the model judges what the
 * database did, not where the reference happens to wait.
 */
public final class Alternatives {

    /** The job claim as {@code SELECT ... FOR UPDATE} of the job-state row, then the reference's conditioned update. */
    public static final String SELECT_FOR_UPDATE = "reference-select-for-update";
    /** The fenced write locks the lease row {@code FOR UPDATE} instead of {@code FOR SHARE}. */
    public static final String FENCE_FOR_UPDATE = "reference-fence-for-update";

    private Alternatives() {
    }

    public static List<LeaseProtocol> all() {
        return List.of(selectForUpdate(), fenceForUpdate());
    }

    public static List<String> names() {
        return List.of(SELECT_FOR_UPDATE, FENCE_FOR_UPDATE);
    }

    static Supplier<LeaseProtocol> byName(String name) {
        return switch (name) {
            case SELECT_FOR_UPDATE -> Alternatives::selectForUpdate;
            case FENCE_FOR_UPDATE -> Alternatives::fenceForUpdate;
            default -> null;
        };
    }

    /** A stale job holds its row too (a takeover waits for it), where the reference's update locks only a matching row. */
    public static LeaseProtocol selectForUpdate() {
        return SqlLeaseProtocol.builtIn(SELECT_FOR_UPDATE);
    }

    /** Two fenced writes of one key in open transactions wait for each other, where the reference's run side by side. */
    public static LeaseProtocol fenceForUpdate() {
        return SqlLeaseProtocol.builtIn(FENCE_FOR_UPDATE);
    }
}
