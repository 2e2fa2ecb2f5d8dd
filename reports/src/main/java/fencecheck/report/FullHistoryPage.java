package fencecheck.report;

/**
 * The page beside a real-time failure's page that draws the run's full history: thousands of
 * operations, too many for the failure page, which links here instead of embedding them.
 */
final class FullHistoryPage {

    private FullHistoryPage() {
    }

    /** The file name of the full history's page of the failure page {@code name}.html. */
    static String fileName(String name) {
        return name + "-full.html";
    }

    /** @param failurePage the file name of the failure's own page, for the link back */
    static String render(RunResult r, String failurePage) {
        StringBuilder h = new StringBuilder(Pages.head("full history · " + Pages.shortProperty(r.property()) + " · " + r.implementation(),
                FailurePage.STYLE));
        h.append("<header><h1>").append(Html.esc(Pages.shortProperty(r.property()))).append(" · ").append(Html.esc(r.implementation()))
                .append(": full history</h1><p><a href=\"").append(Html.esc(failurePage)).append("\">← the failure</a> · <a href=\"../")
                .append(ReportRenderer.INDEX).append("\">all runs</a></p></header>\n<main>\n");
        h.append("<section id=\"verdict\"><h2>Verdict</h2><p class=\"verdict\">")
                .append(Html.esc(r.failure().verdict().lines().findFirst().orElse(""))).append("</p>\n<p class=\"muted small\">")
                .append("Run of ").append(Html.duration(r.failure().realTime().runMillis())).append(", ")
                .append(Html.esc(RealTimeSection.shrinking(r.failure().realTime()))).append(".</p></section>\n");
        h.append(RealTimeSection.renderFull(r.failure().realTime()));
        return h.append("</main>\n</body>\n</html>\n").toString();
    }
}
