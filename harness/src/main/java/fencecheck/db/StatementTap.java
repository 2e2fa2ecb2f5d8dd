package fencecheck.db;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * What the harness hears just before one of its sessions sends a statement to
 * the server, on the thread that sends it: a query or update of any of the
 * session's statements, and a COMMIT or ROLLBACK the driver sends for an open
 * transaction (a begin goes with the statement after it, so it is no statement
 * of its own here). The runner counts them to aim a network fault at one
 * statement of a call that sends several, and to say which one it hit.
 */
@FunctionalInterface
public interface StatementTap {

    /**
     * @param statement the statement in a word: the first keyword of its SQL ({@code SELECT}, {@code WITH}, ...), or
     *                  {@code COMMIT} / {@code ROLLBACK} for the driver's own
     * @throws SQLException to stop the statement from being sent (the caller's call fails with it)
     */
    void beforeSending(String statement) throws SQLException;

    /**
     * Lets {@code tap} hear every statement {@code session} sends from now on; null stops that.
     *
     * @throws IllegalArgumentException when {@code session} was not opened by a {@link Database} of the harness
     */
    static void attach(Connection session, StatementTap tap) {
        TimeKeywordSessions.tap(session, tap);
    }
}
