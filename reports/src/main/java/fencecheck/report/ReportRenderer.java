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

/**
 * Renders results as a self-contained HTML report: {@code index.html} with
 * one row per run (failures first), the coverage statistics and the
 * monitoring figures, and one page per failure under {@code failures/} with
 * the verdict, the reproduction commands, the timeline, the shrunk trace and
 * the rows the failing step touched. No script, no network: every page opens
 * from {@code file://}. Every string from a result goes through {@link Html#esc}.
 */
public final class ReportRenderer {

    public static final String INDEX = "index.html";
    public static final String FAILURES = "failures";

    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'", Locale.ROOT)
            .withZone(ZoneOffset.UTC);

    private ReportRenderer() {
    }

    /** Failures first (unexpected ones before those of known-buggy variants), then by property and implementation. */
    static final Comparator<RunResult> ORDER = Comparator
            .comparing((RunResult r) -> !r.failed())
            .thenComparing(RunResult::knownBuggyVariant)
            .thenComparing(RunResult::property, Comparator.nullsLast(Comparator.naturalOrder()))
            .thenComparing(RunResult::implementation, Comparator.nullsLast(Comparator.naturalOrder()))
            .thenComparing(RunResult::startedAt, Comparator.nullsLast(Comparator.naturalOrder()));

    /**
     * Writes the report into {@code folder} (replacing an earlier one there) and returns the path of its index.
     */
    public static Path render(List<RunResult> results, Path folder) {
        List<RunResult> runs = new ArrayList<>(results);
        runs.sort(ORDER);
        Path failures = folder.resolve(FAILURES);
        try {
            Files.createDirectories(failures);
            removeOldPages(failures);
            List<String> pages = new ArrayList<>();
            for (int i = 0; i < runs.size(); i++) {
                RunResult run = runs.get(i);
                if (run.failure() == null) {
                    pages.add(null);
                    continue;
                }
                String name = String.format(Locale.ROOT, "%02d-%s", i + 1,
                        ResultFiles.fileName(shortProperty(run.property()) + "-" + run.implementation()));
                Path traceCopy = null;
                if (run.failure().trace() != null) {
                    traceCopy = failures.resolve(name + ".trace.json").toAbsolutePath();
                    TraceFiles.write(run.failure().trace(), traceCopy);
                }
                Files.writeString(failures.resolve(name + ".html"), failurePage(run, traceCopy));
                pages.add(FAILURES + "/" + name + ".html");
            }
            Path index = folder.resolve(INDEX);
            Files.writeString(index, indexPage(runs, pages));
            return index.toAbsolutePath();
        } catch (IOException e) {
            throw new UncheckedIOException("could not write the report to " + folder.toAbsolutePath() + ": " + e.getMessage(), e);
        }
    }

    private static void removeOldPages(Path failures) throws IOException {
        try (DirectoryStream<Path> old = Files.newDirectoryStream(failures, "*.{html,json}")) {
            for (Path file : old) {
                Files.deleteIfExists(file);
            }
        }
    }

    // --- the index ----------------------------------------------------------------------------------------

    static String indexPage(List<RunResult> runs, List<String> pages) {
        long failed = runs.stream().filter(RunResult::failed).count();
        long unexpected = runs.stream().filter(r -> r.failed() && !r.knownBuggyVariant()).count();
        StringBuilder h = new StringBuilder();
        h.append(head("fencecheck report"));
        h.append("<header><h1>fencecheck report</h1><p>")
                .append(runs.size()).append(runs.size() == 1 ? " run" : " runs").append(" · ")
                .append(failed).append(" failed");
        if (failed != unexpected) {
            h.append(" (").append(failed - unexpected).append(" of them known-buggy variants, which must fail)");
        }
        h.append(" · ").append(runs.size() - failed).append(" passed · rendered ").append(Html.esc(WHEN.format(Instant.now())))
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
                    .append(Html.esc(page)).append("\">").append(Html.esc(clip(r.failure().verdict(), 400))).append("</a></td></tr>\n");
        }
        return h.toString();
    }

    /** The implementation in bold over the property, for tables with one line per run. */
    private static String runLabel(RunResult r) {
        return "<div class=\"mono\"><strong>" + Html.esc(r.implementation()) + "</strong></div><div class=\"mono muted small\">"
                + Html.esc(shortProperty(r.property())) + "</div>";
    }

    /** The method in bold over its class, for a property named {@code Class.method}. */
    private static String propertyName(String property) {
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
                    .append(Html.esc(shortProperty(r.property()))).append("</span> · <span class=\"mono\">").append(Html.esc(r.implementation()))
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

    // --- one failure ---------------------------------------------------------------------------------------

    static String failurePage(RunResult r, Path traceCopy) {
        RunResult.Failure f = r.failure();
        StringBuilder h = new StringBuilder();
        h.append(head("FAILED " + shortProperty(r.property()) + " · " + r.implementation()));
        h.append("<header><h1>").append(Html.esc(shortProperty(r.property()))).append(" · ").append(Html.esc(r.implementation()))
                .append(" <span class=\"badge failed\">").append(Html.esc(r.status().name().toLowerCase(Locale.ROOT))).append("</span></h1>")
                .append("<p><a href=\"../").append(INDEX).append("\">← all runs</a></p></header>\n<main>\n");

        // a failure without a structured trace (a job trace, an error) may carry its trace as text after the first line
        String[] verdictAndText = f.verdict().split("\n", 2);
        h.append("<section id=\"verdict\"><h2>Verdict</h2><p class=\"verdict\">").append(Html.esc(verdictAndText[0])).append("</p>\n");
        if (verdictAndText.length > 1 && f.trace() == null) {
            h.append("<pre class=\"trace-text\">").append(Html.esc(verdictAndText[1])).append("</pre>\n");
        }
        h.append("<dl class=\"facts\">");
        fact(h, "property", r.property());
        fact(h, "implementation", r.implementation() + (r.implementationNote().isEmpty() ? "" : " — " + r.implementationNote()));
        if (r.knownBuggyVariant()) {
            fact(h, "expected?", "yes: this is a known-buggy variant, and catching it is the point");
        }
        fact(h, "database", r.database() == null ? "-" : r.database().description() + settings(r.database()));
        fact(h, "tries", r.tries() + " (" + r.checks() + " checked)");
        fact(h, "shrinking", r.shrinkingSteps() + " steps"
                + (f.trace() == null ? "" : ", down to " + f.trace().steps().size() + " trace steps"
                + (r.originalTraceSize() == null ? "" : " from " + r.originalTraceSize())));
        fact(h, "duration", Html.duration(r.durationMillis()));
        h.append("</dl></section>\n");

        h.append(reproduce(r, traceCopy));

        if (f.history() != null && !f.history().isEmpty()) {
            h.append("<section id=\"timeline\"><h2>Timeline</h2>\n<div class=\"timeline\">\n").append(Timeline.svg(f)).append("</div>\n");
            h.append(legend());
            h.append("</section>\n");
            h.append(traceTable(f));
            h.append(rows(f));
        }
        if (!f.violations().isEmpty()) {
            h.append("<section id=\"invariants\"><h2>Invariants broken</h2><ul>");
            for (Violation v : f.violations()) {
                h.append("<li><strong>").append(Html.esc(v.invariant().title())).append("</strong> at step ").append(v.step())
                        .append(": ").append(Html.esc(v.explanation())).append("</li>");
            }
            h.append("</ul></section>\n");
        }
        h.append("</main>\n</body>\n</html>\n");
        return h.toString();
    }

    private static String settings(RunResult.DatabaseInfo db) {
        if (db.settings().isEmpty()) {
            return "";
        }
        StringBuilder s = new StringBuilder(" (");
        new java.util.TreeMap<>(db.settings()).forEach((k, v) -> s.append(s.length() > 2 ? ", " : "").append(k).append(" = ").append(v));
        return s.append(")").toString();
    }

    private static void fact(StringBuilder h, String name, String value) {
        h.append("<dt>").append(Html.esc(name)).append("</dt><dd>").append(Html.esc(value)).append("</dd>");
    }

    private static String reproduce(RunResult r, Path traceCopy) {
        RunResult.Reproduction rep = r.failure().reproduce();
        StringBuilder h = new StringBuilder("<section id=\"reproduce\"><h2>Reproduce</h2>\n");
        String seed = rep != null && rep.seed() != null ? rep.seed() : r.seed();
        h.append("<p>seed <code class=\"seed\">").append(Html.esc(seed == null ? "-" : seed)).append("</code>");
        if (traceCopy != null) {
            h.append(" · shrunk trace saved beside this page: <a href=\"").append(Html.esc(traceCopy.getFileName().toString())).append("\">")
                    .append(Html.esc(traceCopy.getFileName().toString())).append("</a>");
        }
        h.append("</p>\n");
        if (rep != null && rep.replayCommand() != null) {
            if (traceCopy != null && rep.traceFile() != null && rep.replayCommand().contains(rep.traceFile())) {
                h.append("<h3>Replay the trace saved with this report, step by step</h3><pre class=\"command replay\">")
                        .append(Html.esc(rep.replayCommand().replace(rep.traceFile(), traceCopy.toString()))).append("</pre>\n");
                h.append("<h3>Replay the trace where the run saved it</h3><pre class=\"command\">")
                        .append(Html.esc(rep.replayCommand())).append("</pre>\n");
            } else {
                h.append("<h3>Replay the trace, step by step</h3><pre class=\"command replay\">").append(Html.esc(rep.replayCommand())).append("</pre>\n");
            }
        }
        if (rep != null && rep.rerunCommand() != null) {
            h.append("<h3>Re-run the property with the same seed</h3><pre class=\"command rerun\">").append(Html.esc(rep.rerunCommand())).append("</pre>\n");
        }
        h.append("<p class=\"muted small\">Run the commands from the root of the repository.</p></section>\n");
        return h.toString();
    }

    private static String legend() {
        StringBuilder h = new StringBuilder("<div class=\"legend\">");
        h.append("<span><i class=\"sq\" style=\"background:#5c7cfa\"></i>lease (key · token), until expiry or release</span>");
        h.append("<span><i class=\"sq\" style=\"background:#3949ab;transform:rotate(45deg)\"></i>grant</span>");
        Timeline.WRITE_COLOURS.forEach((name, colour) -> h.append("<span><i style=\"background:").append(colour).append("\"></i>write ")
                .append(Html.esc(name)).append("</span>"));
        h.append("<span><i class=\"sq\" style=\"background:#fff8e1;border:1px solid #f0c36d\"></i>paused</span>");
        h.append("<span><i class=\"sq\" style=\"background:#f3e5f5;border:1px solid #ce93d8\"></i>zombie</span>");
        h.append("<span><i class=\"sq\" style=\"background:#fdecea;border:2px solid #c62828\"></i>divergent step</span>");
        h.append("<span>hover a mark for the step's details</span>");
        return h.append("</div>\n").toString();
    }

    private static String traceTable(RunResult.Failure f) {
        Integer divergent = f.divergentStep();
        TreeSet<Integer> violationSteps = new TreeSet<>();
        f.violations().forEach(v -> violationSteps.add(v.step()));
        StringBuilder h = new StringBuilder("<section id=\"trace\"><h2>Shrunk trace</h2>\n");
        h.append("<table class=\"trace\"><thead><tr><th></th><th class=\"num\">step</th><th>actor</th><th>what happened</th>"
                + "<th>clock</th><th>model expected</th><th>database answered</th></tr></thead><tbody>\n");
        int last = 0;
        for (HistoryEntry e : f.history()) {
            last = Math.max(last, e.step());
            boolean isDivergent = divergent != null && e.step() == divergent;
            String cls = isDivergent ? "divergent" : violationSteps.contains(e.step()) ? "violation" : "";
            h.append("<tr").append(cls.isEmpty() ? "" : " class=\"" + cls + "\"").append(" data-step=\"").append(e.step()).append("\">");
            h.append("<td class=\"marker\">").append(isDivergent ? "▶" : violationSteps.contains(e.step()) ? "!" : "").append("</td>");
            h.append("<td class=\"num\">").append(e.step()).append("</td>");
            h.append("<td class=\"mono\">").append(Html.esc(e.actor())).append("</td>");
            h.append("<td><div class=\"mono\">").append(Html.esc(e.resolved())).append("</div><div class=\"muted small mono\">")
                    .append(Html.esc(e.action())).append("</div>");
            if (e.rowsDiffer()) {
                h.append("<div class=\"small marker\">rows of ").append(Html.esc(e.key())).append(" differ (see below)</div>");
            }
            h.append("</td>");
            h.append("<td class=\"mono small\">").append(Html.esc(Html.time(e.at()))).append("</td>");
            String differs = e.outcomeDiffers() ? " differs" : "";
            h.append("<td class=\"mono expected").append(differs).append("\">").append(Html.esc(Html.outcome(e.expected(), null))).append("</td>");
            h.append("<td class=\"mono observed").append(differs).append("\">").append(Html.esc(Html.outcome(e.observed(), e.error()))).append("</td>");
            h.append("</tr>\n");
        }
        if (f.trace() != null) {
            List<Step> steps = f.trace().steps();
            for (int i = last; i < steps.size(); i++) {
                Step s = steps.get(i);
                h.append("<tr class=\"notrun\"><td></td><td class=\"num\">").append(i + 1).append("</td><td class=\"mono\">")
                        .append(Html.esc(s.actor())).append("</td><td class=\"mono\">").append(Html.esc(s.action()))
                        .append("</td><td></td><td colspan=\"2\">not run: the try stopped at the divergence</td></tr>\n");
            }
        }
        h.append("</tbody></table></section>\n");
        return h.toString();
    }

    private static String rows(RunResult.Failure f) {
        Integer step = f.failingStep();
        HistoryEntry e = f.entryAt(step);
        StringBuilder h = new StringBuilder("<section id=\"rows\"><h2>Rows the failing step touched</h2>\n");
        if (e == null || e.key() == null) {
            h.append("<p class=\"muted\">The failing step").append(step == null ? "" : " (" + step + ")")
                    .append(" touched no rows of a job key.</p></section>\n");
            return h.toString();
        }
        h.append("<p>Job key <code>").append(Html.esc(e.key())).append("</code> after step ").append(e.step())
                .append(", as the model predicts it and as the database holds it.</p>\n");
        h.append("<table class=\"rows\"><thead><tr><th>row</th><th>model</th><th>database</th></tr></thead><tbody>\n");
        KeyState model = e.expectedRows();
        KeyState db = e.observedRows();
        rowLine(h, "lease", lease(model == null ? null : model.lease()), lease(db == null ? null : db.lease()));
        rowLine(h, "latest-token result", stored(model == null ? null : model.latest()), stored(db == null ? null : db.latest()));
        TreeSet<String> ids = new TreeSet<>();
        if (model != null) {
            ids.addAll(model.fenced().keySet());
        }
        if (db != null) {
            ids.addAll(db.fenced().keySet());
        }
        for (String id : ids) {
            rowLine(h, "fenced result " + id, stored(model == null ? null : model.fenced().get(id)), stored(db == null ? null : db.fenced().get(id)));
        }
        h.append("</tbody></table></section>\n");
        return h.toString();
    }

    private static void rowLine(StringBuilder h, String name, String model, String db) {
        String differs = Objects.equals(model, db) ? "" : " differs";
        h.append("<tr><td>").append(Html.esc(name)).append("</td><td class=\"mono").append(differs).append("\">").append(Html.esc(model))
                .append("</td><td class=\"mono").append(differs).append("\">").append(Html.esc(db)).append("</td></tr>\n");
    }

    private static String lease(Lease lease) {
        return lease == null ? "none" : "owner " + lease.owner() + " · token " + lease.token() + " · until " + Html.time(lease.until());
    }

    private static String stored(StoredResult result) {
        return result == null ? "none" : "token " + result.token() + " · payload " + result.payload();
    }

    // --- shared --------------------------------------------------------------------------------------------

    private static String head(String title) {
        return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                + "<link rel=\"icon\" href=\"data:,\">\n"
                + "<title>" + Html.esc(title) + "</title>\n<style>\n" + Html.STYLE + "</style>\n</head>\n<body>\n";
    }

    private static String shortProperty(String property) {
        return property == null ? "?" : property;
    }

    private static String clip(String text, int max) {
        if (text == null) {
            return "";
        }
        String line = text.lines().findFirst().orElse("");
        return line.length() <= max ? line : line.substring(0, max - 1) + "…";
    }
}
