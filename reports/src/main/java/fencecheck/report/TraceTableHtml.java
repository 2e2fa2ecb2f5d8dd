package fencecheck.report;

import java.util.List;

/**
 * The shrunk trace as an HTML table, whatever kind of trace it is: one row per
 * executed entry (marker, step, actor, what happened, clock, the model's and the
 * database's answers side by side), then the steps the try never reached.
 * {@link FailurePage} fills it from a lease history, {@link JobTables} from a job history.
 */
final class TraceTableHtml {

    private final StringBuilder h = new StringBuilder("<section id=\"trace\"><h2>Shrunk trace</h2>\n");
    private int lastStep;

    /** @param tableClass the table's classes; @param whatHeader the header of the column that says what happened */
    TraceTableHtml(String tableClass, String whatHeader) {
        h.append("<table class=\"").append(tableClass).append("\"><thead><tr><th></th><th class=\"num\">step</th><th>actor</th><th>")
                .append(whatHeader).append("</th><th>clock</th><th>model expected</th><th>database answered</th></tr></thead><tbody>\n");
    }

    /**
     * One executed entry.
     *
     * @param rowClass  the row's classes, or empty
     * @param marker    the marker cell's text (▶ divergent, ! invariant), or empty
     * @param number    the step cell, as HTML
     * @param whatHtml  what happened, as HTML (escaped by the caller)
     * @param differs   whether the two answers differ
     */
    void row(int step, String rowClass, String marker, String number, String actor, String whatHtml, long at,
             String expected, String observed, boolean differs) {
        lastStep = Math.max(lastStep, step);
        h.append("<tr").append(rowClass.isBlank() ? "" : " class=\"" + rowClass.strip() + "\"").append(" data-step=\"").append(step).append("\">");
        h.append("<td class=\"marker\">").append(marker).append("</td>");
        h.append("<td class=\"num\">").append(number).append("</td>");
        h.append("<td class=\"mono actor\">").append(Html.esc(actor)).append("</td>");
        h.append("<td>").append(whatHtml).append("</td>");
        h.append("<td class=\"mono small clock\">").append(Html.esc(Html.time(at))).append("</td>");
        String cls = differs ? " differs" : "";
        h.append("<td class=\"mono expected").append(cls).append("\">").append(Html.esc(expected)).append("</td>");
        h.append("<td class=\"mono observed").append(cls).append("\">").append(Html.esc(observed)).append("</td>");
        h.append("</tr>\n");
    }

    /** The note under a statement whose rows differ from the model's. */
    static String rowsDiffer(String key) {
        return "<div class=\"small marker\">rows of " + Html.esc(key) + " differ (see below)</div>";
    }

    /**
     * The steps after the last executed one, greyed: the try stopped at the divergence.
     *
     * @param steps every step of the trace as {actor, action}, in order
     */
    String end(List<String[]> steps) {
        for (int i = lastStep; i < steps.size(); i++) {
            h.append("<tr class=\"notrun\"><td></td><td class=\"num\">").append(i + 1).append("</td><td class=\"mono actor\">")
                    .append(Html.esc(steps.get(i)[0])).append("</td><td class=\"mono\">").append(Html.esc(steps.get(i)[1]))
                    .append("</td><td></td><td colspan=\"2\">not run: the try stopped at the divergence</td></tr>\n");
        }
        return h.append("</tbody></table></section>\n").toString();
    }
}
