package fencecheck.api;

import org.apiguardian.api.API;

/**
 * How the database's rows of a key (its lease and the results in both sinks) are compared with the model's after each
 * step: what counts as the two agreeing.
 */
@API(status = API.Status.STABLE, since = "0.1")
public enum RowComparison {

    /**
     * The implementation's rows equal the model's field by field, {@code until} to the
     * claimed resolution and the released mark included. The reference.
     */
    EXACT,

    /**
     * The implementation's rows agree with the model's when, at the current instant, both
     * have a lease row or neither has, both rows carry the same token (the fence, held or
     * not), both say the same about whether the lease is held and, when it is, by which
     * owner, and the sinks hold the same rows. The exact {@code until}, how a release is
     * marked and the owner of a lease nobody holds are then judged only through answers:
     * a grant's or renewal's {@code until}, and what later statements find.
     */
    VALIDITY_AND_ANSWERS
}
