package fencecheck.trace;

/** What the network does to a call of a worker, through the worker's fault proxy. */
public enum NetworkFault {
    /** The statement never reaches the database; the client times out and drops its connection. */
    REQUEST_LOST,
    /**
     * The statement runs (and commits, when it is on its own or a COMMIT); its answer is dropped and the client
     * times out, not knowing the outcome, and drops its connection.
     */
    RESPONSE_LOST,
    /** The call's first statement is held by the network until a later step delivers it (latency beyond the lease). */
    DELAYED,
    /** The connection is reset after the call, e.g. after a write inside an open transaction: the transaction is gone. */
    CONNECTION_RESET
}
