package fencecheck.realtime;

import fencecheck.db.Database;

import java.util.Random;

/**
 * Fails a replicated database over while the workers run, on a thread of its own (a failover takes a second or
 * more, a second one first brings the old primary back as the standby, and the other nemesis goes on meanwhile): the primary stops at once, the standby is promoted,
 * every session is cut. Workers reconnect to the new primary; an answer the failover took is lost, and its
 * operation's outcome is unknown. The first failover comes between a fifth and half of the run, so every run long
 * enough to hold one does; later ones follow the settings' mean time.
 */
final class FailoverNemesis implements Runnable {

    /** The nemesis's name in the run's marks. */
    static final String NAME = "nemesis";
    /** No failover starts this close to the run's end: the workers would not meet the new primary. */
    private static final long LAST_START_MILLIS = 500;

    private final Database database;
    private final RealTimeSettings settings;
    private final Recorder recorder;
    private final ControlSession control;
    private final Random random;
    private final long deadlineNanos;
    volatile Throwable failure;

    FailoverNemesis(Database database, RealTimeSettings settings, Recorder recorder, ControlSession control, long seed,
                    long deadlineNanos) {
        this.database = database;
        this.settings = settings;
        this.recorder = recorder;
        this.control = control;
        this.random = new Random(seed);
        this.deadlineNanos = deadlineNanos;
    }

    @Override
    public void run() {
        try {
            long duration = settings.durationMillis();
            long wait = duration / 5 + (long) (random.nextDouble() * (duration / 2 - duration / 5));
            while (true) {
                Thread.sleep(Math.max(0, Math.min(wait, (deadlineNanos - System.nanoTime()) / 1_000_000)));
                if (System.nanoTime() > deadlineNanos - LAST_START_MILLIS * 1_000_000) {
                    return;
                }
                recorder.mark(NAME, "failover: the primary stops at once, the standby is promoted, every session is cut");
                // the old primary rejoins as the standby only when the next failover needs one: a rejoin (a base
                // backup, seconds) at the end of every run would only make the run longer
                database.failover(false);
                recorder.mark(NAME, "failover done: the promoted standby is the primary");
                // the new primary may keep another clock (a server of its own): the history's bound covers both
                control.recheck(recorder.clock());
                wait = (long) (-Math.log(1 - random.nextDouble()) * settings.failoverMillis());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            failure = e;
        }
    }
}
