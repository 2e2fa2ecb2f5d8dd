package fencecheck.protocol.pack;

import java.sql.SQLException;
import java.util.concurrent.Callable;

/**
 * The point between two statements of one call: where the runner may stop the
 * calling thread and let other sessions go on before the next statement runs,
 * so that a file whose statements only together are right (a check in one, the
 * write it decides in the next) is caught. {@link PreparedOperation} passes it
 * after every statement of a file but the last; a Java implementation may
 * offer the same point with {@link #point}.
 *
 * <p>The runner sets the hook only around the call it runs on its own thread
 * ({@link #during}); anywhere else the point does nothing.
 */
@FunctionalInterface
public interface BetweenStatements {

    /**
     * Statement {@code done} (counted from 1) of {@code total} of {@code source} has run and the next has not
     * started; the hook may block the calling thread here.
     */
    void after(String source, int done, int total) throws InterruptedException;

    /** Nothing happens between statements: the default. */
    BetweenStatements NONE = (source, done, total) -> {
    };

    /** Runs {@code call} on this thread with {@code hook} at every point between statements it passes. */
    static <T> T during(BetweenStatements hook, Callable<T> call) throws Exception {
        BetweenStatementsOfThisThread.HOOK.set(hook);
        try {
            return call.call();
        } finally {
            BetweenStatementsOfThisThread.HOOK.remove();
        }
    }

    /**
     * The point after statement {@code done} of {@code total}: whatever hook the runner set for this call.
     *
     * @throws SQLException when the thread was interrupted while stopped here (the runner dropped the session)
     */
    static void point(String source, int done, int total) throws SQLException {
        try {
            BetweenStatementsOfThisThread.HOOK.get().after(source, done, total);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLException(source + ": the session was dropped between statements " + done + " and " + (done + 1)
                    + " of " + total);
        }
    }
}
