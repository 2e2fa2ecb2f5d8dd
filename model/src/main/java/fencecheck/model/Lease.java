package fencecheck.model;

import fencecheck.api.Boundary;

/**
 * A lease row: who holds the job key, until when (microseconds, virtual time),
 * under which token, and whether it was released while kept
 * ({@link ReleaseEncoding#KEEP_TOKEN_MARK_RELEASED}; always false under the
 * other encodings, which expire a released lease through its {@code until}).
 */
public record Lease(String owner, long until, long token, boolean released) {

    /** A lease row that was not released: every row of the reference. */
    public Lease(String owner, long until, long token) {
        this(owner, until, token, false);
    }

    /** Whether the lease is held at {@code now}: not released and valid at the boundary convention. */
    public boolean isHeldAt(long now, Boundary boundary) {
        return !released && boundary.isValid(now, until);
    }

    public Lease withUntil(long newUntil) {
        return new Lease(owner, newUntil, token, released);
    }

    /** The same row under another name for its owner (e.g. a label in place of a uuid), the released mark kept. */
    public Lease withOwner(String newOwner) {
        return new Lease(newOwner, until, token, released);
    }

    public Lease markedReleased() {
        return new Lease(owner, until, token, true);
    }
}
