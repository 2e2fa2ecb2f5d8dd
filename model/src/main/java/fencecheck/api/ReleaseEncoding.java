package fencecheck.api;

import org.apiguardian.api.API;

/**
 * How an implementation stores a successful release. Every encoding keeps the
 * row and its token, so tokens never restart; they differ in what the row says
 * afterwards, and so in what the next statements at the same instant see.
 */
@API(status = API.Status.STABLE, since = "0.1")
public enum ReleaseEncoding {

    /**
     * The implementation sets {@code until = least(until, now - 1 unit)} (one unit of
     * the claimed {@link TimeResolution}): the lease is expired from the release on,
     * under either boundary, and another owner may acquire at the same instant. The reference.
     */
    EXPIRE_BEFORE_NOW,

    /**
     * The implementation sets {@code until = least(until, now)}. What follows is whatever
     * that row means at the boundary the implementation claims: with {@link Boundary#EXCLUSIVE}
     * (and microseconds) the lease is expired from the release on; with {@link Boundary#INCLUSIVE}
     * it is still valid at the release instant itself, so at that instant another owner's
     * acquire is {@code Busy}, the releasing owner's renew succeeds (and so revives the lease),
     * and its acquire is an idempotent re-grant answering the shortened {@code until} (one answering
     * a later end is unsafe: the released lease would start again under its old token); from the
     * next microsecond on it is expired. With {@link TimeResolution#MILLISECONDS} the stored
     * {@code until} is {@code now} rounded, which may lie up to half a millisecond after the
     * release: the lease stays valid until then, under either boundary.
     */
    EXPIRE_AT_NOW,

    /**
     * The implementation keeps the row, its token and its {@code until}, and marks it
     * released: the lease is not held by anyone from the release on, whatever its
     * {@code until}; no renew revives it, and the next acquire (by any owner, the
     * releasing one included) is a new grant continuing the key's token sequence. A renew
     * answered {@code Renewed} anyway, before anyone else was granted the key, is admissible
     * as a revival: the lease is then held again, no longer marked.
     */
    KEEP_TOKEN_MARK_RELEASED
}
