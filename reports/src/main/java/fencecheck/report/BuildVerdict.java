package fencecheck.report;

import fencecheck.findings.Severity;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a set of runs means for the build, the same words on the console and on the report's index. A run the build
 * ran itself passes or fails on its own findings: "passed: N properties, T tries, coverage met" or "failed: K
 * findings". Only inside fencecheck's own tests, which check that fencecheck still catches its built-in known-buggy
 * variants, does a run count as a known bug caught (it failed with a trace, as its property declares it must) or
 * missed (it passed); runs those tests examine for anything else are judged by the tests, not here. A pack's
 * {@code description} plays no part.
 *
 * @param passed              runs of their own that passed
 * @param passedTries         the tries of those runs
 * @param failed              runs of their own that failed
 * @param safetyFindings      safety findings of the failed runs, in lock step and in real time
 * @param conformanceFindings conformance differences of the failed runs (only where strict conformance is claimed), in
 *                            lock step and in real time
 * @param otherFindings       failures with a counterexample but no severity (a single trace, a real-time history of a
 *                            result written before real-time failures were weighed)
 * @param implementationErrors calls the implementation failed instead of answering (an exception, the kit's refusal, a
 *                            statement that never completed), each kind once: they fail the build whatever is claimed,
 *                            and are counted apart from the findings
 * @param belowFloor          failed runs without a finding whose coverage fell under a floor
 * @param errors              failed runs without a finding or a floor to blame (an error)
 * @param knownBugsCaught     built-in variants caught by the property that declares them, in fencecheck's own tests
 * @param knownBugsMissed     built-in variants that passed the property that declares them, in fencecheck's own tests
 * @param checkErrors         built-in variants that failed the property that declares them without a finding
 * @param examined            runs inside fencecheck's own tests for anything else: their tests judge them
 */
public record BuildVerdict(int passed, long passedTries, int failed, int safetyFindings, int conformanceFindings, int otherFindings,
                           int implementationErrors, int belowFloor, int errors, int knownBugsCaught, int knownBugsMissed, int checkErrors,
                           int examined) {

    /** How one run counts, in the order a reader should look at them. */
    public enum Kind {
        /** a run the build ran itself failed: findings, a coverage floor, or an error */
        FAILED,
        /** in fencecheck's own tests, a built-in variant passed the property that declares it: fencecheck missed a bug it claims */
        KNOWN_BUG_MISSED,
        /**
         * in fencecheck's own tests, a built-in variant failed the property that declares it without a trace, or with
         * implementation errors only: an error, not a catch
         */
        CHECK_ERROR,
        /** a run the build ran itself passed */
        PASSED,
        /** in fencecheck's own tests, a built-in variant failed the property that declares it with a trace, as it must */
        KNOWN_BUG_CAUGHT,
        /** a run inside one of fencecheck's own tests for anything else: that test judges it */
        EXAMINED
    }

    public static Kind kindOf(RunResult run) {
        if (run.examinedBy() == null) {
            return run.failed() ? Kind.FAILED : Kind.PASSED;
        }
        if (!run.knownBuggyVariant()) {
            return Kind.EXAMINED;
        }
        if (!run.failed()) {
            return Kind.KNOWN_BUG_MISSED;
        }
        boolean caught = run.failure() != null && run.failure().hasCounterexample() && Findings.of(run).findings() > 0;
        return caught ? Kind.KNOWN_BUG_CAUGHT : Kind.CHECK_ERROR;
    }

    public static BuildVerdict of(List<RunResult> runs) {
        int passed = 0, failed = 0, floor = 0, errors = 0, caught = 0, missed = 0, checkErrors = 0, examined = 0;
        FindingCounts counted = new FindingCounts(0, 0, 0, 0);
        long tries = 0;
        for (RunResult run : runs) {
            if (run.status() == RunResult.Status.NOT_APPLICABLE) {
                // neither a pass nor a failure: the console names it apart
                continue;
            }
            switch (kindOf(run)) {
                case PASSED -> {
                    passed++;
                    tries += run.tries();
                }
                case FAILED -> {
                    failed++;
                    FindingCounts f = Findings.of(run);
                    counted = counted.plus(f);
                    if (f.total() == 0) {
                        if (belowFloor(run)) {
                            floor++;
                        } else {
                            errors++;
                        }
                    }
                }
                case KNOWN_BUG_CAUGHT -> caught++;
                case KNOWN_BUG_MISSED -> missed++;
                case CHECK_ERROR -> checkErrors++;
                case EXAMINED -> examined++;
            }
        }
        return new BuildVerdict(passed, tries, failed, counted.safety(), counted.conformance(), counted.other(), counted.errors(), floor,
                errors, caught, missed, checkErrors, examined);
    }

    /** The findings of one failed run, by severity: each shrunk one, each kind listed beyond them. */
    static final class Findings {

        private Findings() {
        }

        static FindingCounts of(RunResult run) {
            FindingCounts counts = new FindingCounts(0, 0, 0, 0);
            for (RunResult.Failure f : run.findings()) {
                String severity = severityOf(f);
                if (severity != null) {
                    counts = counts.plus(weight(severity));
                } else if (f.hasCounterexample()) {
                    counts = counts.plus((Severity) null);
                }
            }
            for (RunResult.FindingFacts f : run.findingsNotShrunk()) {
                counts = counts.plus(weight(f.severity()));
            }
            return counts;
        }

        /** A severity a result file names; a word this version does not know weighs as a conformance difference did before. */
        private static Severity weight(String word) {
            Severity s = Severity.ofWord(word);
            return s == null ? Severity.CONFORMANCE : s;
        }

        /** A finding's severity, or a decided real-time failure's; null for a failure that has none. */
        private static String severityOf(RunResult.Failure f) {
            if (f.finding() != null) {
                return f.finding().severity();
            }
            return f.realTime() != null && f.hasCounterexample() ? f.realTime().severity() : null;
        }
    }

    /** Whether a run failed because a situation it declares a floor for was reached in too few of its tries. */
    static boolean belowFloor(RunResult run) {
        RunResult.Statistics st = run.statistics();
        return st != null && st.judged() && st.situations().stream().anyMatch(c -> c.belowFloor(st.tries()));
    }

    /** Every finding of the failed runs, implementation errors apart. */
    public int findings() {
        return safetyFindings + conformanceFindings + otherFindings;
    }

    /** Whether the build passes: no run of its own failed, and every declared known bug was caught with a trace. */
    public boolean passedBuild() {
        return failed == 0 && knownBugsMissed == 0 && checkErrors == 0;
    }

    /** The verdict in one line, "passed: ..." or "failed: ...", for the console and the index. */
    public String sentence() {
        List<String> parts = new ArrayList<>();
        if (passedBuild()) {
            if (passed > 0) {
                parts.add(count(passed, "property", "properties") + ", " + count(passedTries, "try", "tries") + ", coverage met");
            }
            if (knownBugsCaught > 0) {
                parts.add(count(knownBugsCaught, "known bug", "known bugs") + " caught, none missed");
            }
            if (parts.isEmpty()) {
                parts.add(examined > 0 ? count(examined, "run", "runs") + " judged by the tests that ran them" : "no property ran");
            }
            return "passed: " + String.join("; ", parts);
        }
        parts.addAll(new FindingCounts(safetyFindings, conformanceFindings, otherFindings, implementationErrors).parts());
        if (belowFloor > 0) {
            parts.add(count(belowFloor, "property", "properties") + " under a coverage floor");
        }
        if (errors > 0) {
            parts.add(count(errors, "property", "properties") + " failed without a finding (an error)");
        }
        if (knownBugsMissed > 0) {
            parts.add(count(knownBugsMissed, "known bug", "known bugs") + " missed");
        }
        if (checkErrors > 0) {
            parts.add(count(checkErrors, "known-buggy variant", "known-buggy variants") + " failed without a finding");
        }
        String sentence = "failed: " + String.join(", ", parts);
        if (failed > 0 && passed > 0) {
            sentence += String.format(Locale.ROOT, " (%d of %d properties failed)", failed, failed + passed);
        }
        return sentence;
    }

    private static String count(long n, String one, String many) {
        return FindingCounts.count(n, one, many);
    }
}
