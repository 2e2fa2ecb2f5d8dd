package fencecheck.report;

import fencecheck.api.KeyState;
import fencecheck.api.Lease;
import fencecheck.api.StoredResult;
import fencecheck.check.Violation;
import fencecheck.run.HistoryEntry;
import fencecheck.trace.Step;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * One failure's page (one per finding of a run): the verdict, the run's other
 * findings, the timeline that explains it, how to reproduce it, the shrunk trace
 * (lease or job), the rows the failing step touched and the invariants broken.
 */
final class FailurePage {

    /**
     * The shrunk trace saved beside the page.
     *
     * @param fileName the copy's file name, for the link
     * @param fromRoot the copy's path relative to the repository root, for the replay command
     */
    record TraceCopy(String fileName, String fromRoot) {
    }

    /** What a failure page needs beyond the shared style: the timeline's scroll box, its legend, tables that wrap. */
    static final String STYLE = """
            .timeline { overflow-x: auto; border: 1px solid var(--line); border-radius: 6px; background: #fff; }
            .timeline svg { display: block; }
            .timeline svg.timeline-svg { height: auto; }
            .timeline svg.narrow { display: none; }
            @media (max-width: %dpx) { .timeline svg.wide { display: none; } .timeline svg.narrow { display: block; } }
            .legend { display: flex; flex-wrap: wrap; gap: 6px 16px; margin: 10px 0 0; font-size: 12px; color: var(--muted); }
            .legend .key { display: inline-flex; align-items: center; gap: 5px; }
            .legend svg.swatch { flex: none; }
            .timeline-note { margin: 6px 0 0; }
            p.headline { font-size: 16px; font-weight: 600; margin: 0 0 10px; }
            .model-state-keys { display: grid; grid-template-columns: repeat(auto-fit, minmax(440px, 1fr)); gap: 10px 16px; }
            table.model-state td:first-child { white-space: nowrap; }
            table.model-state td { overflow-wrap: anywhere; }
            table.trace td, table.rows td { overflow-wrap: anywhere; }
            table.trace td.num, table.trace td.marker, table.trace td.actor, table.trace td.clock { overflow-wrap: normal; white-space: nowrap; }
            tr.resumed td { background: #f7f2fa; }
            tr.resumed td.num { color: #8e24aa; font-weight: 700; }
            pre.command { white-space: pre-wrap; overflow-wrap: anywhere; word-break: normal; }
            dl.facts dd { overflow-wrap: anywhere; }
            ol.findings li { margin: 2px 0; overflow-wrap: anywhere; }
            @media (max-width: 900px) { main { padding: 12px 12px 30px; } section { padding: 12px; } }
            """.formatted(Timeline.NARROW_BELOW - 1);

    private FailurePage() {
    }

    static String render(RunResult r, TraceCopy traceCopy) {
        return render(r, traceCopy, null);
    }

    /** @param fullHistoryPage the file name of the page beside this one that draws a real-time failure's full history, or null */
    static String render(RunResult r, TraceCopy traceCopy, String fullHistoryPage) {
        return render(r, 1, List.of(), traceCopy, fullHistoryPage);
    }

    /**
     * The page of one of a run's findings.
     *
     * @param finding   which of {@link RunResult#findings()}, from 1
     * @param pageNames the pages of all of them, without {@code .html}, for the links between them (empty: no links)
     */
    static String render(RunResult r, int finding, List<String> pageNames, TraceCopy traceCopy, String fullHistoryPage) {
        List<RunResult.Failure> findings = r.findings();
        RunResult.Failure f = findings.size() >= finding ? findings.get(finding - 1) : r.failure();
        StringBuilder h = new StringBuilder();
        // a known-buggy variant that failed with a trace is a catch, not a failure of the build
        boolean caught = BuildVerdict.kindOf(r) == BuildVerdict.Kind.KNOWN_BUG_CAUGHT;
        String status = caught ? "caught" : r.status().name().toLowerCase(Locale.ROOT);
        h.append(Pages.head((caught ? "CAUGHT " : "FAILED ") + Pages.shortProperty(r.property()) + " · " + r.implementation(), STYLE));
        h.append("<header><h1>").append(Html.esc(Pages.shortProperty(r.property()))).append(" · ").append(Html.esc(r.implementation()))
                .append(" <span class=\"badge ").append(caught ? "caught" : "failed").append("\">").append(Html.esc(status))
                .append(caught ? " (known bug)" : "").append("</span></h1>")
                .append("<p><a href=\"../").append(ReportRenderer.INDEX).append("\">← all runs</a></p></header>\n<main>\n");

        boolean hasTrace = f.trace() != null;
        // a failure without a structured trace (an error, or a result written before job traces were kept) may carry its trace as text after the first line
        String[] verdictAndText = f.verdict().split("\n", 2);
        String headline = Headline.of(f);
        h.append("<section id=\"verdict\"><h2>Verdict</h2>");
        if (headline != null) {
            h.append("<p class=\"headline\">").append(Html.esc(headline)).append("</p>\n");
        }
        h.append("<p class=\"verdict\">").append(Html.esc(verdictAndText[0])).append("</p>\n");
        if (verdictAndText.length > 1 && !hasTrace) {
            h.append("<pre class=\"trace-text\">").append(Html.esc(verdictAndText[1])).append("</pre>\n");
        }
        h.append("<dl class=\"facts\">");
        fact(h, "property", r.property());
        fact(h, "implementation", r.implementation() + (r.implementationNote().isEmpty() ? "" : " — " + r.implementationNote()));
        if (r.knownBuggyVariant()) {
            fact(h, "expected?", "yes: this is a known-buggy variant, and catching it is the point");
        }
        if (f.finding() != null) {
            RunResult.FindingFacts facts = f.finding();
            fact(h, "finding", (findings.size() > 1 ? finding + " of " + findings.size() + ", " : "") + facts.title());
            fact(h, "found in", facts.tries() + (facts.tries() == 1 ? " try" : " tries") + " of " + r.tries() + ", first at try " + facts.firstTry());
        }
        fact(h, "database", r.database() == null ? "-" : r.database().description() + settings(r.database()));
        fact(h, "tries", r.tries() + " (" + r.checks() + " checked)");
        if (f.realTime() != null) {
            // jqwik shrinks nothing of a real-time run: its history was shrunk after it by dropping operations
            fact(h, "shrinking", RealTimeSection.shrinking(f.realTime()));
        } else if (r.exhaustive() != null && f.finding() != null) {
            fact(h, "shrinking", "none needed: exhaustive mode found no shorter trace that fails (" + f.traceSteps() + " steps)");
        } else if (f.finding() != null) {
            RunResult.FindingFacts facts = f.finding();
            // jqwik saw no failing try: fencecheck shrank each finding itself, re-running its trace
            fact(h, "shrinking", "from " + facts.originalSteps() + " to " + f.traceSteps() + " trace steps in " + facts.shrinkRuns()
                    + " re-runs" + (facts.cutShortBy() == null ? "" : ", cut short by " + facts.cutShortBy()));
        } else {
            fact(h, "shrinking", r.shrinkingSteps() + " steps"
                    + (f.traceSteps() == null ? "" : ", down to " + f.traceSteps() + " trace steps"
                    + (r.originalTraceSize() == null ? "" : " from " + r.originalTraceSize())));
        }
        fact(h, "duration", Html.duration(r.durationMillis()));
        h.append("</dl></section>\n");
        h.append(FindingLinks.render(r, finding, pageNames));

        Timeline.Drawing drawing = Timeline.drawing(f);
        if (drawing != null) {
            h.append("<section id=\"timeline\"><h2>Timeline</h2>\n<div class=\"timeline\">\n").append(drawing.svg()).append(drawing.narrow())
                    .append("</div>\n");
            h.append(drawing.legend());
            h.append(TimelineFailovers.summary(f));
            h.append("<p class=\"muted small timeline-note\">").append(
                    "One lane per session (a worker incarnation, a zombie, the relay); the x axis is the virtual clock, with a fixed gap"
                    + " between steps at the same instant.")
                    .append(" Writes are coloured by what the model says should have happened. Hover a mark for the step's details.</p>\n");
            h.append("</section>\n");
        }

        String modelState = ModelStatePanel.render(f);
        h.append(modelState);

        if (f.realTime() != null) {
            h.append(RealTimeSection.render(f.realTime(), fullHistoryPage));
            h.append(keptAsHistories(f.realTime(), fullHistoryPage));
        } else {
            h.append(reproduce(f, r.seed(), traceCopy));
        }

        if (f.history() != null && !f.history().isEmpty()) {
            h.append(JobTables.trace(f));
            if (modelState.isEmpty()) {
                h.append(JobTables.rows(f));
            }
        }
        if (!f.violations().isEmpty()) {
            h.append("<section id=\"invariants\"><h2>Invariants broken</h2><ul>");
            for (Violation v : f.violations()) {
                h.append("<li><strong>").append(Html.esc(v.invariant().title())).append("</strong> at ")
                        .append(f.realTime() != null ? "operation " : "step ").append(v.step())
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
        new TreeMap<>(db.settings()).forEach((k, v) -> s.append(s.length() > 2 ? ", " : "").append(k).append(" = ").append(v));
        return s.append(")").toString();
    }

    private static void fact(StringBuilder h, String name, String value) {
        h.append("<dt>").append(Html.esc(name)).append("</dt><dd>").append(Html.esc(value)).append("</dd>");
    }

    /**
     * The seed and the commands. The replay command points at the copy beside this page, by its path from
     * the repository root: the run's own trace file is overwritten by a later run, and an absolute path
     * works on one machine only.
     */
    private static String reproduce(RunResult.Failure f, String runSeed, TraceCopy traceCopy) {
        RunResult.Reproduction rep = f.reproduce();
        StringBuilder h = new StringBuilder("<section id=\"reproduce\"><h2>Reproduce</h2>\n");
        String seed = rep != null && rep.seed() != null ? rep.seed() : runSeed;
        h.append("<p>seed <code class=\"seed\">").append(Html.esc(seed == null ? "-" : seed)).append("</code>");
        if (traceCopy != null) {
            h.append(" · shrunk trace saved beside this page: <a class=\"trace-copy\" href=\"").append(Html.esc(traceCopy.fileName())).append("\">")
                    .append(Html.esc(traceCopy.fileName())).append("</a>");
        }
        h.append("</p>\n");
        String replay = replayCommand(rep, traceCopy);
        if (replay != null) {
            h.append("<h3>Replay the shrunk trace, step by step</h3><pre class=\"command replay\">").append(Html.esc(replay)).append("</pre>\n");
        }
        if (rep != null && rep.rerunCommand() != null) {
            h.append("<h3>Re-run the property with the same seed</h3><pre class=\"command rerun\">").append(Html.esc(rep.rerunCommand())).append("</pre>\n");
        }
        if (replay != null || (rep != null && rep.rerunCommand() != null)) {
            h.append("<p class=\"muted small\">Run the commands from the root of the repository.</p>");
        }
        return h.append("</section>\n").toString();
    }

    /**
     * In place of the commands: a real-time run cannot be replayed, from its seed or otherwise (the seed fixes the
     * workers' choices, not the threads' timing), so offering a seed command would promise what it cannot do.
     */
    private static String keptAsHistories(RunResult.RealTime rt, String fullHistoryPage) {
        StringBuilder h = new StringBuilder("<section id=\"reproduce\"><h2>Reproduce</h2>\n<p class=\"no-replay\">A real-time run cannot be")
                .append(" replayed: its seed fixes the workers' choices, not the threads' timing, so running it again makes another")
                .append(" history. The run is kept as its histories, in its result file: ")
                .append(rt.history() == null ? "no shrunk one (the checker gave up)" : "the shrunk one (drawn above)");
        if (rt.fullHistory() != null) {
            h.append(" and the full one, ").append(rt.fullHistory().operations().size()).append(" operations");
            if (fullHistoryPage != null) {
                h.append(" (<a href=\"").append(Html.esc(fullHistoryPage)).append("\">drawn here</a>)");
            }
        } else {
            h.append("; this result does not hold the full one");
        }
        return h.append(".</p>\n</section>\n").toString();
    }

    /** The run's replay command with the copy's path in place of the run's trace file; without a copy, none. */
    static String replayCommand(RunResult.Reproduction rep, TraceCopy traceCopy) {
        if (traceCopy == null) {
            return null;
        }
        if (rep != null && rep.replayCommand() != null && rep.traceFile() != null && !rep.traceFile().isEmpty()
                && rep.replayCommand().contains(rep.traceFile())) {
            return rep.replayCommand().replace(rep.traceFile(), traceCopy.fromRoot());
        }
        return REPLAY.formatted(traceCopy.fromRoot());
    }

    /** The replay command of the README, for a result that gives none (or one that does not name its trace file). */
    static final String REPLAY = "mvn -q -pl harness -am compile exec:java -Dexec.args=\"replay %s\"";
}
