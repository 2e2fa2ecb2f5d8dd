package fencecheck.trace;

/** Which token a write carries. */
public enum TokenSource {
    /** The token the worker believes it holds (stale if it lost the lease meanwhile). */
    HELD,
    /** One above the key's latest grant: a token no grant ever gave. */
    ABOVE_FENCE,
    /** The latest token granted for another job key: a cross-key token. */
    OTHER_KEY
}
