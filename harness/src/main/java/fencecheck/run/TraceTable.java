package fencecheck.run;

import fencecheck.job.JobOutcome;
import fencecheck.model.Micros;

import java.util.ArrayList;
import java.util.List;

/**
 * A job try's history as an aligned text table. A statement that waited
 * shows {@code Waiting} at its own step and comes back as a {@code <-} row
 * under the step that ended the transaction it waited for.
 */
public final class TraceTable {

    private static final String[] HEADER = {"", "step", "actor", "statement", "time", "expected", "observed"};

    private TraceTable() {
    }

    public static String render(TryResult result) {
        List<String[]> rows = new ArrayList<>();
        rows.add(HEADER);
        for (HistoryEntry e : result.history()) {
            rows.add(new String[]{
                    e == result.divergent() ? ">>" : "",
                    e.resumed() ? "  <-" : Integer.toString(e.step()),
                    e.actor(),
                    e.action(),
                    Micros.format(e.at()),
                    outcome(e.expected(), null),
                    outcome(e.observed(), e.error()),
            });
        }
        StringBuilder out = new StringBuilder(Columns.align(rows));
        HistoryEntry marked = result.divergent();
        if (marked != null && marked.rowsDiffer()) {
            out.append("rows of ").append(marked.key()).append(" after step ").append(marked.step()).append(":\n")
                    .append("  model:    ").append(marked.expectedRows().describe()).append('\n')
                    .append("  database: ").append(marked.observedRows() == null ? "-" : marked.observedRows().describe()).append('\n');
        }
        return out.toString();
    }

    static String outcome(JobOutcome outcome, String error) {
        if (error != null) {
            return "ERROR " + error;
        }
        return outcome == null ? "-" : JobOutcome.describe(outcome);
    }
}
