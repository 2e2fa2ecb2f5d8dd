package fencecheck.properties;

import fencecheck.run.Situation;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How often each situation was reached by the tries of the property now
 * running, for the result file. The property reports each try's situations
 * with {@link #record}; {@link ResultCollector} starts a recording before the
 * property and reads it after. Only the property's own thread is recorded
 * (shrinking on another thread is not), and only the first {@code countTries}
 * calls count, so the shrinking steps that follow a failure are left out.
 */
public final class SituationCounts {

    private static volatile Recording current;

    private SituationCounts() {
    }

    /** Called by a property once per try, with the situations the try reached and the property's coverage floor. */
    public static void record(Set<Situation> situations, double floorPercent) {
        Recording recording = current;
        if (recording != null && recording.thread == Thread.currentThread()) {
            recording.add(Set.copyOf(situations), floorPercent);
        }
    }

    static Recording start() {
        Recording recording = new Recording(Thread.currentThread());
        current = recording;
        return recording;
    }

    static void stop(Recording recording) {
        if (current == recording) {
            current = null;
        }
    }

    static final class Recording {
        private final Thread thread;
        private final List<Set<Situation>> tries = new ArrayList<>();
        private double floorPercent;

        private Recording(Thread thread) {
            this.thread = thread;
        }

        private synchronized void add(Set<Situation> situations, double floor) {
            tries.add(situations);
            floorPercent = floor;
        }

        synchronized boolean isEmpty() {
            return tries.isEmpty();
        }

        synchronized double floorPercent() {
            return floorPercent;
        }

        /** How many tries counted: the first {@code countTries} recorded, or fewer when fewer were. */
        synchronized int counted(int countTries) {
            return Math.min(countTries, tries.size());
        }

        /** Per situation, in how many of the first {@code countTries} tries it happened. */
        synchronized Map<Situation, Integer> counts(int countTries) {
            Map<Situation, Integer> counts = new EnumMap<>(Situation.class);
            for (Set<Situation> reached : tries.subList(0, counted(countTries))) {
                reached.forEach(s -> counts.merge(s, 1, Integer::sum));
            }
            return counts;
        }
    }
}
