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
     * token, so it judges the token the database granted
     * ({@link LeaseModel#acquire(ProtocolState, Command.Acquire, long)}) and goes on with it.
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
     */
    public abstract boolean continues(long highestGranted, long observed);

    /** The least token that continues the sequence: what the model answers when it is not told the granted one. */
    public long least(long highestGranted) {
        return highestGranted + 1;
    }
}
