package fencecheck.report;

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
 * @param belowFloor          failed runs without a finding whose coverage fell under a floor
 * @param errors              failed runs without a finding or a floor to blame (an error)
 * @param knownBugsCaught     built-in variants caught by the property that declares them, in fencecheck's own tests
 * @param knownBugsMissed     built-in variants that passed the property that declares them, in fencecheck's own tests
 * @param checkErrors         built-in variants that failed the property that declares them without a trace
 * @param examined            runs inside fencecheck's own tests for anything else: their tests judge them
 */
public record BuildVerdict(int passed, long passedTries, int failed, int safetyFindings, int conformanceFindings, int otherFindings,
                           int belowFloor, int errors, int knownBugsCaught, int knownBugsMissed, int checkErrors, int examined) {

    /** How one run counts, in the order a reader should look at them. */
    public enum Kind {
        /** a run the build ran itself failed: findings, a coverage floor, or an error */
        FAILED,
        /** in fencecheck's own tests, a built-in variant passed the property that declares it: fencecheck missed a bug it claims */
        KNOWN_BUG_MISSED,
        /** in fencecheck's own tests, a built-in variant failed the property that declares it without a trace: an error */
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
        return run.failure() != null && run.failure().hasCounterexample() ? Kind.KNOWN_BUG_CAUGHT : Kind.CHECK_ERROR;
    }

    public static BuildVerdict of(List<RunResult> runs) {
        int passed = 0, failed = 0, safety = 0, conformance = 0, other = 0, floor = 0, errors = 0, caught = 0, missed = 0, checkErrors = 0,
                examined = 0;
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
                    Findings f = Findings.of(run);
                    safety += f.safety;
                    conformance += f.conformance;
                    other += f.other;
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
        return new BuildVerdict(passed, tries, failed, safety, conformance, other, floor, errors, caught, missed, checkErrors, examined);
    }

    /** The findings of one failed run, by severity: each shrunk one, each kind listed beyond them. */
    record Findings(int safety, int conformance, int other) {
        static Findings of(RunResult run) {
            int safety = 0, conformance = 0, other = 0;
            for (RunResult.Failure f : run.findings()) {
                String severity = severityOf(f);
                if (severity != null) {
                    if ("safety".equals(severity)) {
                        safety++;
                    } else {
                        conformance++;
                    }
                } else if (f.hasCounterexample()) {
                    other++;
                }
            }
            for (RunResult.FindingFacts f : run.findingsNotShrunk()) {
                if ("safety".equals(f.severity())) {
                    safety++;
                } else {
                    conformance++;
                }
            }
            return new Findings(safety, conformance, other);
        }

        int total() {
            return safety + conformance + other;
        }

        /** A lock-step finding's severity, or a decided real-time failure's; null for a failure that has none. */
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

    /** Every finding of the failed runs. */
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
        if (findings() > 0) {
            List<String> severities = new ArrayList<>();
            if (safetyFindings > 0) {
                severities.add(safetyFindings + " safety");
            }
            if (conformanceFindings > 0) {
                severities.add(conformanceFindings + " conformance");
            }
            // the parts add up to the count: findings of no severity are a part of their own
            if (otherFindings > 0 && !severities.isEmpty()) {
                severities.add(otherFindings + " other");
            }
            parts.add(count(findings(), "finding", "findings") + (severities.isEmpty() ? "" : " (" + String.join(", ", severities) + ")"));
        }
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
            parts.add(count(checkErrors, "known-buggy variant", "known-buggy variants") + " failed without a trace");
        }
        String sentence = "failed: " + String.join(", ", parts);
        if (failed > 0 && passed > 0) {
            sentence += String.format(Locale.ROOT, " (%d of %d properties failed)", failed, failed + passed);
        }
        return sentence;
    }

    private static String count(long n, String one, String many) {
        return n + " " + (n == 1 ? one : many);
    }
}
