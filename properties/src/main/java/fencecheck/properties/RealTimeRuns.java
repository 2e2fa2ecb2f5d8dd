package fencecheck.properties;

import fencecheck.realtime.RealTimeNotes;
import fencecheck.realtime.RealTimeRun;
import fencecheck.run.Situation;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The real-time runs of the property being run: what the result file reads (the situations of
 * each try, the failing run with its shrunk history, the first note of each kind). The real-time property has no trace and no
 * runner's try log, so it keeps its own, reset when a property starts.
 */
final class RealTimeRuns {

    private static final List<Set<Situation>> SITUATIONS = new ArrayList<>();
    private static final Map<String, RealTimeNotes.Note> NOTES = new LinkedHashMap<>();
    private static RealTimeRun.Result lastFailure;
    private static int undecided;

    private RealTimeRuns() {
    }

    static synchronized void reset() {
        SITUATIONS.clear();
        NOTES.clear();
        lastFailure = null;
        undecided = 0;
    }

    static synchronized void record(RealTimeRun.Result result) {
        SITUATIONS.add(Set.copyOf(result.situations()));
        result.notes().forEach(n -> NOTES.putIfAbsent(n.kind(), n));
        if (!result.passed()) {
            lastFailure = result;
        }
        if (result.verdict().undecided()) {
            undecided++;
        }
    }

    static synchronized List<Set<Situation>> situationsOfTries() {
        return List.copyOf(SITUATIONS);
    }

    /** The first note of each kind over the property's tries, in the order met. */
    static synchronized List<RealTimeNotes.Note> notes() {
        return List.copyOf(NOTES.values());
    }

    static synchronized Optional<RealTimeRun.Result> lastFailure() {
        return Optional.ofNullable(lastFailure);
    }

    static synchronized int undecided() {
        return undecided;
    }
}
