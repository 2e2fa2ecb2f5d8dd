package fencecheck.api;

import org.apiguardian.api.API;

/**
 * A lease row: who holds the job key, until when (microseconds, virtual time),
 * under which token, and whether it was released while kept
 * ({@link ReleaseEncoding#KEEP_TOKEN_MARK_RELEASED}; always false under the
 * other encodings, which expire a released lease through its {@code until}).
 *
 * @param owner    the owner id of the execution that holds it
 * @param until    its end, in microseconds on fencecheck's time line
 * @param token    the token of its grant
 * @param released whether it was released while its row was kept
 */
@API(status = API.Status.STABLE, since = "0.1")
public record Lease(String owner, long until, long token, boolean released) {

    /**
     * A lease row that was not released: every row of the reference.
     *
     * @param owner the owner id of the execution that holds it
     * @param until its end, in microseconds on fencecheck's time line
     * @param token the token of its grant
     */
    public Lease(String owner, long until, long token) {
        this(owner, until, token, false);
    }

    /**
     * Whether the lease is held at {@code now}: not released and valid at the boundary convention.
     *
     * @param now      an instant, in microseconds on fencecheck's time line
     * @param boundary whether a lease is still valid at its exact end
     * @return whether it is held then
     */
    public boolean isHeldAt(long now, Boundary boundary) {
        return !released && boundary.isValid(now, until);
    }

    /**
     * The same row with another end.
     *
     * @param newUntil the end, in microseconds on fencecheck's time line
     * @return the row with it
     */
    public Lease withUntil(long newUntil) {
        return new Lease(owner, newUntil, token, released);
    }

    /**
     * The same row under another name for its owner (e.g. a label in place of a uuid), the released mark kept.
     *
     * @param newOwner the owner's name
     * @return the row with it
     */
    public Lease withOwner(String newOwner) {
        return new Lease(newOwner, until, token, released);
    }

    /**
     * The same row marked released.
     *
     * @return the row, released
     */
    public Lease markedReleased() {
        return new Lease(owner, until, token, true);
    }
}
