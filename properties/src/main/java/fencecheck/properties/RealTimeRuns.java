package fencecheck.properties;

import fencecheck.check.HistoryShrinker;
import fencecheck.findings.FindingKind;
import fencecheck.realtime.KeyFailures;
import fencecheck.realtime.RealTimeNotes;
import fencecheck.realtime.RealTimeRun;
import fencecheck.run.Situation;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The real-time runs of the property being run: what the result file reads (the situations of each try, the failures
 * of its tries grouped by kind and key, each group's shrunk history once the property ended, the first note of each
 * kind) and the calls the implementation failed, grouped alike. The real-time property has no trace and no runner's try log, so it keeps its own, reset when a property
 * starts; one property runs at a time.
 */
final class RealTimeRuns {

    /**
     * One kind of finding on one key over the property's tries: how many tries showed it, the first of them, and the
     * one whose failing part of the history is smallest (the one to shrink), with the run it came from.
     */
    record Group(FindingKind kind, String key, KeyFailures.KeyFailure smallest, RealTimeRun.Result run, int firstTry, int tries) {

        Group with(KeyFailures.KeyFailure another, RealTimeRun.Result itsRun) {
            boolean smaller = another.history().operations().size() < smallest.history().operations().size();
            return new Group(kind, key, smaller ? another : smallest, smaller ? itsRun : run, firstTry, tries + 1);
        }

        /** The kind with its key, as a reader is shown it and the result file keeps it. */
        String describe() {
            return kind.describe() + (key.isEmpty() ? "" : " on " + key);
        }
    }

    /** A group shrunk once the property ended. */
    record Shrunk(Group group, HistoryShrinker.Shrunk shrunk) {
    }

    private record GroupKey(FindingKind kind, String key) {
    }

    private static final List<Set<Situation>> SITUATIONS = new ArrayList<>();
    private static final Map<String, RealTimeNotes.Note> NOTES = new LinkedHashMap<>();
    private static final Map<GroupKey, Group> GROUPS = new LinkedHashMap<>();
    private static final Map<GroupKey, Group> ERRORS = new LinkedHashMap<>();
    private static List<Shrunk> saved = List.of();
    private static List<Group> notShrunk = List.of();
    private static RealTimeRun.Result lastFailure;
    private static int undecided;

    private RealTimeRuns() {
    }

    static synchronized void reset() {
        SITUATIONS.clear();
        NOTES.clear();
        GROUPS.clear();
        ERRORS.clear();
        saved = List.of();
        notShrunk = List.of();
        lastFailure = null;
        undecided = 0;
    }

    static synchronized void record(RealTimeRun.Result result) {
        SITUATIONS.add(Set.copyOf(result.situations()));
        int tryNumber = SITUATIONS.size();
        result.notes().forEach(n -> NOTES.putIfAbsent(n.kind(), n));
        for (KeyFailures.KeyFailure f : result.failures()) {
            GROUPS.merge(new GroupKey(f.kind(), f.key()), new Group(f.kind(), f.key(), f, result, tryNumber, 1),
                    (known, first) -> known.with(f, result));
        }
        for (KeyFailures.KeyFailure e : result.errors()) {
            ERRORS.merge(new GroupKey(e.kind(), e.key()), new Group(e.kind(), e.key(), e, result, tryNumber, 1),
                    (known, first) -> known.with(e, result));
        }
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

    /** Every kind of finding on every key the tries met, most severe first, then in the order they were met. */
    static synchronized List<Group> groups() {
        List<Group> ordered = new ArrayList<>(GROUPS.values());
        ordered.sort(Comparator.comparing((Group g) -> g.kind().severity()).thenComparingInt(Group::firstTry));
        return ordered;
    }

    /** The calls the implementation failed instead of answering, by kind and key, in the order met: said, no failure. */
    static synchronized List<Group> errors() {
        return List.copyOf(ERRORS.values());
    }

    /** What the end of the property made of the groups: the ones shrunk, most severe first, and those beyond the limit. */
    static synchronized void finished(List<Shrunk> shrunk, List<Group> beyondTheLimit) {
        saved = List.copyOf(shrunk);
        notShrunk = List.copyOf(beyondTheLimit);
    }

    /** The shrunk findings, most severe first; empty when the property found nothing (or has not ended). */
    static synchronized List<Shrunk> saved() {
        return saved;
    }

    static synchronized List<Group> notShrunk() {
        return notShrunk;
    }

    static synchronized Optional<RealTimeRun.Result> lastFailure() {
        return Optional.ofNullable(lastFailure);
    }

    static synchronized int undecided() {
        return undecided;
    }
}
