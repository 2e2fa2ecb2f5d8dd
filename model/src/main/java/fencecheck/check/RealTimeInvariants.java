package fencecheck.check;

import fencecheck.model.Boundary;
import fencecheck.model.KeyState;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Invariants 1-5 over a real-time history, by the same checkers as the lock-step runs
 * ({@link Invariants}, {@link AcknowledgedWrites}, {@link ExactlyOnce}), which read only what
 * the database answered and the rows it showed at the end.
 *
 * <p>Those checkers read a total order. A real-time history has none of its own, only
 * intervals, and completion order is not one the database could have run: two grants whose
 * answers came back in the other order would read as a token going down. So the order read is
 * the checker's witness, when it found one: an order of the same answers, each at an instant
 * inside its interval, that the database could have run; the invariants then judge the answers
 * in it, not the model's predictions. Without a witness (the history was refused, or the search
 * gave up) the answers are read in completion order, and the verdict says so: a violation found
 * that way may be an artefact of the order, and the run has failed already.
 *
 * <p>An operation whose answer was lost is read only when the witness placed it and it is a
 * release: in that order it took effect, and a release that takes effect answers
 * {@code Released}, which ends its owner's claim on the lease (without it, the next holder would
 * read as overlapping a lease its owner had given up). Lost grants, renewals and writes are not
 * read as answers: no answer claims anything for them. A lost renewal is handed on without an
 * outcome, at the instant its answer was due, for invariant 3: a later re-grant to the holder may
 * reveal that it took effect.
 *
 * <p>Invariant 5 needs the outbox's deliveries; a real-time run without job transactions has
 * none, so it holds vacuously.
 */
public final class RealTimeInvariants {

    /** A violation, with the operation it was found at (0: the rows read at the end). */
    public record Found(Violation violation, int operation) {
        @Override
        public String toString() {
            return violation.invariant().title() + " broken at operation " + (operation == 0 ? "(the rows at the end)" : operation)
                    + ": " + violation.explanation();
        }
    }

    private RealTimeInvariants() {
    }

    /**
     * @param witness the checker's order of the operations that took effect, or null to read them in completion order
     */
    public static List<Found> check(RealTimeHistory history, List<Linearizability.Point> witness, Boundary boundary,
                                    List<Delivery> deliveries) {
        List<TimedOperation> order = new ArrayList<>();
        List<Long> instants = new ArrayList<>();
        if (witness != null) {
            for (Linearizability.Point p : witness) {
                TimedOperation op = history.operation(p.operation());
                if (op != null && op.unknown() && op.command() instanceof fencecheck.model.Command.Release) {
                    op = new TimedOperation(op.id(), op.process(), op.command(), op.invoke(), op.complete(),
                            new fencecheck.model.Outcome.Released(), op.note());
                }
                if (op != null && !op.unknown()) {
                    order.add(op);
                    instants.add(p.at());
                }
            }
        } else {
            history.operations().stream().filter(o -> !o.unknown()).sorted(Comparator.comparingLong(TimedOperation::complete))
                    .forEach(o -> {
                        order.add(o);
                        instants.add(o.complete());
                    });
        }
        List<TimedOperation> lostRenewals = history.operations().stream()
                .filter(o -> o.unknown() && o.command() instanceof fencecheck.model.Command.Renew)
                .sorted(Comparator.comparingLong(TimedOperation::complete)).toList();
        for (TimedOperation lost : lostRenewals) {
            int at = 0;
            while (at < order.size() && instants.get(at) <= lost.complete()) {
                at++;
            }
            order.add(at, lost);
            instants.add(at, lost.complete());
        }
        List<Event> events = new ArrayList<>();
        for (int i = 0; i < order.size(); i++) {
            TimedOperation op = order.get(i);
            events.add(new Event(i + 1, instants.get(i), op.command(), op.unknown() ? null : op.outcome()));
        }
        int end = order.size() + 1;
        List<Stored> stored = new ArrayList<>();
        for (Map.Entry<String, KeyState> rows : history.finalRows().entrySet()) {
            stored.add(new Stored(end, rows.getKey(), rows.getValue()));
        }
        Map<Integer, Integer> operationOfStep = new HashMap<>();
        for (int i = 0; i < order.size(); i++) {
            operationOfStep.put(i + 1, order.get(i).id());
        }
        List<Found> found = new ArrayList<>();
        for (Violation v : Invariants.check(events, stored, boundary)) {
            found.add(new Found(v, operationOfStep.getOrDefault(v.step(), 0)));
        }
        for (Violation v : ExactlyOnce.check(deliveries)) {
            found.add(new Found(v, 0));
        }
        return found;
    }
}
