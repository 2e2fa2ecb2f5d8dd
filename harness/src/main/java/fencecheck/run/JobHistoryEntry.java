package fencecheck.run;

import fencecheck.job.JobCommand;
import fencecheck.job.JobOutcome;
import fencecheck.job.JobRows;

/**
 * One executed step of a job trace, or one waiting statement that went on
 * when a transaction ended ({@code resumed}: it belongs to the step that ended
 * the transaction, and {@code actor} is the session whose statement it was).
 *
 * @param command       the statement as the model ran it, or null for a no-op
 * @param expected      the model's answer; {@code Waiting} when it predicts a lock wait
 * @param observed      the database's answer; {@code Waiting} when the session was seen blocked
 * @param expectedRows  the rows of {@code key} as the model says the acting session sees them
 * @param observedRows  the same rows as read from the database
 * @param error         a database error or a statement that never completed, or null
 * @param fault         the network fault injected into this statement, or null; a statement whose answer the
 *                      fault took away has no observed outcome, and that is no divergence
 */
public record JobHistoryEntry(
        int step,
        boolean resumed,
        String actor,
        String action,
        JobCommand command,
        long at,
        JobOutcome expected,
        JobOutcome observed,
        String key,
        JobRows expectedRows,
        JobRows observedRows,
        String error,
        String fault) {

    public JobHistoryEntry(int step, boolean resumed, String actor, String action, JobCommand command, long at, JobOutcome expected,
                           JobOutcome observed, String key, JobRows expectedRows, JobRows observedRows, String error) {
        this(step, resumed, actor, action, command, at, expected, observed, key, expectedRows, observedRows, error, null);
    }

    public boolean outcomeDiffers() {
        if (error != null) {
            return true;
        }
        if (fault != null && observed == null) {
            return false;
        }
        return expected != null ? !expected.equals(observed) : observed != null;
    }

    public boolean rowsDiffer() {
        return expectedRows != null && !expectedRows.equals(observedRows);
    }

    public boolean divergent() {
        return outcomeDiffers() || rowsDiffer();
    }
}
