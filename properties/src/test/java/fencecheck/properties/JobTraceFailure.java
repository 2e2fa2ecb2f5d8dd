package fencecheck.properties;

import fencecheck.run.JobTraceTable;
import fencecheck.run.JobTryResult;

/** A job try that failed, carrying its whole result so the failure report can show and save it. */
public final class JobTraceFailure extends AssertionError {

    private final transient JobTryResult result;

    public JobTraceFailure(JobTryResult result) {
        this(result, result.verdict() + "\n" + JobTraceTable.render(result));
    }

    public JobTraceFailure(JobTryResult result, String message) {
        super(message);
        this.result = result;
    }

    public JobTryResult result() {
        return result;
    }
}
