package fencecheck.report;

import java.time.Instant;
import java.util.List;

/**
 * The index of the report: first the verdict (what the runs mean for the build), then the runs, the
 * coverage of each property's situations and the monitoring charts, each reachable from the header.
 */
final class IndexPage {

    private IndexPage() {
    }

    /**
     * @param runs  the runs, in the renderer's order
     * @param pages aligned with {@code runs}: the relative link of each failure's page, or null
     */
    static String render(List<RunResult> runs, List<String> pages) {
        return render(runs, pages, List.of());
    }

    /** @param earlier the earlier runs kept on disk, newest first, listed after the monitoring (none: no such section) */
    static String render(List<RunResult> runs, List<String> pages, List<ReportRenderer.EarlierRun> earlier) {
        List<IndexRun> ordered = IndexRun.inReadingOrder(runs, pages);
        StringBuilder h = new StringBuilder(Pages.head("fencecheck report", IndexStyle.CSS));
        h.append("<header><div class=\"top\"><h1>fencecheck report</h1><nav class=\"index-nav\">")
                .append("<a href=\"#verdict\">Verdict</a><a href=\"#runs\">Runs</a><a href=\"#coverage\">Coverage</a>")
                .append("<a href=\"#monitoring\">Monitoring</a>").append(earlier.isEmpty() ? "" : "<a href=\"#earlier-runs\">Earlier runs</a>")
                .append("</nav></div><p>").append(statuses(runs)) // counts and fixed words only
                .append(" · rendered ").append(Html.esc(Pages.WHEN.format(Instant.now()))).append("</p></header>\n<main>\n");
        h.append(IndexVerdict.render(ordered));
        h.append(IndexRunsTable.render(ordered));
        h.append(CoverageSection.render(ordered));
        h.append(MonitoringSection.render(ordered));
        h.append(earlierRuns(earlier));
        return h.append("</main>\n</body>\n</html>\n").toString();
    }

    /** Earlier test runs whose results are kept (see {@link RunFolders}), each linked to its own report. */
    private static String earlierRuns(List<ReportRenderer.EarlierRun> earlier) {
        if (earlier.isEmpty()) {
            return "";
        }
        StringBuilder h = new StringBuilder("<section id=\"earlier-runs\"><h2>Earlier runs</h2>\n<p class=\"muted small\">")
                .append(earlier.size()).append(earlier.size() == 1 ? " earlier test run is" : " earlier test runs are")
                .append(" kept on disk, each with its results and its report (the oldest are deleted beyond <code>")
                .append(RunFolders.KEEP_PROPERTY).append("</code> runs, never a run of the last day). <a class=\"all-runs\" href=\"")
                .append(RunsIndexPage.PAGE).append("\">All runs, newest first</a>.</p>\n<ul class=\"earlier-runs\">\n");
        for (ReportRenderer.EarlierRun run : earlier) {
            h.append("<li><a href=\"").append(Html.esc(run.href())).append("\">").append(Html.esc(Pages.WHEN.format(run.started())))
                    .append("</a> <span class=\"muted small\">").append(Html.esc(run.id())).append("</span></li>\n");
        }
        return h.append("</ul></section>\n").toString();
    }

    /** The runs in a line: how many, then the verdict's own sentence. */
    private static String statuses(List<RunResult> runs) {
        return runs.size() + (runs.size() == 1 ? " run" : " runs") + " · " + Html.esc(BuildVerdict.of(runs).sentence());
    }
}
