package fencecheck.check;

import fencecheck.api.Boundary;
import fencecheck.api.KeyState;
import fencecheck.api.Outcome;
import fencecheck.api.Outcome.Applied;
import fencecheck.api.Outcome.Granted;
import fencecheck.api.Outcome.Released;
import fencecheck.api.Outcome.Renewed;
import fencecheck.api.Outcome.WriteOutcome;
import fencecheck.api.SinkKind;
import fencecheck.api.StoredResult;
import fencecheck.model.Command;
import fencecheck.model.Command.Acquire;
import fencecheck.model.Command.Release;
import fencecheck.model.Command.Renew;
import fencecheck.model.Command.Write;

import java.util.Arrays;

/**
 * Invariants 1-4 of {@link Invariants} and {@link AcknowledgedWrites}, kept step by step instead of over a whole
 * history: what those checkers remember of a history, per key, in a few numbers. The {@link ModelExplorer} carries one
 * along each path, so checking a step costs the same at any depth, and folds it into the state it compares (two paths
 * that reach the same model state with different memories are different states). A step breaks an invariant here
 * exactly when the batch checkers find a violation at that step of the path; {@code InvariantMonitorTest} compares the
 * two over every path of a small scope, and a finding's sentence is the batch checkers'.
 *
 * <p>Scope: the commands of an {@link ExplorationScope} (every write under its one result id, every owner and payload
 * a worker of the scope's, no answer lost).
 */
final class InvariantMonitor {

    /** No claim, no grant, no acknowledgement. */
    static final long NONE = Long.MIN_VALUE;

    // per key, these slots (the claims of invariant 2 follow them, one per worker)
    private static final int LATEST_GRANT = 0;       // 1: the highest token granted
    private static final int HIGHEST_ACCEPTED = 1;   // 1: the highest token the latest-token sink accepted
    private static final int CURRENT_TOKEN = 2;      // 3: the current lease's token, 0 for none
    private static final int CURRENT_UNTIL = 3;      // 3: its end as last answered
    private static final int HOLDER = 4;             // 3: its owner (worker index), -1 for none
    private static final int RELEASED = 5;           // 3: whether its holder released it
    private static final int ACK_LATEST_TOKEN = 6;   // 4: the latest-token acknowledgement kept, 0 for none
    private static final int ACK_LATEST_PAYLOAD = 7;
    private static final int ACK_FENCED_TOKEN = 8;   // 4: the fenced acknowledgement's write token, 0 for none
    private static final int ACK_FENCED_PAYLOAD = 9;
    private static final int ACK_FENCED_ROW = 10;    // 4: the row token it must keep, NONE until a replay's row is seen
    private static final int CLAIMS = 11;            // 2: per worker, the end of its longest answered lease, NONE

    private final int workers;
    private final long[] slots;

    private InvariantMonitor(int workers, long[] slots) {
        this.workers = workers;
        this.slots = slots;
    }

    static InvariantMonitor start(int workers, int keys) {
        int width = CLAIMS + workers;
        long[] slots = new long[width * keys];
        for (int k = 0; k < keys; k++) {
            int base = k * width;
            slots[base + HOLDER] = -1;
            slots[base + ACK_FENCED_ROW] = NONE;
            Arrays.fill(slots, base + CLAIMS, base + width, NONE);
        }
        return new InvariantMonitor(workers, slots);
    }

    private int width() {
        return CLAIMS + workers;
    }

    /** Slot {@code slot} of key {@code key}: what {@link StateCodec} encodes. */
    long get(int key, int slot) {
        return slots[key * width() + slot];
    }

    long claim(int key, int worker) {
        return get(key, CLAIMS + worker);
    }

    static int slotsPerKeyBeforeClaims() {
        return CLAIMS;
    }

    static boolean isInstant(int slot) {
        return slot == CURRENT_UNTIL;
    }

    static boolean isWorker(int slot) {
        return slot == HOLDER;
    }

    static boolean isPayload(int slot) {
        return slot == ACK_LATEST_PAYLOAD || slot == ACK_FENCED_PAYLOAD;
    }

    /** What one step left: the memory after it, and whether it broke an invariant (then the memory is of no use). */
    record After(InvariantMonitor monitor, boolean broken) {
    }

    /**
     * The step {@code command} answered {@code answer} at {@code now}, with {@code rows} the rows of its key after it
     * (null for a clock move), {@code before} the rows of its key before it. {@code key} and {@code worker} are the
     * command's indexes (-1 for a clock move).
     */
    After after(Command command, Outcome answer, long now, int key, int worker, KeyState before, KeyState rows,
                Boundary boundary) {
        if (key < 0) {
            return new After(this, false);
        }
        if (rows == before && !(answer instanceof Granted || answer instanceof Renewed || answer instanceof Released
                || answer instanceof WriteOutcome o && o.accepted())) {
            // a refusal that left the key's rows as they were: nothing to remember, and the rows were checked against
            // the same acknowledgements at the key's last step, when both last changed
            return new After(this, false);
        }
        long[] s = slots.clone();
        int b = key * width();
        boolean broken = switch (command) {
            case Acquire a when answer instanceof Granted g -> granted(s, b, workers, worker, a.ttl(), g, now, boundary);
            case Renew r when answer instanceof Renewed rn -> renewed(s, b, workers, worker, rn.until(), now, boundary);
            case Release r when answer instanceof Released -> {
                s[b + CLAIMS + worker] = NONE;
                if (s[b + HOLDER] == worker) {
                    s[b + RELEASED] = 1;
                }
                yield false;
            }
            case Write w when answer instanceof WriteOutcome o && o.accepted() -> accepted(s, b, w, worker, o instanceof Applied);
            default -> false;
        };
        broken |= lostAcknowledgement(s, b, rows);
        // most answers are refusals that teach the invariants nothing: the same memory lets the search see a loop
        return new After(Arrays.equals(s, slots) ? this : new InvariantMonitor(workers, s), broken);
    }

    private static boolean granted(long[] s, int b, int workers, int worker, long ttl, Granted g, long now, Boundary boundary) {
        s[b + LATEST_GRANT] = Math.max(s[b + LATEST_GRANT], g.token());
        boolean broken = claimWhileAnotherHolds(s, b, workers, worker, g.until(), now, boundary);
        // invariant 3, as Invariants.tokensStrictlyIncreasing reads a grant
        long token = s[b + CURRENT_TOKEN];
        if (token != 0) {
            long until = s[b + CURRENT_UNTIL];
            boolean released = s[b + RELEASED] == 1;
            boolean sameLease = g.token() == token && s[b + HOLDER] == worker;
            boolean whileHeld = !released && g.until() - ttl <= until;
            boolean regrant = sameLease && (g.until() == until || whileHeld || released && g.until() <= until);
            if (g.token() < token) {
                return true;
            }
            broken |= g.token() == token && !regrant;
            if (regrant) {
                s[b + CURRENT_UNTIL] = g.until();
                return broken;
            }
        }
        s[b + CURRENT_TOKEN] = g.token();
        s[b + CURRENT_UNTIL] = g.until();
        s[b + HOLDER] = worker;
        s[b + RELEASED] = 0;
        return broken;
    }

    private static boolean renewed(long[] s, int b, int workers, int worker, long until, long now, Boundary boundary) {
        boolean broken = claimWhileAnotherHolds(s, b, workers, worker, until, now, boundary);
        if (s[b + HOLDER] == worker && s[b + CURRENT_TOKEN] != 0) {
            s[b + CURRENT_UNTIL] = until;
            s[b + RELEASED] = 0;
        }
        return broken;
    }

    /** Invariant 2: another worker's answered lease is still valid now; then this worker's claim is recorded. */
    private static boolean claimWhileAnotherHolds(long[] s, int b, int workers, int worker, long until, long now,
                                                  Boundary boundary) {
        boolean broken = false;
        for (int w = 0; w < workers; w++) {
            long other = s[b + CLAIMS + w];
            if (w != worker && other != NONE && boundary.isValid(now, other)) {
                broken = true;
            }
        }
        s[b + CLAIMS + worker] = until;
        return broken;
    }

    /** Invariant 1, then the acknowledgement invariant 4 keeps. */
    private static boolean accepted(long[] s, int b, Write w, int worker, boolean applied) {
        boolean broken = false;
        long granted = s[b + LATEST_GRANT];
        if (w.token() > granted) {
            broken = true;
        } else if (w.sink() == SinkKind.CURRENT_FENCE && w.token() < granted) {
            broken = true;
        } else if (w.sink() == SinkKind.LATEST_TOKEN_WINS) {
            broken = w.token() < s[b + HIGHEST_ACCEPTED];
            s[b + HIGHEST_ACCEPTED] = Math.max(s[b + HIGHEST_ACCEPTED], w.token());
        }
        long payload = worker + 1;
        if (w.sink() == SinkKind.LATEST_TOKEN_WINS) {
            if (w.token() >= s[b + ACK_LATEST_TOKEN]) {
                s[b + ACK_LATEST_TOKEN] = w.token();
                s[b + ACK_LATEST_PAYLOAD] = payload;
            }
        } else if (s[b + ACK_FENCED_TOKEN] == 0) {
            s[b + ACK_FENCED_TOKEN] = w.token();
            s[b + ACK_FENCED_PAYLOAD] = payload;
            s[b + ACK_FENCED_ROW] = applied ? w.token() : NONE;
        }
        return broken;
    }

    /** Invariant 4 over the rows of the key after the step. */
    private static boolean lostAcknowledgement(long[] s, int b, KeyState rows) {
        boolean broken = false;
        long ackToken = s[b + ACK_LATEST_TOKEN];
        if (ackToken != 0) {
            StoredResult row = rows.latest();
            broken = row == null || row.token() < ackToken
                    || row.token() == ackToken && payload(row) != s[b + ACK_LATEST_PAYLOAD];
        }
        long writeToken = s[b + ACK_FENCED_TOKEN];
        if (writeToken != 0) {
            StoredResult row = rows.fenced().get(ExplorationScope.RESULT);
            long payload = s[b + ACK_FENCED_PAYLOAD];
            long kept = s[b + ACK_FENCED_ROW];
            if (kept == NONE && row != null && row.token() <= writeToken && payload(row) == payload) {
                s[b + ACK_FENCED_ROW] = row.token();
            } else if (row == null || kept == NONE || row.token() != kept || payload(row) != payload) {
                broken = true;
            }
        }
        return broken;
    }

    /** A payload as its writer's number: {@code p2} is 2 (0 for one no worker of the scope writes). */
    static long payload(StoredResult row) {
        return ExplorationScope.payloadIndex(row.payload()) + 1;
    }
}
