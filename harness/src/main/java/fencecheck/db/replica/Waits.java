package fencecheck.db.replica;

import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/** Bounded waits by polling, each failing with one line that says what did not happen in time. */
final class Waits {

    private static final long POLL_MILLIS = 50;

    private Waits() {
    }

    /**
     * Polls {@code done} until it is true.
     *
     * @param what what was waited for, asked only on a timeout (so it can say how far things got)
     * @throws IllegalStateException "timed out after N s waiting for WHAT"
     */
    static void until(Duration timeout, Supplier<String> what, BooleanSupplier done) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("timed out after " + timeout.toSeconds() + " s waiting for " + what.get());
            }
            try {
                Thread.sleep(POLL_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for " + what.get(), e);
            }
        }
    }
}
