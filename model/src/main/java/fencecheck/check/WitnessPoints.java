package fencecheck.check;

import fencecheck.api.Lease;
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
     * is given that end (a renewal in between, which sets another, leaves it at the earliest of its range).
     */
    static List<Point> of(KeyOperations ops, List<SearchMove> taken) {
        List<Point> witness = new ArrayList<>();
        // the lost grant whose lease is the model's, as its point in the witness and its operation
        int lostGrant = -1;
        Acquire lostAcquire = null;
        for (SearchMove m : taken) {
            TimedOperation op = ops.op(m.op());
            Lease lease = m.next().rows().lease();
            if (lostGrant >= 0) {
                Granted lost = (Granted) witness.get(lostGrant).effect();
                boolean sameLease = lease != null && lease.token() == lost.token() && lease.owner().equals(lostAcquire.owner());
                if (!sameLease || op.command() instanceof Renew && m.effect() instanceof Renewed) {
                    lostGrant = -1;
                } else if (!op.unknown() && op.command() instanceof Acquire && m.effect() instanceof Granted revealed
                        && revealed.token() == lost.token()) {
                    Point p = witness.get(lostGrant);
                    witness.set(lostGrant, new Point(p.operation(), p.at(), new Granted(lost.token(), revealed.until()), p.difference()));
                    lostGrant = -1;
                }
            }
            if (op.unknown() && op.command() instanceof Acquire a && m.effect() instanceof Granted) {
                lostGrant = witness.size();
                lostAcquire = a;
            }
            witness.add(new Point(op.id(), m.at(), m.effect(), m.difference()));
        }
        return witness;
    }
}
