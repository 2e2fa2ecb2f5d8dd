package fencecheck.check;

import fencecheck.api.KeyState;
import fencecheck.api.Outcome;

/**
 * The rows after an operation, with how late the lease may end, the answer it took effect with, and for an
 * admissible answer how it differs from the reference's (null for the reference's).
 */
record Branch(KeyState rows, long untilMax, Outcome effect, String difference) {

    Branch(KeyState rows, long untilMax, Outcome effect) {
        this(rows, untilMax, effect, null);
    }
}
