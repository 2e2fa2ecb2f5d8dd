package fencecheck.properties;

import fencecheck.job.JobOutcome;
import fencecheck.report.ConsoleSummary;
import fencecheck.run.HistoryEntry;
import fencecheck.run.TryResult;

import java.util.ArrayList;
import java.util.List;

/**
 * A shrunk trace that fits the console: one line per step, its number and actor aligned, then the statement, when it
 * ran and what the database answered, with the model's answer beside it where they differ; the failing step marked
 * {@code >>}. No line is longer than {@link ConsoleSummary#WIDTH}: a longer one is cut with an ellipsis (the saved
 * trace and the report have it whole).
 */
final class ConsoleTable {

    private ConsoleTable() {
    }

    static List<String> render(TryResult result) {
        int stepWidth = 2;
        int actorWidth = 5;
        for (HistoryEntry e : result.history()) {
            stepWidth = Math.max(stepWidth, Integer.toString(e.step()).length());
            actorWidth = Math.max(actorWidth, e.actor().length());
        }
        List<String> lines = new ArrayList<>();
        for (HistoryEntry e : result.history()) {
            String observed = outcome(e.observed(), e.error());
            String expected = outcome(e.expected(), null);
            StringBuilder line = new StringBuilder(e == result.divergent() ? ">> " : "   ")
                    .append(pad(e.resumed() ? "<-" : Integer.toString(e.step()), stepWidth)).append("  ").append(pad(e.actor(), actorWidth))
                    .append("  ").append(e.action()).append(" @").append(WhoDidWhat.seconds(e.at())).append(" -> ").append(observed);
            if (!observed.equals(expected)) {
                line.append(" (model: ").append(expected).append(')');
            }
            lines.add(clip(line.toString(), ConsoleSummary.WIDTH));
        }
        HistoryEntry marked = result.divergent();
        if (marked != null && marked.rowsDiffer()) {
            lines.add(clip("rows of " + marked.key() + " after step " + marked.step() + ":", ConsoleSummary.WIDTH));
            lines.add(clip("   model:    " + marked.expectedRows().describe(), ConsoleSummary.WIDTH));
            lines.add(clip("   database: " + (marked.observedRows() == null ? "-" : marked.observedRows().describe()), ConsoleSummary.WIDTH));
        }
        return lines;
    }

    private static String pad(String text, int width) {
        return text + " ".repeat(Math.max(0, width - text.length()));
    }

    private static String outcome(JobOutcome outcome, String error) {
        if (error != null) {
            return "ERROR " + error;
        }
        return outcome == null ? "-" : JobOutcome.describe(outcome);
    }

    static String clip(String text, int width) {
        return text.length() <= width ? text : text.substring(0, width - 1) + "…";
    }
}
