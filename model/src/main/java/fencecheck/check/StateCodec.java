package fencecheck.check;

import fencecheck.api.Boundary;
import fencecheck.api.KeyState;
import fencecheck.api.Lease;
import fencecheck.api.StoredResult;
import fencecheck.model.ProtocolState;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A state of the {@link ModelExplorer} as the bytes it is compared by: exact (no hash stands for a state), small
 * (a few dozen bytes), and the same for every state the scope's {@link ExplorationScope.Reduction} takes as one. Every
 * number is written as a variable-length integer; instants are written relative to the clock; under the full
 * reduction every renaming of workers and keys is tried and the least encoding is the state's.
 */
final class StateCodec {

    private final ExplorationScope scope;
    private final Boundary boundary;
    private final long past;
    /** Per renaming: where each worker goes, and which worker comes at each place; the same for keys. */
    private final int[][] workerTo;
    private final int[][] workerAt;
    private final int[][] keyAt;
    private byte[] best = new byte[256];
    private byte[] work = new byte[256];
    private int bestLength;
    private int length;

    StateCodec(ExplorationScope scope) {
        this.scope = scope;
        this.boundary = scope.config().boundary();
        boolean full = scope.reduction() == ExplorationScope.Reduction.FULL;
        this.past = full ? -ExplorationScope.PAST_UNITS * scope.unit() : Long.MIN_VALUE;
        List<int[]> workerOrders = full ? permutations(scope.workers()) : List.of(identity(scope.workers()));
        List<int[]> keyOrders = full ? permutations(scope.keys()) : List.of(identity(scope.keys()));
        int n = workerOrders.size() * keyOrders.size();
        workerTo = new int[n][];
        workerAt = new int[n][];
        keyAt = new int[n][];
        int i = 0;
        for (int[] w : workerOrders) {
            for (int[] k : keyOrders) {
                workerAt[i] = w;
                workerTo[i] = inverse(w);
                keyAt[i] = k;
                i++;
            }
        }
    }

    /** The encoding of {@code state}: valid until the next call, {@link #length()} bytes long. */
    byte[] encode(ExplorationScope.State state) {
        extract(state);
        bestLength = -1;
        for (int r = 0; r < workerTo.length; r++) {
            length = 0;
            emit(workerTo[r], workerAt[r], keyAt[r]);
            if (bestLength < 0 || Arrays.compare(work, 0, length, best, 0, bestLength) < 0) {
                byte[] swap = best;
                best = work;
                work = swap;
                bestLength = length;
            }
        }
        return best;
    }

    int length() {
        return bestLength;
    }

    // the fields of one key, read from the state once and written once per renaming
    private static final int LEASE = 0;         // 0 none, 1 held row, 2 released row; 3 more once its holder released it
    private static final int OWNER = 1;         // worker
    private static final int UNTIL = 2;
    private static final int TOKEN = 3;
    private static final int LATEST = 4;        // 0 none, 1 another payload, 2 + writer
    private static final int LATEST_TOKEN = 5;
    private static final int FENCED = 6;        // as LATEST, for the one result id
    private static final int FENCED_TOKEN = 7;
    private static final int MONITOR = 8;       // the monitor's slots before its claims
    private static final int PER_KEY = MONITOR + InvariantMonitor.slotsPerKeyBeforeClaims();
    // then per worker: its belief, and its claim (0 none, else 1 + the end relative to now)
    private long[] fields = new long[0];

    private int width() {
        return PER_KEY + 2 * scope.workers();
    }

    private void extract(ExplorationScope.State state) {
        int workers = scope.workers();
        int keys = scope.keys();
        int width = width();
        if (fields.length != width * keys) {
            fields = new long[width * keys];
        }
        ProtocolState model = state.model();
        long now = model.now();
        InvariantMonitor m = state.monitor();
        for (int k = 0; k < keys; k++) {
            int b = k * width;
            KeyState rows = model.key(ExplorationScope.key(k));
            Lease lease = rows.lease();
            if (lease == null) {
                fields[b + LEASE] = 0;
                fields[b + OWNER] = 0;
                fields[b + UNTIL] = 0;
                fields[b + TOKEN] = 0;
            } else {
                // what the judge remembers of a release besides the row (ProtocolState.released)
                fields[b + LEASE] = (lease.released() ? 2 : 1) + (model.releasedByHolder(ExplorationScope.key(k)) ? 3 : 0);
                fields[b + OWNER] = ExplorationScope.workerIndex(lease.owner());
                fields[b + UNTIL] = instant(lease.until(), now);
                fields[b + TOKEN] = lease.token();
            }
            result(rows.latest(), b + LATEST);
            StoredResult fenced = null;
            if (!rows.fenced().isEmpty()) {
                if (rows.fenced().size() > 1 || (fenced = rows.fenced().get(ExplorationScope.RESULT)) == null) {
                    throw new IllegalStateException("result ids " + rows.fenced().keySet() + " are not the exploration's one");
                }
            }
            result(fenced, b + FENCED);
            for (int slot = 0; slot < InvariantMonitor.slotsPerKeyBeforeClaims(); slot++) {
                long v = m.get(k, slot);
                if (InvariantMonitor.isInstant(slot)) {
                    // the slot before an instant is its lease's token: no lease, no end
                    v = m.get(k, slot - 1) == 0 ? 0 : instant(v, now);
                }
                fields[b + MONITOR + slot] = v == InvariantMonitor.NONE ? -1 : v;
            }
            for (int w = 0; w < workers; w++) {
                fields[b + PER_KEY + 2 * w] = state.beliefs()[w * keys + k];
                long until = m.claim(k, w);
                // an answered lease no longer valid never is again: the clock only moves on
                fields[b + PER_KEY + 2 * w + 1] = until == InvariantMonitor.NONE || !boundary.isValid(now, until) ? 0 : 1 + until - now;
            }
        }
    }

    private void result(StoredResult row, int at) {
        if (row == null) {
            fields[at] = 0;
            fields[at + 1] = 0;
            return;
        }
        int writer = ExplorationScope.payloadIndex(row.payload());
        fields[at] = writer < 0 ? 1 : 2 + writer;
        fields[at + 1] = row.token();
    }

    private void emit(int[] to, int[] at, int[] keys) {
        int width = width();
        for (int k : keys) {
            int b = k * width;
            put(fields[b + LEASE]);
            put(fields[b + LEASE] == 0 ? 0 : to[(int) fields[b + OWNER]]);
            put(fields[b + UNTIL]);
            put(fields[b + TOKEN]);
            put(writer(fields[b + LATEST], to));
            put(fields[b + LATEST_TOKEN]);
            put(writer(fields[b + FENCED], to));
            put(fields[b + FENCED_TOKEN]);
            for (int slot = 0; slot < InvariantMonitor.slotsPerKeyBeforeClaims(); slot++) {
                long v = fields[b + MONITOR + slot];
                if (InvariantMonitor.isWorker(slot)) {
                    v = v < 0 ? -1 : to[(int) v];
                } else if (InvariantMonitor.isPayload(slot)) {
                    v = v <= 0 ? v : to[(int) v - 1] + 1;
                }
                put(v);
            }
            for (int w : at) {
                put(fields[b + PER_KEY + 2 * w]);
                put(fields[b + PER_KEY + 2 * w + 1]);
            }
        }
    }

    private static long writer(long code, int[] to) {
        return code < 2 ? code : 2 + to[(int) code - 2];
    }

    /** An instant relative to now; under the full reduction, one long past is taken as {@code past}. */
    private long instant(long at, long now) {
        return Math.max(at - now, past);
    }

    /** A zig-zag variable-length integer: small numbers of either sign take one byte. */
    private void put(long v) {
        long z = (v << 1) ^ (v >> 63);
        if (length + 10 > work.length) {
            work = Arrays.copyOf(work, work.length * 2);
        }
        while ((z & ~0x7FL) != 0) {
            work[length++] = (byte) ((z & 0x7F) | 0x80);
            z >>>= 7;
        }
        work[length++] = (byte) z;
    }

    private static int[] identity(int n) {
        int[] p = new int[n];
        for (int i = 0; i < n; i++) {
            p[i] = i;
        }
        return p;
    }

    private static int[] inverse(int[] p) {
        int[] q = new int[p.length];
        for (int i = 0; i < p.length; i++) {
            q[p[i]] = i;
        }
        return q;
    }

    private static List<int[]> permutations(int n) {
        List<int[]> all = new ArrayList<>();
        permute(identity(n), 0, all);
        return all;
    }

    private static void permute(int[] p, int from, List<int[]> all) {
        if (from == p.length) {
            all.add(p.clone());
            return;
        }
        for (int i = from; i < p.length; i++) {
            swap(p, from, i);
            permute(p, from + 1, all);
            swap(p, from, i);
        }
    }

    private static void swap(int[] p, int i, int j) {
        int t = p[i];
        p[i] = p[j];
        p[j] = t;
    }
}
