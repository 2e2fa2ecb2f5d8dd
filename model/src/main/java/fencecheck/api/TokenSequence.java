package fencecheck.api;

import org.apiguardian.api.API;

/**
 * Which tokens an implementation may grant. Either way tokens per key are
 * strictly increasing and never reused (invariant 3); they differ in whether the
 * model can predict the next one.
 */
@API(status = API.Status.STABLE, since = "0.1")
public enum TokenSequence {

    /** The implementation grants 1, 2, 3, ... per key: the model predicts every token. The reference. */
    CONSECUTIVE_PER_KEY {
        @Override
        public boolean continues(long highestGranted, long observed) {
            return observed == highestGranted + 1;
        }
    },

    /**
     * The implementation grants any strictly increasing positive sequence per key, with gaps
     * (e.g. from one database sequence shared by all keys): the model cannot predict a
     * token, so it judges the token the database granted (whether it {@link #continues} the
     * key's sequence) and goes on with it.
     */
    INCREASING {
        @Override
        public boolean continues(long highestGranted, long observed) {
            return observed > highestGranted && observed > 0;
        }
    };

    /**
     * Whether a fresh grant with token {@code observed} continues a key whose highest
     * grant so far is {@code highestGranted} (0 for a key never granted).
     *
     * @param highestGranted the highest token granted for the key so far, 0 for none
     * @param observed       the token of the new grant
     * @return whether {@code observed} may follow {@code highestGranted} under this sequence
     */
    public abstract boolean continues(long highestGranted, long observed);

    /**
     * The least token that continues the sequence: what the model answers when it is not told the granted one.
     *
     * @param highestGranted the highest token granted for the key so far, 0 for none
     * @return {@code highestGranted + 1}
     */
    public long least(long highestGranted) {
        return highestGranted + 1;
    }
}
