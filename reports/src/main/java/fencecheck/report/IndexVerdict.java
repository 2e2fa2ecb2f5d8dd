package fencecheck.report;

import java.util.List;

/**
 * The first thing on the index: what the runs mean for the build, in one sentence, and the four counts it
 * rests on. Green only when every correct implementation passed and every known-buggy variant was caught
 * with a trace; otherwise red, naming the run to look at first.
 */
final class IndexVerdict {

    private IndexVerdict() {
    }

    static String render(List<IndexRun> runs) {
        StringBuilder h = new StringBuilder("<section id=\"verdict\" class=\"index-verdict ");
        if (runs.isEmpty()) {
            return h.append("empty\"><h2>Verdict</h2><p class=\"headline\">No property ran, so there is nothing to judge.</p></section>\n")
                    .toString();
        }
        BuildVerdict verdict = BuildVerdict.of(runs.stream().map(IndexRun::result).toList());
        h.append(verdict.asExpected() ? "ok" : "bad").append("\"><h2>Verdict</h2>\n<p class=\"headline\">")
                .append(headline(verdict, runs)).append("</p>\n<ul class=\"counts\">");
        count(h, "unexpected", verdict.unexpectedFailures(), "unexpected failure", "unexpected failures",
                "a correct implementation failed, or a variant failed without a trace");
        count(h, "missed", verdict.knownBugsMissed(), "known bug missed", "known bugs missed",
                "a known-buggy variant passed");
        count(h, "passed", verdict.passed(), "run of correct implementations passed", "runs of correct implementations passed", "");
        count(h, "caught", verdict.knownBugsCaught(), "known bug caught", "known bugs caught",
                "variants failed with a trace, as they must");
        return h.append("</ul>\n</section>\n").toString();
    }

    private static String headline(BuildVerdict verdict, List<IndexRun> runs) {
        if (verdict.asExpected()) {
            return "All " + runs.size() + (runs.size() == 1 ? " run" : " runs") + " as expected: " + verdict.passed()
                    + (verdict.passed() == 1 ? " run" : " runs") + " of correct implementations passed and " + verdict.knownBugsCaught()
                    + (verdict.knownBugsCaught() == 1 ? " known bug was" : " known bugs were") + " caught.";
        }
        StringBuilder s = new StringBuilder("Not as expected: ");
        if (verdict.unexpectedFailures() > 0) {
            s.append(verdict.unexpectedFailures()).append(verdict.unexpectedFailures() == 1 ? " unexpected failure" : " unexpected failures");
            if (verdict.knownBugsMissed() > 0) {
                s.append(" and ");
            }
        }
        if (verdict.knownBugsMissed() > 0) {
            s.append(verdict.knownBugsMissed()).append(verdict.knownBugsMissed() == 1 ? " known bug missed" : " known bugs missed");
        }
        // the runs are in reading order, so the first one not as expected is the one to look at first
        IndexRun first = runs.stream().filter(r -> !r.asExpected()).findFirst().orElseThrow();
        s.append(". Look first at ").append(firstLook(first)).append('.');
        return s.toString();
    }

    /** The run to look at first, linked to its failure page when it has one, and why. */
    private static String firstLook(IndexRun run) {
        RunResult r = run.result();
        String name = "<strong class=\"mono\">" + Html.esc(r.implementation()) + "</strong> on <span class=\"mono\">"
                + Html.esc(Pages.shortProperty(r.property())) + "</span>";
        String why = switch (run.kind()) {
            case KNOWN_BUG_MISSED -> ", a known-buggy variant that passed: its property no longer catches it";
            case UNEXPECTED_FAILURE -> r.knownBuggyVariant() ? ", a known-buggy variant that failed without a trace (an error)"
                    : ", which " + Html.esc(r.status().name().toLowerCase(java.util.Locale.ROOT));
            default -> "";
        };
        if (run.page() != null) {
            return "<a href=\"" + Html.esc(run.page()) + "\">" + name + "</a>" + why;
        }
        return "<a href=\"#runs\">" + name + "</a>" + why;
    }

    private static void count(StringBuilder h, String kind, int n, String one, String many, String meaning) {
        h.append("<li class=\"").append(kind).append(n == 0 ? " zero" : "").append("\"><strong>").append(n).append("</strong> ")
                .append(Html.esc(n == 1 ? one : many));
        if (!meaning.isEmpty()) {
            h.append("<span class=\"small muted\"> · ").append(Html.esc(meaning)).append("</span>");
        }
        h.append("</li>");
    }
}
