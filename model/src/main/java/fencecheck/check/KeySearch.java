package fencecheck.check;

import fencecheck.api.KeyState;
import fencecheck.api.ModelConfig;
import fencecheck.check.Linearizability.GaveUp;
import fencecheck.check.Linearizability.Linearizable;
import fencecheck.check.Linearizability.Verdict;
import fencecheck.model.LeaseModel;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The search over one key's operations (Wing and Gong's, with Lowe's memo of the states already seen): depth first,
 * each move placing one operation not yet placed at one of its candidate instants ({@link CandidateInstants}), not
 * before the last one's, where the model's step explains its answer ({@link StepJudge}).
 *
 * <p><b>Unknown answers.</b> An operation whose answer was lost may be placed (its answer is then whatever the model
 * says) or left out; it never holds back another operation. It is placed only where it changes the rows: placed where
 * it changes nothing, it would only use up time.
 *
 * <p><b>Bounded.</b> At most {@code maxStates} states are visited; beyond that the verdict is {@link GaveUp}, never a
 * pass.
 */
final class KeySearch {

    private final String key;
    private final KeyOperations ops;
    private final CandidateInstants instants;
    private final StepJudge steps;
    private final FinalRowsGoal goal;
    private final RefusalExplanation refusal;
    private final long maxStates;
    private final int knownCount;
    private final KeyState finalRows;
    private final KeyState startRows;

    KeySearch(RealTimeHistory part, String key, ModelConfig config, boolean safetyOnly, Set<Integer> referenceOnly, long maxStates,
              long zero) {
        LeaseModel model = new LeaseModel(config);
        this.key = key;
        this.ops = new KeyOperations(part, key, zero);
        this.instants = new CandidateInstants(config);
        this.steps = new StepJudge(ops, config, model, safetyOnly, referenceOnly);
        this.goal = new FinalRowsGoal(ops);
        this.refusal = new RefusalExplanation(ops, model);
        this.maxStates = maxStates;
        this.knownCount = ops.knownCount();
        this.finalRows = ops.finalRows();
        this.startRows = ops.startRows();
    }

    /** The moves left to try from a node being explored. */
    private static final class Frame {
        final List<SearchMove> moves;
        int next;

        Frame(List<SearchMove> moves) {
            this.moves = moves;
        }
    }

    Verdict run() {
        Set<SearchNode> seen = new HashSet<>();
        SearchNode root = new SearchNode(new BitSet(ops.size()), Long.MIN_VALUE, startRows, StepJudge.exactEnd(startRows),
                OpenTokens.exactToken(startRows), 0);
        SearchNode deepest = root;
        seen.add(root);
        if (goal.done(root)) {
            return new Linearizable(List.of(), 1);
        }
        Deque<Frame> stack = new ArrayDeque<>();
        stack.push(new Frame(moves(root)));
        long states = 1;
        while (!stack.isEmpty()) {
            Frame top = stack.peek();
            if (top.next == top.moves.size()) {
                stack.pop();
                continue;
            }
            SearchMove move = top.moves.get(top.next++);
            if (!seen.add(move.next())) {
                continue;
            }
            if (++states > maxStates) {
                return new GaveUp(key, states, deepest.knownPlaced(), knownCount);
            }
            if (move.next().knownPlaced() > deepest.knownPlaced()) {
                deepest = move.next();
            }
            if (goal.done(move.next())) {
                List<SearchMove> taken = new ArrayList<>();
                stack.descendingIterator().forEachRemaining(f -> taken.add(f.moves.get(f.next - 1)));
                return new Linearizable(WitnessPoints.of(ops, taken), states);
            }
            stack.push(new Frame(moves(move.next())));
        }
        return refusal.explain(deepest, states);
    }

    private List<SearchMove> moves(SearchNode n) {
        if (goal.hopeless(n)) {
            return List.of();
        }
        // the earliest end among unplaced known answers: ops are sorted by their start, so once one starts
        // after the bound so far, no later one can lower it
        long bound = Long.MAX_VALUE;
        BitSet placedSoFar = n.placed();
        for (int i = placedSoFar.nextClearBit(0); i < ops.size() && ops.lo(i) <= bound; i = placedSoFar.nextClearBit(i + 1)) {
            if (!ops.op(i).unknown()) {
                bound = Math.min(bound, ops.hi(i));
            }
        }
        List<SearchMove> known = new ArrayList<>();
        List<SearchMove> unknown = new ArrayList<>();
        for (int i = placedSoFar.nextClearBit(0); i < ops.size() && ops.lo(i) <= bound; i = placedSoFar.nextClearBit(i + 1)) {
            long from = Math.max(n.last(), ops.lo(i));
            long to = Math.min(ops.hi(i), bound);
            if (from > to) {
                continue;
            }
            for (long t : instants.in(n.rows(), from, to, ops.op(i).unknown())) {
                for (Branch after : steps.apply(i, n, t)) {
                    if (ops.op(i).unknown() && changesNothing(n, after)) {
                        // a lost operation that changes nothing need not be placed: leaving it out loses no order
                        continue;
                    }
                    BitSet placed = (BitSet) n.placed().clone();
                    placed.set(i);
                    SearchNode next = new SearchNode(placed, t, after.rows(), after.untilMax(), after.tokenMax(),
                            n.knownPlaced() + (ops.op(i).unknown() ? 0 : 1));
                    (ops.op(i).unknown() ? unknown : known).add(new SearchMove(i, t, next, after.effect(), after.difference(),
                            after.sameGrant()));
                }
            }
        }
        if (n.knownPlaced() == knownCount && finalRows != null) {
            unknown.removeIf(m -> !goal.towardFinalRows(m.op(), n.rows()));
        }
        known.addAll(unknown);
        return known;
    }

    /**
     * Whether {@code after} is {@code n}'s rows, but for a lease token narrowed to a part of its open range: the rows
     * without the step allow every order the rows with it allow.
     */
    private static boolean changesNothing(SearchNode n, Branch after) {
        if (after.untilMax() != n.untilMax()) {
            return false;
        }
        if (!after.sameGrant()) {
            return after.rows().equals(n.rows()) && after.tokenMax() == n.tokenMax();
        }
        return OpenTokens.withToken(after.rows(), n.rows().lease().token()).equals(n.rows()) && after.tokenMax() <= n.tokenMax();
    }
}
