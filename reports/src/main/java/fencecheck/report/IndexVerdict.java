package fencecheck.report;

import java.util.List;
import java.util.Locale;

/**
 * The first thing on the index: what the runs mean for the build, in the very sentence the console prints
 * ({@link BuildVerdict#sentence()}), and the counts it rests on. Green exactly when the build passes: no run of its
 * own failed, and in fencecheck's own tests every built-in variant was caught by the property that declares it;
 * otherwise red, naming the run to look at first.
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
        h.append(verdict.passedBuild() ? "ok" : "bad").append("\"><h2>Verdict</h2>\n<p class=\"headline\">")
                .append(Html.esc(verdict.sentence()));
        if (!verdict.passedBuild()) {
            // the runs are in reading order, so the first one that fails the build is the one to look at first
            runs.stream().filter(r -> !r.asExpected()).findFirst().ifPresent(first -> h.append(". Look first at ").append(firstLook(first)));
        }
        h.append(".</p>\n<ul class=\"counts\">");
        count(h, "passed", verdict.passed(), "property passed", "properties passed", verdict.passedTries() + " tries, coverage met");
        count(h, "unexpected", verdict.findings(), "finding", "findings", "safety findings and, where strict conformance is claimed, "
                + "conformance differences");
        optional(h, "unexpected", verdict.implementationErrors(), "implementation error", "implementation errors",
                "a call the implementation failed instead of answering; it fails the build whatever is claimed");
        optional(h, "unexpected", verdict.belowFloor(), "property under a coverage floor", "properties under a coverage floor", "");
        optional(h, "unexpected", verdict.errors(), "property failed without a finding", "properties failed without a finding", "an error");
        optional(h, "missed", verdict.knownBugsMissed(), "known bug missed", "known bugs missed",
                "a built-in variant passed the property that declares it");
        optional(h, "unexpected", verdict.checkErrors(), "known-buggy variant failed without a finding",
                "known-buggy variants failed without a finding", "an error, not a catch");
        optional(h, "caught", verdict.knownBugsCaught(), "known bug caught", "known bugs caught",
                "built-in variants failed with a trace, as their properties declare");
        optional(h, "examined", verdict.examined(), "run examined by fencecheck's own tests", "runs examined by fencecheck's own tests",
                "judged by those tests");
        return h.append("</ul>\n</section>\n").toString();
    }

    /** The run to look at first, linked to its failure page when it has one, and why. */
    private static String firstLook(IndexRun run) {
        RunResult r = run.result();
        String name = "<strong class=\"mono\">" + Html.esc(r.implementation()) + "</strong> on <span class=\"mono\">"
                + Html.esc(Pages.shortProperty(r.property())) + "</span>";
        String why = switch (run.kind()) {
            case KNOWN_BUG_MISSED -> ", a built-in variant that passed the property that declares it catches it";
            case CHECK_ERROR -> ", a built-in variant that failed without a finding (an error)";
            case FAILED -> ", which " + Html.esc(r.status().name().toLowerCase(Locale.ROOT));
            default -> "";
        };
        if (run.page() != null) {
            return "<a href=\"" + Html.esc(run.page()) + "\">" + name + "</a>" + why;
        }
        return "<a href=\"#runs\">" + name + "</a>" + why;
    }

    /** A count shown only when it is not zero: what the build has none of, the reader need not read. */
    private static void optional(StringBuilder h, String kind, int n, String one, String many, String meaning) {
        if (n > 0) {
            count(h, kind, n, one, many, meaning);
        }
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
