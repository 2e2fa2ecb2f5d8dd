package fencecheck.trace;

/**
 * Actor names: {@code w1}..{@code w4} are workers (their current incarnation),
 * {@code z1}..{@code z4} the zombie left behind by a worker's last restart,
 * {@code clock} and {@code nemesis}.
 */
public final class Actors {

    public static final String CLOCK = "clock";
    public static final String NEMESIS = "nemesis";
    public static final int MAX_WORKERS = 4;

    private Actors() {
    }

    public static String worker(int slot) {
        return "w" + slot;
    }

    public static String zombieOf(String worker) {
        return "z" + slot(worker);
    }

    public static boolean isWorker(String actor) {
        return isWorkerOrZombie(actor) && actor.charAt(0) == 'w';
    }

    // every step is checked on construction: two characters compared, not a pattern matched
    public static boolean isWorkerOrZombie(String actor) {
        return actor != null && actor.length() == 2 && (actor.charAt(0) == 'w' || actor.charAt(0) == 'z')
                && actor.charAt(1) >= '1' && actor.charAt(1) <= (char) ('0' + MAX_WORKERS);
    }

    public static boolean isZombie(String actor) {
        return isWorkerOrZombie(actor) && actor.charAt(0) == 'z';
    }

    /** The worker slot (1-based) an actor belongs to. */
    public static int slot(String actor) {
        if (!isWorkerOrZombie(actor)) {
            throw new IllegalArgumentException("not a worker: " + actor);
        }
        return actor.charAt(1) - '0';
    }
}
