package fencecheck.trace;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Actor names: {@code w1}..{@code w4} are workers (their current incarnation),
 * {@code z1}..{@code z4} the zombie left behind by a worker's last restart,
 * {@code clock} and {@code nemesis}.
 */
public final class Actors {

    public static final String CLOCK = "clock";
    public static final String NEMESIS = "nemesis";
    public static final int MAX_WORKERS = 4;

    private static final Pattern WORKER = Pattern.compile("([wz])([1-" + MAX_WORKERS + "])");

    private Actors() {
    }

    public static String worker(int slot) {
        return "w" + slot;
    }

    public static String zombieOf(String worker) {
        return "z" + slot(worker);
    }

    public static boolean isWorker(String actor) {
        return actor != null && WORKER.matcher(actor).matches() && actor.startsWith("w");
    }

    public static boolean isWorkerOrZombie(String actor) {
        return actor != null && WORKER.matcher(actor).matches();
    }

    public static boolean isZombie(String actor) {
        return isWorkerOrZombie(actor) && actor.startsWith("z");
    }

    /** The worker slot (1-based) an actor belongs to. */
    public static int slot(String actor) {
        Matcher m = WORKER.matcher(actor);
        if (!m.matches()) {
            throw new IllegalArgumentException("not a worker: " + actor);
        }
        return Integer.parseInt(m.group(2));
    }
}
