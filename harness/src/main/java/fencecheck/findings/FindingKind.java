package fencecheck.findings;

/**
 * What one finding is, independent of the trace that showed it: the guarantee broken and the operation that broke
 * it. Two failing tries with equal kinds show the same thing; a shrunk trace keeps its kind. Built by
 * {@link FindingKinds#of}.
 *
 * @param severity  how much it weighs; findings are reported most severe first
 * @param operation the operation that broke it, e.g. {@code renew} or {@code write to CURRENT_FENCE}
 * @param broken    what it did, as a verb phrase after the operation, e.g. {@code broke invariant 1. no stale acceptance}
 *                  or {@code answered Renewed where the model expects RenewRejected}
 */
public record FindingKind(Severity severity, String operation, String broken) {

    /** The kind in words, e.g. "renew answered Renewed where the model expects RenewRejected". */
    public String describe() {
        return operation + " " + broken;
    }

    @Override
    public String toString() {
        return severity.title() + ": " + describe();
    }
}
