package fencecheck.run;

import fencecheck.check.Event;
import fencecheck.check.Stored;
import fencecheck.model.Command;
import fencecheck.model.Lease;
import fencecheck.model.Outcome;
import fencecheck.trace.NetworkFault;
import fencecheck.trace.Trace;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** Everything one try produced: the trace, its history, the situations it reached and the verdict. */
public record TryResult(Trace trace, List<HistoryEntry> history, Set<Situation> situations, Verdict verdict) {

    public TryResult {
        history = List.copyOf(history);
        situations = Set.copyOf(situations);
    }

    /**
     * The protocol operations as the checkers see them: what was asked and what
     * the database answered. A grant whose answer a fault took away still
     * happened: it is taken from the lease row the database holds after the
     * step, when that row is the asking owner's (the database's word, not the
     * model's). A lost request never ran: the row it finds is an older grant's.
     */
    public static List<Event> events(List<HistoryEntry> history) {
        List<Event> events = new ArrayList<>();
        for (HistoryEntry e : history) {
            if (e.command() == null) {
                continue;
            }
            if (e.observed() != null) {
                events.add(new Event(e.step(), e.at(), e.command(), e.observed()));
            } else if (NetworkFault.RESPONSE_LOST.name().equals(e.fault()) && e.command() instanceof Command.Acquire a
                    && e.observedRows() != null
                    && e.observedRows().lease() != null && e.observedRows().lease().owner().equals(a.owner())) {
                Lease held = e.observedRows().lease();
                events.add(new Event(e.step(), e.at(), a, new Outcome.Granted(held.token(), held.until())));
            }
        }
        return List.copyOf(events);
    }

    /** The rows the database showed after each step that read them, for invariant 4. */
    public static List<Stored> stored(List<HistoryEntry> history) {
        return history.stream().filter(e -> e.observedRows() != null)
                .map(e -> new Stored(e.step(), e.key(), e.observedRows())).toList();
    }

    public int stepsExecuted() {
        return history.size();
    }
}
