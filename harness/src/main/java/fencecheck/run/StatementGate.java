package fencecheck.run;

import fencecheck.protocol.pack.BetweenStatements;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A trace's split of one call: stops the call's thread after the first
 * {@code after} statements of a file, until the runner lets it go on. Stopped,
 * the call is neither running nor waiting for a lock, so the try is quiet and
 * other actors take their steps.
 */
final class StatementGate implements BetweenStatements {

    private final int after;
    private final CountDownLatch goOn = new CountDownLatch(1);
    /** Where it stopped: set by the call's thread just before it waits. */
    private volatile String file;
    private volatile int total;
    private volatile boolean cutShort;
    private static final long MAX_STOP_MINUTES = 5;

    StatementGate(int after) {
        this.after = after;
    }

    @Override
    public void after(String source, int done, int total) throws InterruptedException {
        if (done != after || goOn.getCount() == 0) {
            return;
        }
        this.total = total;
        this.file = source;
        // bounded: a runner that never lets it go on (a try cut off by an error) must not keep the thread for good
        if (!goOn.await(MAX_STOP_MINUTES, TimeUnit.MINUTES)) {
            throw new InterruptedException("stopped " + where() + " for more than " + MAX_STOP_MINUTES + " minutes: never let go on");
        }
        if (cutShort) {
            throw new InterruptedException("stopped " + where() + " and cut short: its remaining statements never run");
        }
    }

    /** The call never goes on (its connection went): its thread ends without running the rest. */
    void cutShort() {
        cutShort = true;
        goOn.countDown();
    }

    /** Whether the call stands between two statements, waiting to go on. */
    boolean stopped() {
        return file != null && goOn.getCount() > 0;
    }

    /** The call runs its remaining statements. */
    void goOn() {
        goOn.countDown();
    }

    /** Where it stopped, in words: "after statement 1 of 2 of reference/acquire.sql". */
    String where() {
        return "after statement " + after + " of " + total + " of " + file;
    }
}
