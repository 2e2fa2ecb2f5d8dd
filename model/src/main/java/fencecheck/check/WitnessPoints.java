package fencecheck.check;

import fencecheck.api.KeyState;
import fencecheck.api.Outcome.Granted;
import fencecheck.api.Outcome.Renewed;
import fencecheck.check.Linearizability.Point;
import fencecheck.model.Command.Acquire;
import fencecheck.model.Command.Renew;

import java.util.ArrayList;
import java.util.List;

/** The witness of an order the search found on one key: each operation placed, with its instant and its effect. */
final class WitnessPoints {

    private WitnessPoints() {
    }

    /**
     * The points of an order found. A lost grant took effect with an end only known to lie in a range; when the
     * holder's re-grant hands the same lease back later, its answer tells the end, and the lost grant's effect
     * is given that end (a renewal in between, which sets another, leaves it at the earliest of its range). Under a
     * token sequence the model cannot predict, its token too was known only within a range ({@link OpenTokens}): the
     * effects of the lost grant, and of lost re-grants of its lease, are given the least token the later answers
     * leave it, or the one the rows read at the end show while it is still their lease. Every step of the order was
     * judged for the whole range it narrowed to, so that token explains each of them.
     */
    static List<Point> of(KeyOperations ops, List<SearchMove> taken) {
        List<Point> witness = new ArrayList<>();
        // the points whose effect grants the lease of a lost grant that is still the model's: the lost grant first
        List<Integer> lostGrants = new ArrayList<>();
        boolean endOpen = false;
        for (SearchMove m : taken) {
            TimedOperation op = ops.op(m.op());
            if (!lostGrants.isEmpty() && !m.sameGrant()) {
                lostGrants.clear();
            }
            if (!lostGrants.isEmpty()) {
                Long revealedEnd = null;
                if (endOpen && !op.unknown() && op.command() instanceof Acquire && m.effect() instanceof Granted revealed) {
                    revealedEnd = revealed.until();
                    endOpen = false;
                } else if (op.command() instanceof Renew && m.effect() instanceof Renewed) {
                    endOpen = false;
                }
                settle(witness, lostGrants, m.next().rows().lease().token(), revealedEnd);
            }
            if (op.unknown() && op.command() instanceof Acquire && m.effect() instanceof Granted) {
                if (!m.sameGrant()) {
                    endOpen = true;
                }
                lostGrants.add(witness.size());
            }
            witness.add(new Point(op.id(), m.at(), m.effect(), m.difference()));
        }
        KeyState end = ops.finalRows();
        if (!lostGrants.isEmpty() && end != null && end.lease() != null) {
            SearchNode last = taken.getLast().next();
            long shown = end.lease().token();
            if (shown >= last.rows().lease().token() && shown <= last.tokenMax()) {
                settle(witness, lostGrants, shown, null);
            }
        }
        return witness;
    }

    /** The grants at {@code points} with {@code token}, and with {@code until} when it is not null. */
    private static void settle(List<Point> witness, List<Integer> points, long token, Long until) {
        for (int i : points) {
            Point p = witness.get(i);
            Granted g = (Granted) p.effect();
            witness.set(i, new Point(p.operation(), p.at(), new Granted(token, until == null ? g.until() : until), p.difference()));
        }
    }
}
