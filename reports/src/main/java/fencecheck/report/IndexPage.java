package fencecheck.report;

import fencecheck.check.Violation;
import fencecheck.model.KeyState;
import fencecheck.model.Lease;
import fencecheck.model.StoredResult;
import fencecheck.run.HistoryEntry;
import fencecheck.run.OperationMetrics;
import fencecheck.trace.Step;
import fencecheck.trace.TraceFiles;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;

/** The index of the report: one row per run, the coverage statistics and the monitoring figures. */
final class IndexPage {

    private IndexPage() {
    }

    static String render(List<RunResult> runs, List<String> pages) {
        long failed = runs.stream().filter(RunResult::failed).count();
        long unexpected = runs.stream().filter(r -> r.failed() && !r.knownBuggyVariant()).count();
        StringBuilder h = new StringBuilder();
        h.append(Pages.head("fencecheck report"));
        h.append("<header><h1>fencecheck report</h1><p>")
                .append(runs.size()).append(runs.size() == 1 ? " run" : " runs").append(" · ")
                .append(failed).append(" failed");
        if (failed != unexpected) {
            h.append(" (").append(failed - unexpected).append(" of them known-buggy variants, which must fail)");
        }
        h.append(" · ").append(runs.size() - failed).append(" passed · rendered ").append(Html.esc(Pages.WHEN.format(Instant.now())))
                .append("</p></header>\n<main>\n");

        h.append("<section id=\"runs\"><h2>Runs</h2>\n");
        if (runs.isEmpty()) {
            h.append("<p class=\"muted\">No property ran, so there is nothing to show.</p>");
        } else {
            h.append("<table class=\"runs\"><thead><tr><th>status</th><th>property</th><th>implementation</th><th>database</th>"
                    + "<th class=\"num\">tries</th><th class=\"num\">checks</th><th class=\"num\" title=\"shrunk trace of the first failing one\">trace steps</th>"
                    + "<th class=\"num\">shrinking steps</th><th class=\"num\">duration</th><th>seed</th></tr></thead><tbody>\n");
            for (int i = 0; i < runs.size(); i++) {
                h.append(runRow(runs.get(i), pages.get(i)));
            }
            h.append("</tbody></table>\n");
        }
        h.append("</section>\n");

        h.append(coverage(runs));
        h.append(monitoring(runs));
        h.append("</main>\n</body>\n</html>\n");
        return h.toString();
    }

    private static String runRow(RunResult r, String page) {
        StringBuilder h = new StringBuilder();
        String status = r.status().name().toLowerCase(Locale.ROOT);
        h.append("<tr class=\"").append(status).append("\">");
        h.append("<td><span class=\"badge ").append(status).append("\">").append(status).append("</span></td>");
        h.append("<td>").append(propertyName(r.property())).append("</td>");
        h.append("<td><span class=\"mono\">").append(Html.esc(r.implementation())).append("</span>");
        if (r.knownBuggyVariant()) {
            h.append(" <span class=\"badge variant\" title=\"").append(Html.esc(r.implementationNote()))
                    .append("\">known-buggy variant</span>");
        }
        h.append("</td>");
        h.append("<td class=\"small\">").append(Html.esc(r.database() == null ? "-" : r.database().description())).append("</td>");
        h.append("<td class=\"num\">").append(r.tries()).append("</td>");
        h.append("<td class=\"num\">").append(r.checks()).append("</td>");
        h.append("<td class=\"num\">").append(Html.esc(traceSteps(r))).append("</td>");
        h.append("<td class=\"num\">").append(r.failure() == null ? "-" : Integer.toString(r.shrinkingSteps())).append("</td>");
        h.append("<td class=\"num\">").append(Html.esc(Html.duration(r.durationMillis()))).append("</td>");
        h.append("<td class=\"mono small\">").append(Html.esc(r.seed() == null ? "-" : r.seed())).append("</td>");
        h.append("</tr>\n");
        if (page != null) {
            h.append("<tr class=\"").append(status).append(" detail\"><td></td><td colspan=\"9\" class=\"small\"><a class=\"failure-link\" href=\"")
                    .append(Html.esc(page)).append("\">").append(Html.esc(Pages.clip(r.failure().verdict(), 400))).append("</a></td></tr>\n");
        }
        return h.toString();
    }

    /** The implementation in bold over the property, for tables with one line per run. */
    static String runLabel(RunResult r) {
        return "<div class=\"mono\"><strong>" + Html.esc(r.implementation()) + "</strong></div><div class=\"mono muted small\">"
                + Html.esc(Pages.shortProperty(r.property())) + "</div>";
    }

    /** The method in bold over its class, for a property named {@code Class.method}. */
    static String propertyName(String property) {
        if (property == null) {
            return "?";
        }
        int dot = property.lastIndexOf('.');
        if (dot <= 0) {
            return "<span class=\"mono\">" + Html.esc(property) + "</span>";
        }
        return "<div class=\"mono\"><strong>" + Html.esc(property.substring(dot + 1)) + "</strong></div><div class=\"mono muted small\">"
                + Html.esc(property.substring(0, dot)) + "</div>";
    }

    private static String traceSteps(RunResult r) {
        if (r.failure() == null || r.failure().trace() == null) {
            return "-";
        }
        String shrunk = Integer.toString(r.failure().trace().steps().size());
        return r.originalTraceSize() == null ? shrunk : shrunk + " of " + r.originalTraceSize();
    }

    private static String coverage(List<RunResult> runs) {
        List<RunResult> counted = runs.stream().filter(r -> r.statistics() != null).toList();
        StringBuilder h = new StringBuilder("<section id=\"coverage\"><h2>Coverage</h2>\n");
        if (counted.isEmpty()) {
            h.append("<p class=\"muted\">No run reported how often it reached each situation.</p></section>\n");
            return h.toString();
        }
        h.append("<p class=\"muted small\">Share of tries in which each situation happened. A share below the floor"
                + " means the generator did not test what it claims to, and the property fails for it.</p>\n");
        // one table per kind of property: runs that count the same situations share their columns
        java.util.Map<List<String>, List<RunResult>> kinds = new java.util.LinkedHashMap<>();
        for (RunResult r : counted) {
            kinds.computeIfAbsent(r.statistics().situations().stream().map(RunResult.SituationCount::label).toList(),
                    k -> new java.util.ArrayList<>()).add(r);
        }
        kinds.forEach((situations, ofKind) -> coverageTable(h, situations, ofKind));
        h.append("</section>\n");
        return h.toString();
    }

    private static void coverageTable(StringBuilder h, List<String> situations, List<RunResult> counted) {
        h.append("<div style=\"overflow-x:auto\"><table class=\"coverage\"><thead><tr><th>implementation · property</th>"
                + "<th class=\"num\">tries counted</th><th class=\"num\">floor</th>");
        situations.forEach(s -> h.append("<th>").append(Html.esc(s)).append("</th>"));
        h.append("</tr></thead><tbody>\n");
        for (RunResult r : counted) {
            RunResult.Statistics st = r.statistics();
            h.append("<tr><td>").append(runLabel(r)).append("</td>");
            h.append("<td class=\"num\">").append(st.tries()).append("</td>");
            h.append("<td class=\"num\">").append(Html.esc(Html.percent(st.floorPercent()))).append("</td>");
            for (String label : situations) {
                RunResult.SituationCount c = st.situations().stream().filter(s -> s.label().equals(label)).findFirst().orElse(null);
                if (c == null) {
                    h.append("<td class=\"muted\">-</td>");
                    continue;
                }
                double pct = c.percentOf(st.tries());
                boolean below = st.tries() > 0 && pct < st.floorPercent();
                h.append("<td").append(below ? " class=\"below\"" : "").append("><div class=\"small\">").append(c.tries())
                        .append(" · ").append(Html.esc(Html.percent(pct))).append("</div><div class=\"bar").append(below ? " below" : "")
                        .append("\"><span style=\"width:").append(String.format(Locale.ROOT, "%.1f", Math.min(100, pct))).append("%\"></span></div></td>");
            }
            h.append("</tr>\n");
        }
        h.append("</tbody></table></div>\n");
    }

    private static String monitoring(List<RunResult> runs) {
        List<RunResult> measured = runs.stream().filter(r -> r.monitoring() != null && !r.monitoring().operations().isEmpty()).toList();
        StringBuilder h = new StringBuilder("<section id=\"monitoring\"><h2>Monitoring figures</h2>\n");
        if (measured.isEmpty()) {
            h.append("<p class=\"muted\">No run made a database operation.</p></section>\n");
            return h.toString();
        }
        h.append("<p class=\"muted small\">What article A asks an operator to watch, as observed against the database over every try"
                + " of the run (shrinking included): attempts and failures per operation (a failed acquire is Busy, a failed write is"
                + " anything but Applied or Replayed), stale-token rejections, conflicts, duplicates, and latency percentiles.</p>\n");
        h.append(monitoringSummary(measured));
        for (RunResult r : measured) {
            OperationMetrics.Snapshot m = r.monitoring();
            h.append("<details").append(measured.size() <= 3 ? " open" : "").append("><summary><span class=\"mono\">")
                    .append(Html.esc(Pages.shortProperty(r.property()))).append("</span> · <span class=\"mono\">").append(Html.esc(r.implementation()))
                    .append("</span> <span class=\"muted small\">— stale-token rejections ").append(m.staleRejections())
                    .append(" · conflicts ").append(m.conflicts()).append(" · duplicates delivered ").append(m.duplicatesDelivered())
                    .append("</span></summary>\n");
            h.append("<table class=\"metrics\"><thead><tr><th>operation</th><th class=\"num\">attempts</th><th class=\"num\">failures</th>"
                    + "<th class=\"num\">p50</th><th class=\"num\">p95</th><th class=\"num\">p99</th><th class=\"num\">max</th></tr></thead><tbody>\n");
            for (Map.Entry<OperationMetrics.Operation, OperationMetrics.OperationFigures> e : new java.util.TreeMap<>(m.operations()).entrySet()) {
                OperationMetrics.OperationFigures f = e.getValue();
                h.append("<tr><td class=\"mono\">").append(Html.esc(e.getKey().name().toLowerCase(Locale.ROOT).replace('_', ' '))).append("</td>")
                        .append("<td class=\"num\">").append(f.attempts()).append("</td>")
                        .append("<td class=\"num\">").append(f.failures()).append("</td>")
                        .append("<td class=\"num\">").append(Html.esc(Html.micros(f.p50Micros()))).append("</td>")
                        .append("<td class=\"num\">").append(Html.esc(Html.micros(f.p95Micros()))).append("</td>")
                        .append("<td class=\"num\">").append(Html.esc(Html.micros(f.p99Micros()))).append("</td>")
                        .append("<td class=\"num\">").append(Html.esc(Html.micros(f.maxMicros()))).append("</td></tr>\n");
            }
            h.append("</tbody></table></details>\n");
        }
        h.append("</section>\n");
        return h.toString();
    }

    /** One line per run: attempts and failures of each operation, and the three counters. */
    private static String monitoringSummary(List<RunResult> measured) {
        List<OperationMetrics.Operation> operations = List.of(OperationMetrics.Operation.values());
        StringBuilder h = new StringBuilder("<div style=\"overflow-x:auto\"><table class=\"metrics-summary\"><thead><tr><th>implementation · property</th>");
        operations.forEach(op -> h.append("<th class=\"num\">").append(Html.esc(op.name().toLowerCase(Locale.ROOT).replace('_', ' ')))
                .append("<br><span class=\"small\">attempts / failed</span></th>"));
        h.append("<th class=\"num\">stale-token rejections</th><th class=\"num\">conflicts</th><th class=\"num\">duplicates</th></tr></thead><tbody>\n");
        for (RunResult r : measured) {
            OperationMetrics.Snapshot m = r.monitoring();
            h.append("<tr><td>").append(runLabel(r)).append("</td>");
            for (OperationMetrics.Operation op : operations) {
                OperationMetrics.OperationFigures f = m.operations().get(op);
                h.append("<td class=\"num\">").append(f == null ? "-" : f.attempts() + " / " + f.failures()).append("</td>");
            }
            h.append("<td class=\"num\">").append(m.staleRejections()).append("</td><td class=\"num\">").append(m.conflicts())
                    .append("</td><td class=\"num\">").append(m.duplicatesDelivered()).append("</td></tr>\n");
        }
        return h.append("</tbody></table></div>\n<h3>Latency per operation, per run</h3>\n").toString();
    }
}
