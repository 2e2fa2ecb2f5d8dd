package fencecheck.faults.proxy;

/**
 * What a link remembers about one of its toxics: whether the toxic applies to
 * this connection (drawn from its toxicity), since when it applies in its
 * current configuration or last saw data, and how many bytes it let through.
 */
final class ToxicState {

    /** The configuration the fields below were set for. */
    Toxic configuredAs;
    boolean active;
    long sinceNanos;
    long bytesPassed;
}
