package fencecheck.check;

import fencecheck.api.KeyState;
import fencecheck.api.Outcome;
import fencecheck.api.SinkKind;
import fencecheck.api.StoredResult;
import fencecheck.model.Command;
import fencecheck.model.Command.Acquire;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Objects;

/**
 * What the rows read at the end of a run ask of an order of one key's operations: when a search state has reached
 * them, when it can no longer reach them, and which lost operations still bring the model's rows toward them.
 */
final class FinalRowsGoal {

    private final KeyOperations ops;
    /** The rows read at the end, or null when none were read: then any rows will do. */
    private final KeyState finalRows;
    private final int knownCount;
    /**
     * For each result the rows read at the end hold that no answered write stored: the lost writes that could
     * have stored it. One of each group must take effect in every order that explains the history.
     */
    private final List<BitSet> required;
    private final BitSet acquires;

    FinalRowsGoal(KeyOperations ops) {
        this.ops = ops;
        this.finalRows = ops.finalRows();
        this.knownCount = ops.knownCount();
        this.required = requiredWrites();
        this.acquires = new BitSet(ops.size());
        for (int i = 0; i < ops.size(); i++) {
            if (ops.op(i).command() instanceof Acquire) {
                acquires.set(i);
            }
        }
    }

    /** Every known answer explained, and the rows read at the end too. */
    boolean done(SearchNode n) {
        return n.knownPlaced() == knownCount && (finalRows == null || finalRowsAgree(n.rows(), n.tokenMax(), finalRows));
    }

    /**
     * Tokens and results; the lease's {@code until} is judged in the answers (a release's depends on an instant
     * nobody observed) and its owner is a name the model does not share with the database. A lease token still open
     * ({@link OpenTokens}) agrees with any of its range: the rows settle it.
     */
    private static boolean finalRowsAgree(KeyState model, long tokenMax, KeyState database) {
        boolean leases = model.lease() == null ? database.lease() == null
                : database.lease() != null && database.lease().token() >= model.lease().token() && database.lease().token() <= tokenMax;
        return leases && Objects.equals(model.latest(), database.latest()) && model.fenced().equals(database.fenced());
    }

    /**
     * The results the rows read at the end hold that no write answered {@code Applied} stored, each with the
     * lost writes that could have stored it (same sink, token, payload and, when fenced, result id).
     */
    private List<BitSet> requiredWrites() {
        List<BitSet> groups = new ArrayList<>();
        if (finalRows == null) {
            return groups;
        }
        BitSet grouped = new BitSet(ops.size());
        for (int i = 0; i < ops.size(); i++) {
            if (grouped.get(i) || !ops.op(i).unknown() || !(ops.op(i).command() instanceof Command.Write w) || !holds(finalRows, w)) {
                continue;
            }
            BitSet group = new BitSet(ops.size());
            boolean answered = false;
            for (int j = 0; j < ops.size(); j++) {
                if (ops.op(j).command() instanceof Command.Write other && sameResult(w, other)) {
                    if (ops.op(j).unknown()) {
                        group.set(j);
                    } else if (ops.op(j).outcome() instanceof Outcome.Applied) {
                        answered = true;
                    }
                }
            }
            grouped.or(group);
            if (!answered) {
                groups.add(group);
            }
        }
        return groups;
    }

    /** Whether no write of {@code group} can still be placed after {@code n}: each is placed or its interval is over. */
    private boolean noneLeft(BitSet group, SearchNode n) {
        for (int i = group.nextSetBit(0); i >= 0; i = group.nextSetBit(i + 1)) {
            if (!n.placed().get(i) && ops.hi(i) >= n.last()) {
                return false;
            }
        }
        return true;
    }

    /** Whether {@code rows} hold the result of write {@code w}. */
    private static boolean holds(KeyState rows, Command.Write w) {
        StoredResult stored = new StoredResult(w.token(), w.payload());
        return stored.equals(w.sink() == SinkKind.CURRENT_FENCE ? rows.fenced().get(w.resultId()) : rows.latest());
    }

    private static boolean sameResult(Command.Write a, Command.Write b) {
        return a.sink() == b.sink() && a.token() == b.token() && a.payload().equals(b.payload())
                && (a.sink() != SinkKind.CURRENT_FENCE || a.resultId().equals(b.resultId()));
    }

    /**
     * Whether no order from {@code n} can reach the rows read at the end: a result they hold is not in the
     * model's rows and no lost write that could store it can still be placed (each is placed, having changed
     * nothing, or its interval is over), or their token is above any the model's lease may have and no grant is left
     * that could still be placed. Found here, the search turns back at once instead of after every later answer.
     */
    boolean hopeless(SearchNode n) {
        for (BitSet group : required) {
            if (!holds(n.rows(), (Command.Write) ops.op(group.nextSetBit(0)).command()) && noneLeft(group, n)) {
                return true;
            }
        }
        if (finalRows == null || finalRows.lease() == null) {
            return false;
        }
        // the highest token the model's lease may have: one still open may be theirs already
        long have = n.rows().lease() == null ? Long.MIN_VALUE : n.tokenMax();
        if (have >= finalRows.lease().token()) {
            return false;
        }
        for (int i = n.placed().nextClearBit(0); i < ops.size(); i = n.placed().nextClearBit(i + 1)) {
            if (acquires.get(i) && ops.hi(i) >= n.last()) {
                return false;
            }
        }
        return true;
    }

    /**
     * Once every answer is explained, only the rows read at the end are left to match, and only a lost
     * operation that brings the model's rows toward them is worth placing: a write of a result they hold and
     * the model's rows lack, or, while the model's token is below theirs, a grant or a release (which may let a
     * lost grant through before the lease would have ended). Any other changes nothing they compare (a renewal
     * moves only the lease's end, and no sink reads it) or leaves a result they do not hold (a latest-token
     * write a later one overwrote: without it, the later one still applies; a fenced result is never removed,
     * so one they do not hold never ran).
     */
    boolean towardFinalRows(int i, KeyState rows) {
        Command c = ops.op(i).command();
        if (c instanceof Acquire || c instanceof Command.Release) {
            long have = rows.lease() == null ? Long.MIN_VALUE : rows.lease().token();
            return finalRows.lease() != null && have < finalRows.lease().token();
        }
        if (c instanceof Command.Write w) {
            StoredResult target = new StoredResult(w.token(), w.payload());
            return w.sink() == SinkKind.CURRENT_FENCE
                    ? target.equals(finalRows.fenced().get(w.resultId())) && !target.equals(rows.fenced().get(w.resultId()))
                    : target.equals(finalRows.latest()) && !target.equals(rows.latest());
        }
        return false;
    }
}
