package fencecheck.findings;

import fencecheck.api.Outcome;
import fencecheck.check.Invariant;
import fencecheck.check.Violation;
import fencecheck.job.JobCommand;
import fencecheck.job.JobOutcome;
import fencecheck.model.Command;
import fencecheck.run.HistoryEntry;
import fencecheck.run.TryResult;
import fencecheck.trace.Action;
import fencecheck.trace.Step;
import fencecheck.trace.Trace;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Tries made by hand, without a database, for the tests of kinds and shrinking. {@link #renewBug} plays an
 * implementation whose renew revives an expired lease: it answers Renewed where the model refuses once the clock has
 * passed the lease's end; a renew with no clock move before it breaks mutual exclusion instead (a second kind, so
 * shrinking can be caught trading one for the other).
 */
final class Tries {

    static final JobOutcome RENEWED = new JobOutcome.Answered(new Outcome.Renewed(20));
    static final JobOutcome REFUSED = new JobOutcome.Answered(new Outcome.RenewRejected());
    static final JobOutcome GRANTED = new JobOutcome.Answered(new Outcome.Granted(1, 10));

    private Tries() {
    }

    static HistoryEntry entry(int step, Step s, JobOutcome expected, JobOutcome observed) {
        JobCommand command = switch (s.action()) {
            case Action.Acquire a -> new JobCommand.LeaseOperation(s.actor(), new Command.Acquire(a.key(), s.actor(), 10));
            case Action.Renew r -> new JobCommand.LeaseOperation(s.actor(), new Command.Renew("K1", s.actor(), 1, 10));
            case Action.AdvanceToExpiry a -> new JobCommand.AdvanceClock(10 + a.deltaMicros());
            default -> null;
        };
        HistoryEntry.Kind kind = s.actor().equals(Step.CLOCK) ? HistoryEntry.Kind.CLOCK : HistoryEntry.Kind.STATEMENT;
        return new HistoryEntry(step, kind, false, s.actor(), s.toString(), command, 0, expected, observed, "K1", null, null, null);
    }

    static TryResult result(Trace trace, List<HistoryEntry> history, HistoryEntry divergent, List<Violation> violations) {
        return new TryResult(trace, history, Set.of(), divergent, violations);
    }

    /** A try that diverges at its last step with {@code observed} where the model expects {@code expected}. */
    static TryResult divergingAtTheEnd(int steps, JobOutcome expected, JobOutcome observed) {
        List<Step> trace = new ArrayList<>();
        List<HistoryEntry> history = new ArrayList<>();
        for (int i = 1; i < steps; i++) {
            trace.add(Step.worker(2, new Action.Acquire("K2")));
            history.add(entry(i, trace.getLast(), GRANTED, GRANTED));
        }
        trace.add(Step.worker(1, new Action.Renew()));
        HistoryEntry divergent = entry(steps, trace.getLast(), expected, observed);
        history.add(divergent);
        return result(Trace.of("test", trace), history, divergent, List.of());
    }

    /** A try that breaks {@code invariant} at its only step, an acquire. */
    static TryResult breaking(Invariant invariant) {
        Step acquire = Step.worker(1, new Action.Acquire("K1"));
        return result(Trace.of("test", List.of(acquire)), List.of(entry(1, acquire, GRANTED, GRANTED)), null,
                List.of(new Violation(invariant, 1, "broken on purpose")));
    }

    /**
     * The renew bug of this class's description, run over a trace: a renew of w1 after w1's acquire answers Renewed;
     * after a clock move past the end the model refuses it (a conformance finding), without one the renew breaks
     * mutual exclusion (a safety finding). The try stops at its first divergence, as a runner's does.
     */
    static TryResult renewBug(Trace trace) {
        List<HistoryEntry> history = new ArrayList<>();
        boolean acquired = false;
        boolean expired = false;
        int number = 0;
        for (Step step : trace.steps()) {
            number++;
            boolean byW1 = step.actor().equals("w1");
            if (byW1 && step.action() instanceof Action.Acquire a && a.key().equals("K1")) {
                acquired = true;
                history.add(entry(number, step, GRANTED, GRANTED));
            } else if (acquired && step.action() instanceof Action.AdvanceToExpiry a && a.deltaMicros() > 0) {
                expired = true;
                history.add(entry(number, step, null, null));
            } else if (acquired && byW1 && step.action() instanceof Action.Renew) {
                if (expired) {
                    HistoryEntry divergent = entry(number, step, REFUSED, RENEWED);
                    history.add(divergent);
                    return result(trace, history, divergent, List.of());
                }
                history.add(entry(number, step, RENEWED, RENEWED));
                return result(trace, history, null, List.of(new Violation(Invariant.MUTUAL_EXCLUSION, number, "on purpose")));
            } else {
                history.add(entry(number, step, null, null));
            }
        }
        return result(trace, history, null, List.of());
    }
}
