package fencecheck.run;

import fencecheck.check.Event;
import fencecheck.trace.Trace;

import java.util.List;
import java.util.Set;

/** Everything one try produced: the trace, its history, the situations it reached and the verdict. */
public record TryResult(Trace trace, List<HistoryEntry> history, Set<Situation> situations, Verdict verdict) {

    public TryResult {
        history = List.copyOf(history);
        situations = Set.copyOf(situations);
    }

    /** The protocol operations as the checkers see them: what was asked and what the database answered. */
    public static List<Event> events(List<HistoryEntry> history) {
        return history.stream()
                .filter(e -> e.command() != null && e.observed() != null)
                .map(e -> new Event(e.step(), e.at(), e.command(), e.observed()))
                .toList();
    }

    public int stepsExecuted() {
        return history.size();
    }
}
