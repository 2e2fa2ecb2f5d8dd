package fencecheck.run;

import fencecheck.api.Outcome;
import fencecheck.check.Violation;
import fencecheck.job.JobOutcome;
import fencecheck.trace.Step;
import fencecheck.trace.Trace;

import java.util.List;
import java.util.Set;

/**
 * Everything one job try produced. {@code divergent} is the entry that ended the try (null when none): under
 * strict conformance the first where model and database disagree, under safety the first unsafe answer (or one
 * the model judged none of); {@code violations} are the invariants the database's answers broke; {@code notes}
 * are, under safety, the answers and rows that differ from the reference's but break no guarantee;
 * {@code modelStates} is the model's state after each step that ran, in order (empty where it was not kept).
 */
public record TryResult(Trace trace, List<HistoryEntry> history, Set<Situation> situations,
                           HistoryEntry divergent, List<Violation> violations, List<HistoryEntry> notes,
                           List<ModelState> modelStates) {

    public TryResult {
        history = List.copyOf(history);
        situations = Set.copyOf(situations);
        violations = List.copyOf(violations);
        notes = List.copyOf(notes);
        modelStates = modelStates == null ? List.of() : List.copyOf(modelStates);
    }

    /** A try whose model states were not kept. */
    public TryResult(Trace trace, List<HistoryEntry> history, Set<Situation> situations, HistoryEntry divergent,
                     List<Violation> violations, List<HistoryEntry> notes) {
        this(trace, history, situations, divergent, violations, notes, List.of());
    }

    /** A try with no conformance notes. */
    public TryResult(Trace trace, List<HistoryEntry> history, Set<Situation> situations, HistoryEntry divergent,
                     List<Violation> violations) {
        this(trace, history, situations, divergent, violations, List.of());
    }

    /** Whether the try broke a guarantee: an invariant, or an answer no correct lease service may give. */
    public boolean safetyFinding() {
        return !violations.isEmpty() || divergent != null && divergent.unsafe();
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
            } else if (at.difference() != null) {
                what = at.difference() + " (the reference answers " + TraceTable.outcome(at.expected(), null)
                        + ", the database answered " + TraceTable.outcome(at.observed(), null) + ")";
            } else if (at.outcomeDiffers()) {
                what = "the model expected " + TraceTable.outcome(at.expected(), null) + " but the database answered "
                        + TraceTable.outcome(at.observed(), null);
            } else {
                what = "the outcomes agree but the rows of " + at.key() + " differ: model " + at.expectedRows().describe()
                        + ", database " + at.observedRows().describe();
            }
            s.append(at.error() != null ? "implementation error at step " : at.unsafe() ? "safety finding at step "
                    : at.admissibleDifference() ? "conformance difference (strict conformance claimed) at step " : "divergence at step ")
                    .append(at.step()).append(at.resumed() ? " (" + at.actor() + "'s waiting statement went on)" : "")
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
        if (!notes.isEmpty()) {
            return "no guarantee broken; " + notes.size() + " conformance " + (notes.size() == 1 ? "note" : "notes")
                    + ", the first at step " + notes.getFirst().step() + ": " + note(notes.getFirst());
        }
        return "model and database agreed on every statement, every wait and every invariant";
    }

    /** A conformance note in words. */
    public static String note(HistoryEntry e) {
        if (e.difference() != null) {
            return e.actor() + "'s " + e.action() + ": " + e.difference();
        }
        return "the rows of " + e.key() + " differ from the model's: model " + e.expectedRows().describe() + ", database "
                + e.observedRows().describe();
    }

    public List<Step> stepsOf() {
        return trace.steps();
    }

    private static Outcome answer(JobOutcome outcome) {
        return outcome instanceof JobOutcome.Answered a ? a.outcome() : null;
    }

    public int steps() {
        return trace.steps().size();
    }
}
