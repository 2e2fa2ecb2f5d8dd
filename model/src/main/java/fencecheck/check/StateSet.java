package fencecheck.check;

import java.util.Arrays;

/**
 * The states the {@link ModelExplorer} has met, by their exact encodings ({@link StateCodec}), each with the state it
 * was first reached from and by which edge: a breadth-first search's parents, from which a shortest path is read back.
 * Open addressing over one byte array, so a million states take some fifty megabytes, not a million objects.
 */
final class StateSet {

    private byte[] bytes = new byte[1 << 16];
    private int used;
    private int[] start = new int[1 << 12];
    private int[] hashes = new int[1 << 12];
    private int[] parents = new int[1 << 12];
    private int[] edges = new int[1 << 12];
    private int size;
    /** Slots hold a state's number plus one; 0 is empty. */
    private int[] table = new int[1 << 13];

    int size() {
        return size;
    }

    int parent(int state) {
        return parents[state];
    }

    int edge(int state) {
        return edges[state];
    }

    /**
     * Adds the state encoded in {@code code[0..length)}, reached from {@code parent} by {@code edge}, unless it is
     * there already.
     *
     * @return the new state's number, or -1 when it was met before
     */
    int add(byte[] code, int length, int parent, int edge) {
        int hash = hash(code, length);
        int mask = table.length - 1;
        for (int slot = hash & mask; ; slot = (slot + 1) & mask) {
            int held = table[slot];
            if (held == 0) {
                int id = append(code, length, hash, parent, edge);
                table[slot] = id + 1;
                if (size * 2 > table.length) {
                    grow();
                }
                return id;
            }
            int other = held - 1;
            if (hashes[other] == hash && Arrays.equals(bytes, start[other], end(other), code, 0, length)) {
                return -1;
            }
        }
    }

    private int end(int state) {
        return state + 1 < size ? start[state + 1] : used;
    }

    private int append(byte[] code, int length, int hash, int parent, int edge) {
        if (used + length > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, used + length));
        }
        System.arraycopy(code, 0, bytes, used, length);
        if (size == start.length) {
            int n = size * 2;
            start = Arrays.copyOf(start, n);
            hashes = Arrays.copyOf(hashes, n);
            parents = Arrays.copyOf(parents, n);
            edges = Arrays.copyOf(edges, n);
        }
        start[size] = used;
        hashes[size] = hash;
        parents[size] = parent;
        edges[size] = edge;
        used += length;
        return size++;
    }

    private void grow() {
        int[] bigger = new int[table.length * 2];
        int mask = bigger.length - 1;
        for (int id = 0; id < size; id++) {
            int slot = hashes[id] & mask;
            while (bigger[slot] != 0) {
                slot = (slot + 1) & mask;
            }
            bigger[slot] = id + 1;
        }
        table = bigger;
    }

    private static int hash(byte[] code, int length) {
        long h = 0x9E3779B97F4A7C15L ^ length;
        for (int i = 0; i < length; i++) {
            h = (h ^ (code[i] & 0xFF)) * 0x100000001B3L;
        }
        h ^= h >>> 33;
        h *= 0xFF51AFD7ED558CCDL;
        h ^= h >>> 33;
        return (int) h;
    }
}
