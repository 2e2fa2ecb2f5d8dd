package fencecheck.check;

import fencecheck.api.Outcome;

/**
 * A step of the search: operation {@code op} placed at instant {@code at}, leading to {@code next}; {@code sameGrant}
 * when the lease after it is the one of the grant before it (renewed, released, or its token narrowed).
 */
record SearchMove(int op, long at, SearchNode next, Outcome effect, String difference, boolean sameGrant) {
}
