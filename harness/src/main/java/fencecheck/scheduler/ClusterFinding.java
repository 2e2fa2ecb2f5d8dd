package fencecheck.scheduler;

import java.util.List;

/**
 * One thing a cluster run's results show, in one sentence that names the node, its pause, the runs and their tokens.
 *
 * @param kind   which check found it
 * @param jobKey the job key
 * @param runs   the ids of the runs it names, the faulty one first
 * @param words  the sentence
 */
public record ClusterFinding(Kind kind, String jobKey, List<Long> runs, String words) {

    /** The checks. */
    public enum Kind {
        /** Invariant 1: a write accepted under a token below one already accepted or granted. */
        STALE_ACCEPTANCE,
        /** Invariant 4: the key's result is not its highest-token acknowledged write's. */
        ACKNOWLEDGED_WRITE_LOST,
        /** Two runs of one job key overlapped on the database's clock. */
        OVERLAPPING_RUNS,
        /** Invariant 5: an outbox business key that took effect more than once, or an acknowledged emit that took none. */
        EXACTLY_ONCE_EFFECT
    }

    public ClusterFinding {
        runs = List.copyOf(runs);
    }
}
