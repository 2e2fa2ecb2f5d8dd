package fencecheck.run;

import fencecheck.model.Describe;
import fencecheck.model.Micros;
import fencecheck.model.Outcome;

import java.util.ArrayList;
import java.util.List;

/** The history of a try as an aligned text table, the divergent step marked. */
public final class TraceTable {

    private static final String[] HEADER = {"", "step", "actor", "command", "time", "expected", "observed"};
    private static final int WIDEST_COMMAND = 90;

    private TraceTable() {
    }

    public static String render(TryResult result) {
        HistoryEntry marked = result.verdict() instanceof Verdict.Diverged d ? d.at() : null;
        List<String[]> rows = new ArrayList<>();
        rows.add(HEADER);
        for (HistoryEntry e : result.history()) {
            rows.add(new String[]{
                    e == marked ? ">>" : "",
                    Integer.toString(e.step()),
                    e.actor(),
                    clip(e.resolved()),
                    Micros.format(e.at()),
                    outcome(e.expected(), null),
                    outcome(e.observed(), e.error()),
            });
        }
        StringBuilder out = new StringBuilder(Columns.align(rows));
        if (marked != null && marked.rowsDiffer()) {
            out.append("rows of ").append(marked.key()).append(" after step ").append(marked.step()).append(":\n")
                    .append("  model:    ").append(Rows.describe(marked.expectedRows())).append('\n')
                    .append("  database: ").append(Rows.describe(marked.observedRows())).append('\n');
        }
        return out.toString();
    }

    private static String outcome(Outcome outcome, String error) {
        if (error != null) {
            return "ERROR " + error;
        }
        return outcome == null ? "-" : Describe.outcome(outcome);
    }

    private static String clip(String s) {
        return s.length() <= WIDEST_COMMAND ? s : s.substring(0, WIDEST_COMMAND - 3) + "...";
    }
}
