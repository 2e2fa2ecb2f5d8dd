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
     * The runs paired with their pages, in the order a reader should see them: unexpected failures, missed
     * known bugs, passed runs, then caught known bugs. The sort is stable, so within each kind the
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

    /** Whether this run came out as it must (a correct implementation passed, a known bug was caught). */
    boolean asExpected() {
        return kind == BuildVerdict.Kind.PASSED || kind == BuildVerdict.Kind.KNOWN_BUG_CAUGHT;
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
            case UNEXPECTED_FAILURE -> result.status().name().toLowerCase(Locale.ROOT);
        };
    }

    /** The CSS class of the run's badge and row: its outcome, and for an unexpected failure "unexpected" too. */
    String cssClass() {
        return kind == BuildVerdict.Kind.UNEXPECTED_FAILURE ? "unexpected " + outcome() : outcome();
    }

    /** Why the outcome is what it is, in a few words, shown under the badge. */
    String outcomeNote() {
        return switch (kind) {
            case PASSED -> "";
            case KNOWN_BUG_CAUGHT -> "as it must";
            case KNOWN_BUG_MISSED -> "a known bug passed";
            case UNEXPECTED_FAILURE -> result.knownBuggyVariant() ? "an error, not a catch" : "unexpected";
        };
    }

    /** The anchor of the run's monitoring figures. */
    String anchor() {
        return "run-" + number;
    }
}
