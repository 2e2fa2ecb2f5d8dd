package fencecheck.model;

/** The two kinds of write target; each table declares which one it is. */
public enum SinkKind {
    /** Article A's {@code report_results}: one row per job key, a higher token overwrites. */
    LATEST_TOKEN_WINS,
    /** Article B's fenced sink: a write applies only with the key's current fence; idempotent by result id. */
    CURRENT_FENCE
}
