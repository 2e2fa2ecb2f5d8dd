package fencecheck.run;

/** Real time spent on injected faults, for the report: how long a database restart takes. */
public final class FaultTimings {

    private long restarts;
    private long restartNanos;
    private long slowestRestartNanos;

    synchronized void databaseRestart(long nanos) {
        restarts++;
        restartNanos += nanos;
        slowestRestartNanos = Math.max(slowestRestartNanos, nanos);
    }

    public synchronized long databaseRestarts() {
        return restarts;
    }

    public synchronized double meanRestartMillis() {
        return restarts == 0 ? 0 : restartNanos / 1e6 / restarts;
    }

    public synchronized double slowestRestartMillis() {
        return slowestRestartNanos / 1e6;
    }
}
