package fencecheck.run;

import fencecheck.api.LeaseClient;
import fencecheck.job.JobOutcome;
import fencecheck.protocol.JobClient;

import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

/**
 * One connection of a job try (a worker, the relay or the consumer) with
 * both clients bound to it. A statement runs on a thread of its own, so the
 * runner can see it wait for a lock and go on with other sessions.
 */
final class Session {

    final String name;
    Connection connection;
    LeaseClient lease;
    JobClient jobs;
    int backendPid;
    /** The fault proxy a worker's connection goes through, when the runner injects network faults; kept across reconnects. */
    eu.rekawek.toxiproxy.Proxy proxy;
    /** The statement still running (waiting for a lock), or answered and not yet read; null when idle. */
    Future<JobOutcome> pending;

    Session(String name) {
        this.name = name;
    }

    /** When the statement now pending started and, once it has, when it finished (for its latency). */
    long startedNanos;
    volatile long finishedNanos;

    /** Starts a statement on a thread of its own. */
    void start(ExecutorService executor, Callable<JobOutcome> statement) {
        startedNanos = System.nanoTime();
        pending = executor.submit(() -> {
            try {
                return statement.call();
            } finally {
                finishedNanos = System.nanoTime();
            }
        });
    }

    /** Whether a transaction is open on the connection (a statement in flight counts as dirty too). */
    boolean dirty() throws SQLException {
        return connection != null && (pending != null || connection.isClosed() || !connection.getAutoCommit());
    }

    /** Deletes the session's fault proxy, when it has one. */
    void deleteProxy() {
        if (proxy != null) {
            try {
                proxy.delete();
            } catch (IOException | RuntimeException ignored) {
                // a proxy that cannot be deleted carries nothing once its client is closed
            }
            proxy = null;
        }
    }

    void close() {
        try {
            if (jobs != null) {
                jobs.close();
            }
            if (lease != null) {
                lease.close();
            }
        } catch (SQLException | RuntimeException ignored) {
            // the connection goes either way
        }
        try {
            if (connection != null) {
                connection.close();
            }
        } catch (SQLException ignored) {
            // as above
        }
        connection = null;
        lease = null;
        jobs = null;
        pending = null;
    }
}
