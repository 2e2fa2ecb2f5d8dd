package fencecheck.check;

import fencecheck.api.KeyState;

import java.util.BitSet;
import java.util.Objects;

/**
 * A state of the search: which operations are placed, the last instant, the key's rows, how late the lease may end,
 * and how high its token may be. A grant or renewal whose answer was lost ended the lease at some instant of
 * [{@code rows.lease().until()}, {@code untilMax}] (its statement read the clock somewhere in its interval); later
 * answers narrow that range, and the one that reveals the end (a re-grant) fixes it. Likewise a grant whose answer was
 * lost, under a token sequence the model cannot predict, granted some token of [{@code rows.lease().token()},
 * {@code tokenMax}] ({@link OpenTokens}); without a lease, {@code tokenMax} is {@link Long#MIN_VALUE}.
 */
record SearchNode(BitSet placed, long last, KeyState rows, long untilMax, long tokenMax, int knownPlaced) {

    @Override
    public boolean equals(Object o) {
        return o instanceof SearchNode n && last == n.last && untilMax == n.untilMax && tokenMax == n.tokenMax && placed.equals(n.placed)
                && rows.equals(n.rows);
    }

    @Override
    public int hashCode() {
        return Objects.hash(placed, last, rows, untilMax, tokenMax);
    }
}
