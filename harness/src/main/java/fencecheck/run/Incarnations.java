package fencecheck.run;

import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Which incarnation of each worker an actor names, and which are paused. A
 * worker's first incarnation has the worker's name ({@code w1}); a restart
 * starts {@code w1.2}, {@code w1.3}, ...; the one a restart left behind as a
 * zombie is named by {@code z1}. Pure bookkeeping: the runner does what a
 * restart does to sessions and transactions.
 */
final class Incarnations {

    /** What a restart changed: the incarnation that took over, and the zombie it replaced (or null). */
    record Restart(String old, String fresh, String replacedZombie) {
    }

    /**
     * The incarnations as they are now, as a value.
     *
     * @param current per worker restarted at least once, its current incarnation
     * @param zombies per worker, the zombie its last restart left behind
     * @param started per worker restarted at least once, how many incarnations it has had
     * @param paused  the incarnations paused
     */
    record Roster(SortedMap<String, String> current, SortedMap<String, String> zombies, SortedMap<String, Integer> started,
                  SortedSet<String> paused) {
        Roster {
            current = Collections.unmodifiableSortedMap(new TreeMap<>(current));
            zombies = Collections.unmodifiableSortedMap(new TreeMap<>(zombies));
            started = Collections.unmodifiableSortedMap(new TreeMap<>(started));
            paused = Collections.unmodifiableSortedSet(new TreeSet<>(paused));
        }
    }

    /** The incarnations as they are now: a copy, which later restarts and pauses do not change. */
    Roster roster() {
        return new Roster(new TreeMap<>(current), new TreeMap<>(zombies), new TreeMap<>(started), new TreeSet<>(paused));
    }

    private final Map<String, String> current = new HashMap<>();
    private final Map<String, String> zombies = new HashMap<>();
    private final Map<String, Integer> started = new HashMap<>();
    private final Set<String> paused = new HashSet<>();

    /** The incarnation an actor names: a worker's current one, or for {@code z1} the zombie of {@code w1} (null when none). */
    String of(String actor) {
        if (actor.startsWith("z")) {
            return zombies.get("w" + actor.substring(1));
        }
        return current.getOrDefault(actor, actor);
    }

    boolean isPaused(String incarnation) {
        return paused.contains(incarnation);
    }

    boolean isZombie(String incarnation) {
        return zombies.containsValue(incarnation);
    }

    /** @return false when it was paused already */
    boolean pause(String incarnation) {
        return paused.add(incarnation);
    }

    /** @return false when it was not paused */
    boolean resume(String incarnation) {
        return paused.remove(incarnation);
    }

    /** A new incarnation takes the worker's role; with {@code zombie} the old one stays, paused, as the worker's zombie. */
    Restart restart(String worker, boolean zombie) {
        String old = of(worker);
        String fresh = worker + "." + started.merge(worker, 2, (a, b) -> a + 1);
        current.put(worker, fresh);
        String replaced = null;
        if (zombie) {
            paused.add(old);
            replaced = zombies.put(worker, old);
        }
        return new Restart(old, fresh, replaced);
    }

    /** An incarnation whose connection was dropped acts no more. */
    void forget(String incarnation) {
        paused.remove(incarnation);
    }
}
