package fencecheck.run;

import fencecheck.model.Command;
import fencecheck.model.KeyState;
import fencecheck.model.Outcome;

/**
 * One executed step as recorded: the step's actor and symbolic action, the
 * concrete command it resolved to (null for steps that are not protocol
 * operations, such as a pause, or for a no-op), the virtual time, what the
 * model expected and what the database answered, and the rows of the key the
 * step touched, as the model predicts them and as the database holds them.
 *
 * @param error a database error the step raised instead of answering, or null
 * @param fault the fault injected into this step, or null; a step whose answer the
 *              fault took away has no observed outcome, and that is no divergence
 */
public record HistoryEntry(
        int step,
        String actor,
        String action,
        String resolved,
        Command command,
        long at,
        Outcome expected,
        Outcome observed,
        String key,
        KeyState expectedRows,
        KeyState observedRows,
        String error,
        String fault) {

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
