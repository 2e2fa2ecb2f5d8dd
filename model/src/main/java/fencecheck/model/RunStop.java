package fencecheck.model;

/**
 * An error no try can get past, found in the middle of one: the implementation reads a clock fencecheck does not
 * control ({@link ClockBounds}), or its setup breaks a promise the fencing kit relies on. It ends the property at its
 * first occurrence, in lock step and in real time alike, with its message as the one line to print, as a setting
 * error does before the first try: findings made under a broken setup would be about the setup. It carries no stack
 * trace, since where it was found says nothing to the user.
 */
public final class RunStop extends RuntimeException {

    /** @param line the one line: the implementation, what it did, and what to do */
    public RunStop(String line) {
        super(line, null, false, false);
    }

    /**
     * The stop among {@code failure} and its causes, or null: a library may wrap what the kit threw in its own
     * exception.
     */
    public static RunStop in(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof RunStop stop) {
                return stop;
            }
        }
        return null;
    }
}
