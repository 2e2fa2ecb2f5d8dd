package fencecheck.report;

import java.util.List;

/**
 * The table of runs: one row per run, in reading order, narrow enough for an 800 px window. The database
 * is said once above the table when every run used the same one; a failure's verdict goes on a line of
 * its own under its row, linked to its page.
 */
final class IndexRunsTable {

    private IndexRunsTable() {
    }

    static String render(List<IndexRun> runs) {
        StringBuilder h = new StringBuilder("<section id=\"runs\"><h2>Runs</h2>\n");
        if (runs.isEmpty()) {
            return h.append("<p class=\"muted\">No property ran, so there is nothing to show.</p></section>\n").toString();
        }
        String database = sharedDatabase(runs);
        if (database != null) {
            h.append("<p class=\"small\"><span class=\"muted\">every run used</span> ").append(Html.esc(database)).append("</p>\n");
        }
        h.append("<table class=\"runs\"><thead><tr><th>outcome</th><th>implementation · property</th>"
                + "<th class=\"num\" title=\"tries run; for a failure, the steps of its shrunk trace out of the first failing one\">tries · shrunk</th>"
                + "<th class=\"num\">duration</th><th>seed</th></tr></thead>\n");
        BuildVerdict.Kind group = null;
        for (IndexRun run : runs) {
            if (run.kind() != group) {
                if (group != null) {
                    h.append("</tbody>\n");
                }
                group = run.kind();
                h.append("<tbody class=\"").append(run.cssClass()).append("\"><tr class=\"group\"><th colspan=\"5\">")
                        .append(Html.esc(groupTitle(group, runs))).append("</th></tr>\n");
            }
            row(h, run, database == null);
        }
        return h.append("</tbody></table>\n</section>\n").toString();
    }

    private static void row(StringBuilder h, IndexRun run, boolean showDatabase) {
        RunResult r = run.result();
        h.append("<tr class=\"run ").append(run.cssClass()).append(run.page() != null ? " with-detail" : "").append("\">");
        h.append("<td><span class=\"badge ").append(run.cssClass()).append("\">").append(Html.esc(run.outcome())).append("</span>");
        if (!run.outcomeNote().isEmpty()) {
            h.append("<div class=\"small muted\">").append(Html.esc(run.outcomeNote())).append("</div>");
        }
        h.append("</td><td><div class=\"mono\"><strong>").append(Html.esc(r.implementation())).append("</strong>");
        if (r.knownBuggyVariant()) {
            h.append(" <span class=\"badge variant\">known-buggy variant</span>");
        }
        h.append("</div><div class=\"mono small muted\">").append(breakable(Pages.shortProperty(r.property()))).append("</div>");
        if (r.knownBuggyVariant() && !r.implementationNote().isEmpty()) {
            h.append("<div class=\"small muted\">").append(Html.esc(r.implementationNote())).append("</div>");
        }
        if (showDatabase && r.database() != null) {
            h.append("<div class=\"small muted\">").append(Html.esc(r.database().description())).append("</div>");
        }
        if (r.exhaustive() != null) {
            h.append("<div class=\"small\">").append(Html.esc(r.exhaustive().verdict())).append("</div>");
        }
        if (r.shard() != null && r.shard().split()) {
            h.append("<div class=\"small muted\">shard ").append(Html.esc(r.shard().toString())).append("</div>");
        }
        h.append("</td><td class=\"num\">").append(Html.esc(tries(r))).append(shrunk(r)).append("</td>");
        h.append("<td class=\"num\">").append(Html.esc(Html.duration(r.durationMillis()))).append("</td>");
        h.append("<td class=\"seed mono small\">").append(Html.esc(r.seed() == null ? "-" : r.seed())).append("</td></tr>\n");
        // a passed run's notes too (a scheduler cluster's overlapping runs, a real-time run's revivals)
        if (run.page() != null || r.failure() != null || !r.notes().isEmpty()) {
            h.append("<tr class=\"detail ").append(run.cssClass()).append("\"><td colspan=\"5\" class=\"small\">");
            List<RunResult.Failure> findings = r.findings();
            if (findings.size() <= 1) {
                String verdict = Html.esc(Pages.clip(r.failure() == null ? "" : r.failure().verdict(), 400));
                link(h, run.page(), verdict);
            } else {
                // several findings: one line each, its kind (the verdicts are on the pages), linked to its page
                h.append("<ol class=\"findings\">");
                for (int k = 1; k <= findings.size(); k++) {
                    RunResult.Failure f = findings.get(k - 1);
                    h.append("<li>");
                    link(h, findingPage(run.page(), k), Html.esc(f.finding() != null ? f.finding().title() : Pages.clip(f.verdict(), 400)));
                    h.append("</li>");
                }
                h.append("</ol>");
                if (!r.findingsNotShrunk().isEmpty()) {
                    h.append("<div class=\"muted\">and ").append(r.findingsNotShrunk().size()).append(" more kinds, not shrunk</div>");
                }
            }
            notes(h, r);
            h.append("</td></tr>\n");
        }
    }

    /** The run's conformance notes, one line each: no failure, but where the implementation answers otherwise. */
    private static void notes(StringBuilder h, RunResult r) {
        if (r.notes().isEmpty()) {
            return;
        }
        String what = r.notes().stream().allMatch(RunResult.Note::ofACluster) ? " note" : " conformance note";
        h.append("<div class=\"muted\">").append(r.notes().size()).append(what).append(r.notes().size() == 1 ? "" : "s")
                .append(" (no guarantee broken):</div><ul class=\"notes\">");
        for (RunResult.Note n : r.notes()) {
            // its words with the values of the shrunk try (the kind leaves them out: it only groups the notes); a
            // real-time note's history has operations, not steps, and no replay
            h.append("<li>").append(Html.esc(n.difference() != null ? n.difference() : n.kind()));
            if (n.trace() == null) {
                // a scheduler cluster's note: its runs are in the sentence, and the run is its history
                h.append("</li>");
                continue;
            }
            h.append(" <span class=\"muted\">(")
                    .append(n.steps())
                    .append(n.replay() == null ? " operations: " : " steps: ")
                    .append(Html.esc(n.trace())).append(")</span></li>");
        }
        h.append("</ul>");
    }

    private static void link(StringBuilder h, String page, String escapedText) {
        if (page != null) {
            h.append("<a class=\"failure-link\" href=\"").append(Html.esc(page)).append("\">").append(escapedText).append("</a>");
        } else {
            h.append(escapedText);
        }
    }

    /** The link of a run's {@code number}th finding's page, from its first page's link. */
    private static String findingPage(String firstPage, int number) {
        if (firstPage == null || !firstPage.endsWith(".html")) {
            return null;
        }
        return ReportRenderer.findingPage(firstPage.substring(0, firstPage.length() - ".html".length()), number) + ".html";
    }

    /** {@code Class.method}, escaped, allowed to break after the dot first (a narrow window then wraps it there). */
    static String breakable(String property) {
        int dot = property.lastIndexOf('.');
        return dot < 0 ? Html.esc(property) : Html.esc(property.substring(0, dot + 1)) + "<wbr>" + Html.esc(property.substring(dot + 1));
    }

    /** "300 tries", with the checks when they differ from the tries (a property that discards some). */
    private static String tries(RunResult r) {
        String tries = r.tries() + (r.tries() == 1 ? " try" : " tries");
        return r.checks() == r.tries() ? tries : tries + " (" + r.checks() + " checked)";
    }

    /** For a failure with a trace: the shrunk trace's steps out of the first failing one's, and the shrinking steps it took. */
    private static String shrunk(RunResult r) {
        RunResult.RealTime rt = r.failure() == null ? null : r.failure().realTime();
        if (rt != null && rt.history() != null && rt.shrinkChecks() == 0 && rt.history().operations().size() == rt.observedOperations()) {
            // a scheduler cluster's run: judged on its records whole
            return "<div class=\"small muted shrunk\">all " + rt.observedOperations() + " operations, not shrunk</div>";
        }
        if (rt != null && rt.history() != null) {
            return "<div class=\"small muted shrunk\">history shrunk to " + rt.history().operations().size() + " of "
                    + rt.observedOperations() + " operations (" + rt.shrinkChecks() + " checks)</div>";
        }
        if (r.failure() == null || r.failure().traceSteps() == null) {
            return "";
        }
        String steps = r.failure().traceSteps() + (r.originalTraceSize() == null ? "" : " of " + r.originalTraceSize()) + " steps";
        RunResult.FindingFacts facts = r.failure().finding();
        if (r.exhaustive() != null && facts != null) {
            return "<div class=\"small muted shrunk\">" + r.failure().traceSteps() + " steps, the shortest by construction</div>";
        }
        if (facts != null) {
            return "<div class=\"small muted shrunk\">shrunk to " + Html.esc(steps) + " (" + facts.shrinkRuns() + " re-runs"
                    + (facts.cutShortBy() == null ? "" : ", cut short") + ")</div>";
        }
        return "<div class=\"small muted shrunk\">shrunk to " + Html.esc(steps) + " (" + r.shrinkingSteps()
                + (r.shrinkingSteps() == 1 ? " shrinking step" : " shrinking steps") + ")</div>";
    }

    /** The description of the database every run used, or null when they differ (then each row says its own). */
    private static String sharedDatabase(List<IndexRun> runs) {
        List<String> described = runs.stream().map(r -> r.result().database() == null ? null : r.result().database().description())
                .distinct().toList();
        return described.size() == 1 && described.get(0) != null ? described.get(0) : null;
    }

    private static String groupTitle(BuildVerdict.Kind kind, List<IndexRun> runs) {
        long n = runs.stream().filter(r -> r.kind() == kind).count();
        return switch (kind) {
            case FAILED -> "failed (" + n + "): look at these first";
            case KNOWN_BUG_MISSED -> "known bugs missed (" + n + "): a built-in variant passed the property that declares it";
            case CHECK_ERROR -> "known-buggy variants failed without a finding (" + n + "): an error, not a catch";
            case PASSED -> "passed (" + n + ")";
            case KNOWN_BUG_CAUGHT -> "known bugs caught (" + n + "): built-in variants failed with a trace, as their properties declare";
            case EXAMINED -> "examined by fencecheck's own tests (" + n + "): those tests judge them, not this verdict";
        };
    }
}
