package fencecheck.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * One run as the index shows it: the result, the link of its failure page (or null), what it means for
 * the build, and its number on the page (the anchor of its monitoring figures).
 */
record IndexRun(RunResult result, String page, BuildVerdict.Kind kind, int number) {

    /**
     * The runs paired with their pages, in the order a reader should see them: failures, missed known bugs,
     * passed runs, caught known bugs, then the runs fencecheck's own tests examined. The sort is stable, so within each kind the
     * renderer's order (by property, then implementation) stays.
     */
    static List<IndexRun> inReadingOrder(List<RunResult> runs, List<String> pages) {
        List<IndexRun> paired = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            RunResult run = runs.get(i);
            paired.add(new IndexRun(run, i < pages.size() ? pages.get(i) : null, BuildVerdict.kindOf(run), 0));
        }
        paired.sort(Comparator.comparing(IndexRun::kind));
        List<IndexRun> numbered = new ArrayList<>();
        for (int i = 0; i < paired.size(); i++) {
            IndexRun r = paired.get(i);
            numbered.add(new IndexRun(r.result, r.page, r.kind, i + 1));
        }
        return numbered;
    }

    /** Whether this run lets the build pass (it passed, a known bug was caught, or a test of fencecheck's own judges it). */
    boolean asExpected() {
        return kind == BuildVerdict.Kind.PASSED || kind == BuildVerdict.Kind.KNOWN_BUG_CAUGHT || kind == BuildVerdict.Kind.EXAMINED;
    }

    /** The word the index shows for the run: a caught known bug is "caught", never "failed". */
    String outcome() {
        if (result.status() == RunResult.Status.NOT_APPLICABLE) {
            return "not applicable";
        }
        return switch (kind) {
            case PASSED -> "passed";
            case KNOWN_BUG_CAUGHT -> "caught";
            case KNOWN_BUG_MISSED -> "missed";
            case CHECK_ERROR -> "error";
            case FAILED, EXAMINED -> result.status().name().toLowerCase(Locale.ROOT);
        };
    }

    /** The CSS class of the run's badge and row: its outcome, and for a failure of the build "unexpected" too (red). */
    String cssClass() {
        return switch (kind) {
            case FAILED, CHECK_ERROR -> "unexpected " + outcome();
            case EXAMINED -> "examined " + outcome();
            default -> outcome();
        };
    }

    /** Why the outcome is what it is, in a few words, shown under the badge. */
    String outcomeNote() {
        return switch (kind) {
            case PASSED -> "";
            case KNOWN_BUG_CAUGHT -> "as it must";
            case KNOWN_BUG_MISSED -> "a known bug passed";
            case CHECK_ERROR -> "an error, not a catch";
            case FAILED -> "";
            case EXAMINED -> "judged by " + result.examinedBy();
        };
    }

    /** The anchor of the run's monitoring figures. */
    String anchor() {
        return "run-" + number;
    }
}
