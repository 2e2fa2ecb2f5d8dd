package fencecheck.realtime;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Where a real-time run's time starts: once every first incarnation has its session open. Opening one is what costs
 * most in a fresh JVM (the fault proxy server starting, classes loading, the first connections): counted in the run,
 * it could take most or all of a short run, which would then record few operations or none, and pass on them. A
 * restarted incarnation opens its session inside the run, as a restarted process would.
 */
final class StartLine {

    private final CountDownLatch ready;
    private final CountDownLatch started = new CountDownLatch(1);
    private volatile long deadlineNanos;

    StartLine(int workers) {
        this.ready = new CountDownLatch(workers);
    }

    /** A worker is ready to send: its session is open, or opening it failed (it then reports its failure and ends). */
    void ready() {
        ready.countDown();
    }

    /** Waits for the run's start (at once once it has started) and returns the run's deadline, on {@link System#nanoTime}. */
    long awaitStart() throws InterruptedException {
        started.await();
        return deadlineNanos;
    }

    /** Waits up to {@code millis} for every first incarnation to be ready; false when one was not by then. */
    boolean awaitReady(long millis) throws InterruptedException {
        return ready.await(millis, TimeUnit.MILLISECONDS);
    }

    /** Starts the run: it ends {@code durationMillis} from now. Returns its deadline. */
    long start(long durationMillis) {
        deadlineNanos = System.nanoTime() + durationMillis * 1_000_000;
        started.countDown();
        return deadlineNanos;
    }
}
