package fencecheck.trace;

/** What the network does to one statement of a worker, through the worker's fault proxy. */
public enum NetworkFault {
    /** The statement never reaches the database; the client times out. Nothing changes. */
    REQUEST_LOST,
    /** The statement commits; its answer is dropped and the client times out, not knowing the outcome. */
    RESPONSE_LOST,
    /** The statement is held by the network until a later step delivers it (latency beyond the lease). */
    DELAYED,
    /** The connection is reset after a write inside an open transaction: the transaction is gone. */
    CONNECTION_RESET
}
