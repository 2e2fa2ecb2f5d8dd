package fencecheck.report;

import fencecheck.findings.Severity;

import java.util.ArrayList;
import java.util.List;

/**
 * Findings counted by what they weigh, in the words the console's property line, the verdict and the report's banner
 * share: "3 findings (2 safety, 1 conformance)", and apart from them "1 implementation error" (a call the implementation
 * failed instead of answering: it fails the build whatever is claimed, and is no difference from the reference).
 *
 * @param safety      safety findings
 * @param conformance conformance differences (only where strict conformance is claimed)
 * @param other       failures with a counterexample but no severity (a result file older than severities)
 * @param errors      implementation errors
 */
public record FindingCounts(int safety, int conformance, int other, int errors) {

    /** The count of one more finding of {@code severity} (null: of none, an older file's). */
    public FindingCounts plus(Severity severity) {
        if (severity == null) {
            return new FindingCounts(safety, conformance, other + 1, errors);
        }
        return switch (severity) {
            case SAFETY -> new FindingCounts(safety + 1, conformance, other, errors);
            case ERROR -> new FindingCounts(safety, conformance, other, errors + 1);
            case CONFORMANCE -> new FindingCounts(safety, conformance + 1, other, errors);
        };
    }

    public FindingCounts plus(FindingCounts more) {
        return new FindingCounts(safety + more.safety, conformance + more.conformance, other + more.other, errors + more.errors);
    }

    /** Findings of every weight but implementation errors. */
    public int findings() {
        return safety + conformance + other;
    }

    public int total() {
        return findings() + errors;
    }

    /**
     * The counts in words, one part per sort that is not zero: {@code "3 findings (2 safety, 1 conformance)"} and
     * {@code "1 implementation error"}. The breakdown names only what there is, so its parts add up to the count.
     */
    public List<String> parts() {
        List<String> parts = new ArrayList<>();
        if (findings() > 0) {
            List<String> severities = new ArrayList<>();
            if (safety > 0) {
                severities.add(safety + " safety");
            }
            if (conformance > 0) {
                severities.add(conformance + " conformance");
            }
            // findings of no severity are a part of their own, but alone they need no breakdown
            if (other > 0 && !severities.isEmpty()) {
                severities.add(other + " other");
            }
            parts.add(count(findings(), "finding", "findings") + (severities.isEmpty() ? "" : " (" + String.join(", ", severities) + ")"));
        }
        if (errors > 0) {
            parts.add(count(errors, "implementation error", "implementation errors"));
        }
        return parts;
    }

    static String count(long n, String one, String many) {
        return n + " " + (n == 1 ? one : many);
    }
}
