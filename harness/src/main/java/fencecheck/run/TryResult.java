package fencecheck.run;

import fencecheck.check.Violation;
import fencecheck.trace.Trace;

import java.util.List;
import java.util.Set;

/**
 * Everything one job try produced. {@code divergent} is the first entry where
 * model and database disagree (null when none); {@code violations} are the
 * invariants the database's answers broke.
 */
public record TryResult(Trace trace, List<HistoryEntry> history, Set<Situation> situations,
                           HistoryEntry divergent, List<Violation> violations) {

    public TryResult {
        history = List.copyOf(history);
        situations = Set.copyOf(situations);
        violations = List.copyOf(violations);
    }

    public boolean passed() {
        return divergent == null && violations.isEmpty();
    }

    /** The verdict in one sentence. */
    public String verdict() {
        StringBuilder s = new StringBuilder();
        if (divergent != null) {
            HistoryEntry at = divergent;
            String what;
            if (at.error() != null) {
                what = "the model expected " + TraceTable.outcome(at.expected(), null) + " but " + at.error();
            } else if (at.outcomeDiffers()) {
                what = "the model expected " + TraceTable.outcome(at.expected(), null) + " but the database answered "
                        + TraceTable.outcome(at.observed(), null);
            } else {
                what = "the outcomes agree but the rows of " + at.key() + " differ: model " + at.expectedRows().describe()
                        + ", database " + at.observedRows().describe();
            }
            s.append("divergence at step ").append(at.step()).append(at.resumed() ? " (" + at.actor() + "'s waiting statement went on)" : "")
                    .append(" (").append(at.action()).append("): ").append(what);
            ForeignClock.explain(answer(at.expected()), answer(at.observed()),
                            at.expectedRows() == null ? null : at.expectedRows().protocol(),
                            at.observedRows() == null ? null : at.observedRows().protocol())
                    .ifPresent(clock -> s.append("; ").append(clock));
            violations.forEach(v -> s.append("; and invariant ").append(v));
            return s.toString();
        }
        if (!violations.isEmpty()) {
            return "invariant " + String.join("; invariant ", violations.stream().map(Violation::toString).toList());
        }
        return "model and database agreed on every statement, every wait and every invariant";
    }

    public List<fencecheck.trace.Step> stepsOf() {
        return trace.steps();
    }

    private static fencecheck.model.Outcome answer(fencecheck.job.JobOutcome outcome) {
        return outcome instanceof fencecheck.job.JobOutcome.Answered a ? a.outcome() : null;
    }

    public int steps() {
        return trace.steps().size();
    }
}
