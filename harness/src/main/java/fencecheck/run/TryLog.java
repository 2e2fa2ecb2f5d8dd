package fencecheck.run;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What the tries a runner ran since the last {@link #reset()} reached: the
 * situations of each, in the order they ran, and the last try that failed.
 * A property's hooks read it when the property is done, so a result never has
 * to travel inside the exception that fails the property.
 */
public final class TryLog {

    private final List<Set<Situation>> situations = new ArrayList<>();
    private TryResult lastFailure;
    /** Per kind of conformance note, the first try that showed it. */
    private final Map<String, TryResult> firstOfEachNote = new LinkedHashMap<>();

    synchronized void record(TryResult tried) {
        situations.add(tried.situations());
        if (!tried.passed()) {
            lastFailure = tried;
        }
        for (HistoryEntry note : tried.notes()) {
            firstOfEachNote.putIfAbsent(ConformanceNotes.kindOf(note), tried);
        }
    }

    public synchronized void reset() {
        situations.clear();
        lastFailure = null;
        firstOfEachNote.clear();
    }

    /** Per kind of conformance note the tries showed (under safety conformance), the first try that showed it. */
    public synchronized Map<String, TryResult> firstOfEachNote() {
        return new LinkedHashMap<>(firstOfEachNote);
    }

    /** The situations of each try since the last reset, in the order the tries ran. */
    public synchronized List<Set<Situation>> situationsOfTries() {
        return List.copyOf(situations);
    }

    /**
     * The last try that failed. A shrinker accepts a smaller trace only when it
     * fails too, so after shrinking this is the smallest failing trace found.
     */
    public synchronized Optional<TryResult> lastFailure() {
        return Optional.ofNullable(lastFailure);
    }
}
