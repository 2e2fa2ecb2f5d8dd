package fencecheck.properties;

import fencecheck.run.TraceTable;
import fencecheck.run.TryResult;

/** A try that failed, carrying its whole result so the failure report can show and save it. */
public final class TraceFailure extends AssertionError {

    private final transient TryResult result;

    public TraceFailure(TryResult result) {
        this(result, result.verdict().sentence() + "\n" + TraceTable.render(result));
    }

    public TraceFailure(TryResult result, String message) {
        super(message);
        this.result = result;
    }

    public TryResult result() {
        return result;
    }
}
