package fencecheck.run;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * What happened in a try, in order: the runner only appends events to it, never changes or removes one. The entries
 * the checkers, the result files and the report read are the events' views, kept beside them as they are appended.
 */
final class TryHistory {

    private final List<TryEvent> events = new ArrayList<>();
    private final List<HistoryEntry> entries = new ArrayList<>();
    private final List<TryEvent> eventsView = Collections.unmodifiableList(events);
    private final List<HistoryEntry> entriesView = Collections.unmodifiableList(entries);

    /** Appends an event; returns its entry. */
    HistoryEntry append(TryEvent event) {
        HistoryEntry entry = event.entry();
        events.add(event);
        entries.add(entry);
        return entry;
    }

    /** The events so far, oldest first (a read-only view). */
    List<TryEvent> events() {
        return eventsView;
    }

    /** The history's entries so far, one per event (a read-only view). */
    List<HistoryEntry> entries() {
        return entriesView;
    }
}
