package fencecheck.run;

/**
 * Where a session's server process stands once its client gave up waiting for
 * an answer, before the runner drops the session: what the server did with the
 * last statement it received, as far as its state shows.
 */
enum ServerSide {
    /** Done, with no transaction open: the last statement finished, and a COMMIT among them committed. */
    IDLE,
    /** Done, inside a transaction that is still open (or aborted): it rolls back when the session is dropped. */
    IN_TRANSACTION,
    /** Still waiting for a lock, or still busy when the wait for it ran out: the drop cancels it. */
    WAITING,
    /** The process is gone: it ended with its connection after what it finished. */
    GONE
}
