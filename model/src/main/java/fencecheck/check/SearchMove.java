package fencecheck.check;

import fencecheck.api.Outcome;

/** A step of the search: operation {@code op} placed at instant {@code at}, leading to {@code next}. */
record SearchMove(int op, long at, SearchNode next, Outcome effect, String difference) {
}
