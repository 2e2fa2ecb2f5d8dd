package fencecheck.run;

import eu.rekawek.toxiproxy.Proxy;
import eu.rekawek.toxiproxy.model.ToxicDirection;
import fencecheck.db.StatementTap;
import fencecheck.trace.NetworkFault;

import java.io.IOException;
import java.sql.SQLException;

/**
 * A lost request or answer aimed at one statement of a call: counts the
 * statements the call sends and, just before the aimed one goes out, has the
 * worker's proxy take away its request or its answer. The statements before it
 * go through untouched, so a call of several (a check and then a write, a
 * transaction of its own and its COMMIT) meets the fault where the trace says.
 */
final class AimedFault implements StatementTap {

    private final Proxy proxy;
    private final NetworkFault fault;
    private final int statement;
    private int sent;
    /** The statement the fault hit, in a word; null until it went out. */
    private String hit;
    private SQLException notInjected;

    AimedFault(Proxy proxy, NetworkFault fault, int statement) {
        if (fault != NetworkFault.REQUEST_LOST && fault != NetworkFault.RESPONSE_LOST) {
            throw new IllegalArgumentException("only a lost request or answer is aimed at a statement: " + fault);
        }
        this.proxy = proxy;
        this.fault = fault;
        this.statement = statement;
    }

    @Override
    public void beforeSending(String what) throws SQLException {
        if (++sent != statement) {
            return;
        }
        try {
            proxy.toxics().timeout(toxicName(), fault == NetworkFault.REQUEST_LOST ? ToxicDirection.UPSTREAM : ToxicDirection.DOWNSTREAM, 0);
        } catch (IOException e) {
            notInjected = new SQLException("cannot inject the timeout fault through the proxy: " + e.getMessage(), e);
            throw notInjected;
        }
        hit = what;
    }

    /** The proxy lets data through again (the connection it took the data of is dropped anyway). */
    void remove() {
        if (hit == null) {
            return;
        }
        try {
            proxy.toxics().get(toxicName()).remove();
        } catch (IOException | RuntimeException ignored) {
            // gone with the connection
        }
    }

    /** @throws SQLException when the proxy could not be told to take the statement's request or answer away */
    void requireInjected() throws SQLException {
        if (notInjected != null) {
            throw notInjected;
        }
    }

    /** Whether the aimed statement went out, and met the fault. */
    boolean hit() {
        return hit != null;
    }

    /**
     * Whether the fault took the answer of a COMMIT: its request reached the server, ahead of the end of the
     * connection the client dropped, so the server ran it. A lost request, or a fault on an earlier statement of
     * the call, leaves the COMMIT unsent.
     */
    boolean tookTheAnswerOfACommit() {
        return fault == NetworkFault.RESPONSE_LOST && "COMMIT".equals(hit);
    }

    /** How many statements the call sent, the one the fault hit included. */
    int sent() {
        return sent;
    }

    /** The aimed statement in words: "statement 2 (COMMIT)". */
    String statementInWords() {
        return "statement " + statement + (hit != null ? " (" + hit + ")" : "");
    }

    private String toxicName() {
        return "fencecheck-" + (fault == NetworkFault.REQUEST_LOST ? "request" : "response") + "-lost";
    }
}
