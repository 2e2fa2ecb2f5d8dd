package fencecheck.faults.proxy;

import java.util.Arrays;

/**
 * Bytes read from one side of a connection with the time they were read
 * ({@link System#nanoTime()}), or the end of that side's stream.
 */
record Chunk(byte[] data, long readAtNanos, boolean isEnd) {

    static Chunk of(byte[] data) {
        return new Chunk(data, System.nanoTime(), false);
    }

    static Chunk end() {
        return new Chunk(new byte[0], System.nanoTime(), true);
    }

    int size() {
        return data.length;
    }

    /** The bytes from {@code from} (inclusive) to {@code to} (exclusive), read at the same time. */
    Chunk slice(int from, int to) {
        return new Chunk(Arrays.copyOfRange(data, from, to), readAtNanos, isEnd);
    }

    /** The same bytes, as if read at {@code nanos}. */
    Chunk readAt(long nanos) {
        return new Chunk(data, nanos, isEnd);
    }
}
