package fencecheck.properties;

import fencecheck.report.RunResult;
import fencecheck.run.JobSituation;
import fencecheck.run.Situation;

import java.util.ArrayList;
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

    /**
     * Called by a property once per try, with the situations the try reached, the property's coverage
     * floor and the group of situations it declares that floor for (the others are counted, not judged).
     */
    public static void record(Set<Situation> situations, double floorPercent, Situation.Group group) {
        record(Situation.values(), situations, Situation::label, s -> s.group() == group, floorPercent);
    }

    /** The same for the situations of a job try. */
    public static void recordJob(Set<JobSituation> situations, double floorPercent, JobSituation.Group group) {
        record(JobSituation.values(), situations, JobSituation::label, s -> s.group() == group, floorPercent);
    }

    private static <S extends Enum<S>> void record(S[] all, Set<S> reached, java.util.function.Function<S, String> label,
                                                    java.util.function.Predicate<S> hasFloor, double floorPercent) {
        Recording recording = current;
        if (recording != null && recording.thread == Thread.currentThread()) {
            List<RunResult.SituationCount> universe = java.util.Arrays.stream(all)
                    .map(s -> new RunResult.SituationCount(s.name(), label.apply(s), 0, hasFloor.test(s) ? floorPercent : null))
                    .toList();
            Set<String> names = new java.util.HashSet<>();
            reached.forEach(s -> names.add(s.name()));
            recording.add(universe, names, floorPercent);
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
        private final List<Set<String>> tries = new ArrayList<>();
        private List<RunResult.SituationCount> universe = List.of();
        private double floorPercent;

        private Recording(Thread thread) {
            this.thread = thread;
        }

        private synchronized void add(List<RunResult.SituationCount> all, Set<String> reached, double floor) {
            universe = all;
            tries.add(Set.copyOf(reached));
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

        /** Per situation of the property's kind, in how many of the first {@code countTries} tries it happened. */
        synchronized List<RunResult.SituationCount> counts(int countTries) {
            Map<String, Integer> counts = new java.util.HashMap<>();
            for (Set<String> reached : tries.subList(0, counted(countTries))) {
                reached.forEach(s -> counts.merge(s, 1, Integer::sum));
            }
            return universe.stream()
                    .map(s -> new RunResult.SituationCount(s.situation(), s.label(), counts.getOrDefault(s.situation(), 0), s.floorPercent()))
                    .toList();
        }
    }
}
