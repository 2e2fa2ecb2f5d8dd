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

/** One failure's page: verdict, reproduction, timeline, shrunk trace, and the rows the failing step touched. */
final class FailurePage {

    private FailurePage() {
    }

    static String render(RunResult r, Path traceCopy) {
        RunResult.Failure f = r.failure();
        StringBuilder h = new StringBuilder();
        h.append(Pages.head("FAILED " + Pages.shortProperty(r.property()) + " · " + r.implementation()));
        h.append("<header><h1>").append(Html.esc(Pages.shortProperty(r.property()))).append(" · ").append(Html.esc(r.implementation()))
                .append(" <span class=\"badge failed\">").append(Html.esc(r.status().name().toLowerCase(Locale.ROOT))).append("</span></h1>")
                .append("<p><a href=\"../").append(ReportRenderer.INDEX).append("\">← all runs</a></p></header>\n<main>\n");

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
}
