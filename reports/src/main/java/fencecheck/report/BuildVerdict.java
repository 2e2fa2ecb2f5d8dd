package fencecheck.report;

import java.util.List;
import java.util.Locale;

/**
 * What a set of runs means for the build: a known-buggy variant must fail with a
 * trace (then it is caught, as expected) and every other implementation must pass.
 * Anything else is what the reader must look at first.
 */
public record BuildVerdict(int unexpectedFailures, int knownBugsCaught, int knownBugsMissed, int passed) {

    /** How one run counts. */
    public enum Kind {
        /** a correct implementation failed, or a known-buggy variant failed without a trace (an error, not a catch) */
        UNEXPECTED_FAILURE,
        /** a known-buggy variant passed: the harness did not catch a bug it claims to catch */
        KNOWN_BUG_MISSED,
        /** a correct implementation passed */
        PASSED,
        /** a known-buggy variant failed with a trace, as it must */
        KNOWN_BUG_CAUGHT
    }

    public static Kind kindOf(RunResult run) {
        if (run.knownBuggyVariant()) {
            if (!run.failed()) {
                return Kind.KNOWN_BUG_MISSED;
            }
            boolean withTrace = run.failure() != null && run.failure().hasCounterexample();
            return withTrace ? Kind.KNOWN_BUG_CAUGHT : Kind.UNEXPECTED_FAILURE;
        }
        return run.failed() ? Kind.UNEXPECTED_FAILURE : Kind.PASSED;
    }

    public static BuildVerdict of(List<RunResult> runs) {
        int[] counts = new int[Kind.values().length];
        // a run that was not applicable is neither a pass nor a failure: the console names it apart
        runs.stream().filter(r -> r.status() != RunResult.Status.NOT_APPLICABLE).forEach(r -> counts[kindOf(r).ordinal()]++);
        return new BuildVerdict(counts[Kind.UNEXPECTED_FAILURE.ordinal()], counts[Kind.KNOWN_BUG_CAUGHT.ordinal()],
                counts[Kind.KNOWN_BUG_MISSED.ordinal()], counts[Kind.PASSED.ordinal()]);
    }

    /** Whether every run came out as it must: correct implementations passed, known bugs were caught. */
    public boolean asExpected() {
        return unexpectedFailures == 0 && knownBugsMissed == 0;
    }

    /** One line for the console. */
    public String sentence() {
        String counts = String.format(Locale.ROOT, "%d unexpected %s, %d known %s missed, %d %s of correct implementations passed, %d known %s caught",
                unexpectedFailures, unexpectedFailures == 1 ? "failure" : "failures",
                knownBugsMissed, knownBugsMissed == 1 ? "bug" : "bugs",
                passed, passed == 1 ? "run" : "runs",
                knownBugsCaught, knownBugsCaught == 1 ? "bug" : "bugs");
        return (asExpected() ? "as expected: " : "NOT as expected: ") + counts;
    }
}
