package fencecheck.properties;

import fencecheck.model.RunStop;

import java.util.Optional;

/**
 * An error that ends a property at its first occurrence with one line, as a setting error does ({@link RunStop}): an
 * implementation that reads a clock fencecheck does not control, or whose library breaks a promise the fencing kit
 * relies on. Every try after it returns at once
 * and runs nothing, so no try is shrunk and no coverage floor is judged; the property's end ({@link FailureReport})
 * fails it with the line. Reset when a property starts; one property runs at a time.
 */
final class PropertyStop {

    private static String line;
    /** The tries that ran, up to and with the one that stopped the property. */
    private static int tries;

    private PropertyStop() {
    }

    static synchronized void reset() {
        line = null;
        tries = 0;
    }

    /**
     * Whether a try may run: false once the property stopped; else counts it.
     *
     * @return true for a try that runs
     */
    static synchronized boolean tryStarts() {
        if (line != null) {
            return false;
        }
        tries++;
        return true;
    }

    /** The tries that ran, the stopping one included: what the result reports of a stopped property, not jqwik's count. */
    static synchronized int triesRun() {
        return tries;
    }

    /** The first stop of the property wins: the tries after it do not run. */
    static synchronized void stop(RunStop stop) {
        if (line == null) {
            line = stop.getMessage();
        }
    }

    static synchronized Optional<String> line() {
        return Optional.ofNullable(line);
    }
}
