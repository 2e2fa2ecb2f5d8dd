package fencecheck.check;

import fencecheck.api.KeyState;
import fencecheck.api.Outcome;

/**
 * The rows after an operation, with how late the lease may end and how high its token may be ({@link OpenTokens}),
 * whether the lease is still the one of the grant before it, the answer it took effect with, and for an admissible
 * answer how it differs from the reference's (null for the reference's).
 */
record Branch(KeyState rows, long untilMax, long tokenMax, boolean sameGrant, Outcome effect, String difference) {

    /** A branch whose lease's token is the one its row gives. */
    Branch(KeyState rows, long untilMax, Outcome effect, String difference) {
        this(rows, untilMax, OpenTokens.exactToken(rows), false, effect, difference);
    }

    Branch(KeyState rows, long untilMax, Outcome effect) {
        this(rows, untilMax, effect, null);
    }

    /** The same branch with how high its lease's token may be, and whether its lease is the same grant's as before. */
    Branch withTokens(long newTokenMax, boolean newSameGrant) {
        return new Branch(rows, untilMax, newTokenMax, newSameGrant, effect, difference);
    }
}
