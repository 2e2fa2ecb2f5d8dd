package fencecheck.check;

import fencecheck.api.KeyState;

import java.util.Comparator;

/**
 * One key's operations as the search sees them: sorted by earliest instant, each with the interval it may have taken
 * effect in (the clock's uncertainty taken in), and the key's rows at the start and at the end.
 */
final class KeyOperations {

    private final String key;
    /** The run's start: messages give instants from it. */
    private final long zero;
    /** Sorted by earliest instant. */
    private final TimedOperation[] ops;
    private final long[] lo;
    private final long[] hi;
    private final int knownCount;
    private final KeyState startRows;
    private final KeyState finalRows;

    KeyOperations(RealTimeHistory part, String key, long zero) {
        this.key = key;
        this.zero = zero;
        this.ops = part.operations().stream().sorted(Comparator.comparingLong(part::earliest)).toArray(TimedOperation[]::new);
        this.lo = new long[ops.length];
        this.hi = new long[ops.length];
        int known = 0;
        for (int i = 0; i < ops.length; i++) {
            lo[i] = part.earliest(ops[i]);
            hi[i] = part.latest(ops[i]);
            known += ops[i].unknown() ? 0 : 1;
        }
        this.knownCount = known;
        this.finalRows = part.finalRows().get(key);
        this.startRows = part.startRowsOf(key);
    }

    String key() {
        return key;
    }

    long zero() {
        return zero;
    }

    int size() {
        return ops.length;
    }

    /** The operation at position {@code i} in order of earliest instant. */
    TimedOperation op(int i) {
        return ops[i];
    }

    /** The earliest instant operation {@code i} may have taken effect at. */
    long lo(int i) {
        return lo[i];
    }

    /** The latest instant operation {@code i} may have taken effect at. */
    long hi(int i) {
        return hi[i];
    }

    /** How many operations have a known answer. */
    int knownCount() {
        return knownCount;
    }

    KeyState startRows() {
        return startRows;
    }

    /** The rows read at the end, or null when none were read. */
    KeyState finalRows() {
        return finalRows;
    }
}
