package fencecheck.findings;

import fencecheck.run.TryResult;

import java.util.Optional;

/**
 * One distinct finding of a property run, shrunk: its kind, the smallest trace found that shows it, and what the run
 * and the shrinking say about it.
 *
 * @param shrunk        the smallest trace found that shows the kind, as it ran
 * @param tries         how many of the run's tries showed it
 * @param firstTry      the number of the first of them, from 1
 * @param originalSteps the steps of the shortest try that showed it, which shrinking started from
 * @param shrinkRuns    the re-runs shrinking took
 * @param cutShortBy    the bound that stopped shrinking before it was done, or empty
 */
public record Finding(FindingKind kind, TryResult shrunk, int tries, int firstTry, int originalSteps, int shrinkRuns,
                      Optional<String> cutShortBy) {

    public Severity severity() {
        return kind.severity();
    }

    /** How the shrinking went, in one line: "shrunk from 31 to 4 steps in 87 re-runs", and the bound that cut it short. */
    public String shrinking() {
        return "shrunk from " + originalSteps + " to " + shrunk.steps() + " steps in " + shrinkRuns + " re-runs"
                + cutShortBy.map(bound -> ", cut short by " + bound).orElse("");
    }
}
