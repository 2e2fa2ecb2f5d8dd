package fencecheck.check;

import fencecheck.api.KeyState;

import java.util.BitSet;
import java.util.Objects;

/**
 * A state of the search: which operations are placed, the last instant, the key's rows, and how late the
 * lease may end. A grant or renewal whose answer was lost ended the lease at some instant of
 * [{@code rows.lease().until()}, {@code untilMax}] (its statement read the clock somewhere in its interval);
 * later answers narrow that range, and the one that reveals the end (a re-grant) fixes it.
 */
record SearchNode(BitSet placed, long last, KeyState rows, long untilMax, int knownPlaced) {

    @Override
    public boolean equals(Object o) {
        return o instanceof SearchNode n && last == n.last && untilMax == n.untilMax && placed.equals(n.placed) && rows.equals(n.rows);
    }

    @Override
    public int hashCode() {
        return Objects.hash(placed, last, rows, untilMax);
    }
}
