package fencecheck.check;

/**
 * One symbolic step of a generated walk, independent of the settings: the same
 * moves are played under every {@link fencecheck.api.ModelConfig}, each resolved
 * against that model's own state (which token a worker believes it holds, where a
 * lease ends) and its time resolution (durations count in its units).
 */
sealed interface Move {

    /** A renew's or release's key that means "the key this worker was last granted": workers mostly act on their own lease. */
    int OWN_KEY = 2;

    /** How an acquire is stepped: without a granted token, or with one the database might have granted. */
    enum Pick {
        /** {@code LeaseModel.step}: the model predicts the token. */
        PREDICTED,
        /** The next token of the key: what a consecutive sequence grants. */
        NEXT,
        /** A token from a sequence shared by all keys, {@code gap} (at least 1) above what it would be next: what an increasing sequence may grant. */
        GAP,
        /** The key's latest token again (or 0): a broken sequence under every setting. */
        STALE
    }

    /** Where the clock goes: by a few units, or to one microsecond around the end of a key's lease. */
    enum Tick {
        MICRO, HALF_UNIT, UNIT, THREE_UNITS, JUST_BEFORE_END, AT_END, JUST_AFTER_END
    }

    /** {@code ttl} is {@code units} units of the resolution plus an odd part ({@code extra}: 0, 1 µs, half a unit, a unit less 1 µs). */
    record Acquire(int worker, int key, int units, int extra, Pick pick, int gap) implements Move {
    }

    record Renew(int worker, int key, int units, boolean wrongToken) implements Move {
    }

    record Release(int worker, int key, boolean wrongToken) implements Move {
    }

    /** A write under the worker's believed token moved by {@code shift} (so also stale or forged ones). */
    record Write(int worker, int key, boolean fenced, int shift, int result, int payload, boolean rolledBack) implements Move {
    }

    record Clock(Tick tick, int key) implements Move {
    }

    /** The worker's execution ends and a new one starts, with a fresh owner and no beliefs. */
    record Restart(int worker) implements Move {
    }
}
