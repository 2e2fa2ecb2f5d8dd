package fencecheck.report;

import java.util.List;

/**
 * The section of a failure page that lists every finding of its run, most severe first, each linked to its own
 * page (this one marked), and the kinds found beyond those shrunk. Nothing for a run with a single finding.
 */
final class FindingLinks {

    private FindingLinks() {
    }

    /**
     * @param shown     which finding the page shows, from 1
     * @param pageNames the pages of the run's findings, without {@code .html}
     */
    static String render(RunResult r, int shown, List<String> pageNames) {
        List<RunResult.Failure> findings = r.findings();
        if (findings.size() <= 1 && r.findingsNotShrunk().isEmpty()) {
            return "";
        }
        StringBuilder h = new StringBuilder("<section id=\"findings\"><h2>Every finding of this run</h2>\n<ol class=\"findings\">");
        for (int k = 1; k <= findings.size(); k++) {
            RunResult.Failure f = findings.get(k - 1);
            String title = Html.esc(f.finding() != null ? f.finding().title() : Pages.clip(f.verdict(), 200));
            h.append("<li>");
            if (k == shown) {
                h.append("<strong>").append(title).append("</strong> <span class=\"muted small\">(this page)</span>");
            } else if (k <= pageNames.size()) {
                h.append("<a href=\"").append(Html.esc(pageNames.get(k - 1))).append(".html\">").append(title).append("</a>");
            } else {
                h.append(title);
            }
            h.append("</li>");
        }
        h.append("</ol>\n");
        if (!r.findingsNotShrunk().isEmpty()) {
            h.append("<p class=\"small\">Found too, not shrunk (only the first ").append(findings.size()).append(" kinds are):</p><ul class=\"small\">");
            r.findingsNotShrunk().forEach(k -> h.append("<li>").append(Html.esc(k.title())).append(" <span class=\"muted\">(in ")
                    .append(k.tries()).append(k.tries() == 1 ? " try" : " tries").append(", first at try ").append(k.firstTry())
                    .append(")</span></li>"));
            h.append("</ul>\n");
        }
        return h.append("</section>\n").toString();
    }
}
