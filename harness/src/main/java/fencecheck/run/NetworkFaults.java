package fencecheck.run;

import eu.rekawek.toxiproxy.model.ToxicDirection;
import fencecheck.db.StatementTap;
import fencecheck.job.JobCommand;
import fencecheck.job.JobOutcome;
import fencecheck.trace.NetworkFault;
import org.postgresql.core.BaseConnection;
import org.postgresql.core.TransactionState;

import java.io.IOException;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * The network between each worker and the database, through the worker's own
 * fault proxy: which fault the next call of a session meets, and the toxics
 * that make it happen (a request or an answer of one of the call's statements
 * lost, a statement held until delivered).
 */
final class NetworkFaults {

    /** How long a client waits for each answer of a call whose request or answer the network is to lose. */
    static final int LOST_ANSWER_TIMEOUT_MILLIS = 100;
    private static final String HOLD_TOXIC = "fencecheck-hold";
    /** How long the network holds a delayed statement if no step delivers it: for ever, as far as a try goes. */
    private static final int HELD_MILLIS = 3_600_000;

    /** A fault armed for a session's next call: what it does and, for a lost request or answer, to which statement (from 1). */
    record Armed(NetworkFault fault, int statement) {
    }

    /**
     * What became of a call one of whose statements was to lose its request or answer.
     *
     * @param aim     the statement the fault was aimed at, whether it went out, and how many the call sent
     * @param outcome the call's answer, when the client got one (it sent fewer statements, or the fault did not take)
     * @param failure what the call ended with when it got no answer
     * @param server  where the server process stood when the client gave up and dropped its connection; null when it
     *                did not give up (the call never sent the aimed statement, and every answer came)
     */
    record Sent(AimedFault aim, JobOutcome outcome, Exception failure, long nanos, ServerSide server) {
        boolean gaveUp() {
            return server != null;
        }

        /**
         * Whether the call's COMMIT committed: the server got it (only its answer was lost), and shows no
         * transaction open since (done, or gone once it read the end of the connection after the COMMIT).
         */
        boolean committed() {
            return aim.tookTheAnswerOfACommit() && (server == ServerSide.IDLE || server == ServerSide.GONE);
        }
    }

    private final TryState st;
    /** Per incarnation, the network fault its next call meets. */
    private final Map<String, Armed> armed = new HashMap<>();

    NetworkFaults(TryState st) {
        this.st = st;
    }

    /** @return false when the runner has no fault proxies, so nothing can be armed */
    boolean arm(String incarnation, NetworkFault fault, int statement) {
        if (!st.runner.throughFaultProxies()) {
            return false;
        }
        armed.put(incarnation, new Armed(fault, statement));
        return true;
    }

    /** The fault the call meets, if one is armed and the call sends anything to the server at all. */
    Armed take(String session, JobCommand command, Session s) throws SQLException {
        return sendsNothing(command, s) ? null : armed.remove(session);
    }

    /**
     * Whether the call sends nothing to the server: a begin does not (the
     * driver opens the transaction with the next statement), nor does the end
     * of a transaction that has sent nothing yet. A fault armed for the
     * session waits for the next call that does.
     */
    private static boolean sendsNothing(JobCommand command, Session s) throws SQLException {
        if (command instanceof JobCommand.Begin) {
            return true;
        }
        return (command instanceof JobCommand.Commit || command instanceof JobCommand.Rollback) && s.connection != null
                && s.connection.unwrap(BaseConnection.class).getTransactionState() == TransactionState.IDLE;
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
     * Runs the call with the request or the answer of its aimed statement lost:
     * the statements before it go through, the client waits at most
     * {@link #LOST_ANSWER_TIMEOUT_MILLIS} for each answer, and once it gives up it
     * drops its connection (so a transaction open on it, the runner's or the
     * implementation's own, is gone), after the server finished what it got.
     */
    Sent send(Session s, Callable<JobOutcome> call, Armed fault) throws SQLException {
        AimedFault aim = new AimedFault(s.proxy, fault.fault(), fault.statement());
        int usual = s.connection.getNetworkTimeout();
        JobOutcome outcome = null;
        Exception failure = null;
        long started = System.nanoTime();
        StatementTap.attach(s.connection, aim);
        try {
            s.connection.setNetworkTimeout(Runnable::run, LOST_ANSWER_TIMEOUT_MILLIS);
            outcome = call.call();
        } catch (Exception noAnswer) {
            failure = noAnswer;
        } finally {
            StatementTap.attach(s.connection, null);
            aim.remove();
        }
        long nanos = System.nanoTime() - started;
        aim.requireInjected();
        if (!aim.hit() && !s.connection.isClosed()) {
            s.connection.setNetworkTimeout(Runnable::run, usual);
            return new Sent(aim, outcome, failure, nanos, null);
        }
        ServerSide server = st.runner.lockWaits().afterTheClientGaveUp(s);
        st.runner.sessions().drop(s);
        return new Sent(aim, outcome, failure, nanos, server);
    }
}
