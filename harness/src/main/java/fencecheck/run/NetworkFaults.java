package fencecheck.run;

import eu.rekawek.toxiproxy.model.ToxicDirection;
import fencecheck.job.JobCommand;
import fencecheck.job.JobOutcome;
import fencecheck.trace.NetworkFault;

import java.io.IOException;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * The network between each worker and the database, through the worker's own
 * fault proxy: which fault the next statement of a session meets, and the
 * toxics that make it happen (a request or an answer lost, a statement held
 * until delivered).
 */
final class NetworkFaults {

    /** How long a client waits for an answer the network has taken away. */
    static final int LOST_ANSWER_TIMEOUT_MILLIS = 100;
    private static final String HOLD_TOXIC = "fencecheck-hold";
    /** How long the network holds a delayed statement if no step delivers it: for ever, as far as a try goes. */
    private static final int HELD_MILLIS = 3_600_000;

    /** What became of a statement whose request or answer was lost. */
    record Lost(boolean ran, String error) {
    }

    private final TryState st;
    /** Per incarnation, the network fault its next statement meets. */
    private final Map<String, NetworkFault> armed = new HashMap<>();

    NetworkFaults(TryState st) {
        this.st = st;
    }

    /** @return false when the runner has no fault proxies, so nothing can be armed */
    boolean arm(String incarnation, NetworkFault fault) {
        if (!st.runner.throughFaultProxies()) {
            return false;
        }
        armed.put(incarnation, fault);
        return true;
    }

    /** The fault the statement meets, if one is armed and the statement reaches the server at all. */
    NetworkFault take(String session, JobCommand command, Session s) throws SQLException {
        return sendsNothing(command, s) ? null : armed.remove(session);
    }

    /**
     * Whether the statement reaches the server at all: a begin does not (the
     * driver opens the transaction with the next statement), nor does the end
     * of a transaction that has sent nothing yet. A fault armed for the
     * session waits for the next statement that does.
     */
    private static boolean sendsNothing(JobCommand command, Session s) throws SQLException {
        if (command instanceof JobCommand.Begin) {
            return true;
        }
        return (command instanceof JobCommand.Commit || command instanceof JobCommand.Rollback) && s.connection != null
                && s.connection.unwrap(org.postgresql.core.BaseConnection.class).getTransactionState()
                == org.postgresql.core.TransactionState.IDLE;
    }

    /** The proxy holds whatever the session sends next until {@link #release}. */
    void hold(Session s) throws SQLException {
        try {
            s.proxy.toxics().latency(HOLD_TOXIC, ToxicDirection.UPSTREAM, HELD_MILLIS);
        } catch (IOException e) {
            throw new SQLException("cannot hold the statement in the proxy: " + e.getMessage(), e);
        }
    }

    void release(Session s) throws SQLException {
        try {
            s.proxy.toxics().get(HOLD_TOXIC).remove();
        } catch (IOException e) {
            throw new SQLException("cannot release the held statement through the proxy: " + e.getMessage(), e);
        }
    }

    /**
     * Sends the statement with its request or its answer lost: the client times
     * out and drops its connection (so a transaction it had open is gone).
     * A lost answer's statement ran unless it was still waiting for a lock
     * when the connection went.
     */
    Lost lose(Session s, Callable<JobOutcome> call, NetworkFault fault) throws SQLException {
        boolean requestLost = fault == NetworkFault.REQUEST_LOST;
        String toxic = "fencecheck-" + (requestLost ? "request" : "response") + "-lost";
        String error = null;
        try {
            s.proxy.toxics().timeout(toxic, requestLost ? ToxicDirection.UPSTREAM : ToxicDirection.DOWNSTREAM, 0);
        } catch (IOException e) {
            throw new SQLException("cannot inject the timeout fault through the proxy: " + e.getMessage(), e);
        }
        try {
            s.connection.setNetworkTimeout(Runnable::run, LOST_ANSWER_TIMEOUT_MILLIS);
            call.call();
            error = "the fault did not take: the client got an answer";
        } catch (Exception timedOut) {
            // the client gave up: it does not know what happened
        } finally {
            try {
                s.proxy.toxics().get(toxic).remove();
            } catch (IOException | RuntimeException ignored) {
                // gone with the connection
            }
        }
        boolean ran = !requestLost && st.runner.ranBeforeTheClientGaveUp(s);
        st.runner.drop(s);
        return new Lost(ran, error);
    }
}
