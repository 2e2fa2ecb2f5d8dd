package fencecheck.properties;

import fencecheck.check.HistoryShrinker;
import fencecheck.check.RealTimeVerdict;
import fencecheck.check.Violation;
import fencecheck.realtime.RealTimeRun;
import fencecheck.report.RunResult;

import java.util.List;

/** The real-time property's findings as the result file keeps them, one {@link RunResult.Failure} each, like lock step's. */
final class RealTimeFailures {

    private RealTimeFailures() {
    }

    /**
     * One shrunk finding: its verdict, the invariants broken (at operations), its shrunk history, and its kind, how often
     * the tries met it and how it was shrunk.
     *
     * @param withFullHistory whether to keep the whole history of the run it came from beside the shrunk one
     */
    static RunResult.Failure of(RealTimeRuns.Shrunk finding, boolean withFullHistory, RunResult.Reproduction reproduce) {
        RealTimeRuns.Group g = finding.group();
        HistoryShrinker.Shrunk shrunk = finding.shrunk();
        RealTimeRun.Result run = g.run();
        RealTimeVerdict verdict = shrunk.verdict();
        List<Violation> violations = verdict.violations().stream()
                .map(f -> new Violation(f.violation().invariant(), f.operation(), f.violation().explanation())).toList();
        RunResult.RealTime rt = new RunResult.RealTime(shrunk.history(), withFullHistory ? run.history() : null, verdict.failingOperation(),
                false, run.history().operations().size(), run.runMillis(), run.checkMillis(), verdict.linearizability().states(),
                shrunk.checks(), shrunk.outOfTime(), verdict.cause().stream().filter(id -> !id.equals(verdict.failingOperation())).toList(),
                g.kind().severity().word(), shrunk.overlapping());
        RunResult.FindingFacts facts = new RunResult.FindingFacts(g.kind().severity().word(), g.describe(), g.tries(), g.firstTry(),
                g.smallest().history().operations().size(), shrunk.checks(), shrunk.outOfTime() ? "its time bound" : null);
        return new RunResult.Failure(verdict.sentence(), null, violations, null, null, reproduce, rt, facts);
    }

    /** A kind met beyond those shrunk: how often, never how small. */
    static RunResult.FindingFacts factsOf(RealTimeRuns.Group g) {
        return new RunResult.FindingFacts(g.kind().severity().word(), g.describe(), g.tries(), g.firstTry(), 0, 0, null);
    }
}
