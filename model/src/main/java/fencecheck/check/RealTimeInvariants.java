package fencecheck.check;

import fencecheck.api.Boundary;
import fencecheck.api.KeyState;
import fencecheck.api.Lease;
import fencecheck.api.Outcome;
import fencecheck.api.Outcome.Granted;
import fencecheck.api.Outcome.Renewed;
import fencecheck.model.Command;
import fencecheck.model.Command.Acquire;
import fencecheck.model.Command.Renew;
import fencecheck.model.Micros;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

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
 * <p>An operation whose answer was lost is read where the witness placed it, with the answer it
 * took effect with there: the witness places a lost operation only where it changes the rows, and
 * the later answers it explains are what say it happened. A lost grant then grants the token the
 * later answers revealed (a write accepted under it, say), so that token is not taken for a forged
 * one; a lost write that took effect may be what superseded an acknowledged one; a lost release
 * ends its owner's claim. A lost renewal is the exception: its effect is only a later end, which
 * no answer placed it at, so it is handed on without an outcome at the instant its answer was due,
 * for invariant 3: a later re-grant to the holder may reveal that it took effect.
 *
 * <p>A shrunk history may start from rows ({@link RealTimeHistory#startRows()}): their lease is
 * read as a grant before every operation, so the token it reached is not taken for one never
 * granted, and a lease its holder still held goes on being held. Instants are read in ms from the run's start ({@link RealTimeHistory#start()}), the time base of every
 * message.
 *
 * <p>Invariant 5 needs the outbox's deliveries; a real-time run without job transactions has
 * none, so it holds vacuously.
 */
public final class RealTimeInvariants {

    /**
     * A violation, with the operation it was found at (0: the rows read at the end) and the operations its judgement
     * read (the grant a stale write is compared with, the lease that still held).
     */
    public record Found(Violation violation, int operation, List<Integer> related) {

        public Found {
            related = related == null ? List.of() : List.copyOf(related);
        }

        @Override
        public String toString() {
            return violation.invariant().title() + " broken at operation " + (operation == 0 ? "(the rows at the end)" : operation)
                    + ": " + violation.explanation()
                    + (related.isEmpty() ? "" : " (judged against operation" + (related.size() == 1 ? " " : "s ")
                    + related.stream().map(String::valueOf).collect(Collectors.joining(", ")) + ")");
        }
    }

    private RealTimeInvariants() {
    }

    /**
     * @param witness the checker's order of the operations that took effect, or null to read them in completion order
     */
    public static List<Found> check(RealTimeHistory history, List<Linearizability.Point> witness, Boundary boundary,
                                    List<Delivery> deliveries) {
        long zero = history.start();
        List<TimedOperation> order = new ArrayList<>();
        List<Long> instants = new ArrayList<>();
        if (witness != null) {
            for (Linearizability.Point p : witness) {
                TimedOperation op = history.operation(p.operation());
                if (op == null || op.command() instanceof Renew && op.unknown()) {
                    continue;
                }
                Outcome read = op.unknown() ? p.effect() : op.outcome();
                if (read != null) {
                    order.add(answered(op, read));
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
                .filter(o -> o.unknown() && o.command() instanceof Renew)
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
        Map<Integer, Integer> operationOfStep = new HashMap<>();
        long first = history.operations().stream().mapToLong(history::earliest).min().orElse(history.start());
        for (Map.Entry<String, KeyState> start : history.startRows().entrySet()) {
            Lease lease = start.getValue().lease();
            if (lease != null) {
                // the grant or renewal the start rows' lease came from, before every operation
                events.add(new Event(events.size() + 1, Math.min(lease.until(), first - 1) - zero,
                        new Acquire(start.getKey(), lease.owner(), 0), new Granted(lease.token(), lease.until() - zero)));
            }
        }
        for (int i = 0; i < order.size(); i++) {
            TimedOperation op = order.get(i);
            int step = events.size() + 1;
            events.add(new Event(step, instants.get(i) - zero, op.command(), op.unknown() ? null : fromStart(op.outcome(), zero)));
            operationOfStep.put(step, op.id());
        }
        int end = events.size() + 1;
        List<Stored> stored = new ArrayList<>();
        for (Map.Entry<String, KeyState> rows : history.finalRows().entrySet()) {
            KeyState k = rows.getValue();
            stored.add(new Stored(end, rows.getKey(), k.lease() == null ? k : k.withLease(k.lease().withUntil(k.lease().until() - zero))));
        }
        List<Found> found = new ArrayList<>();
        for (Violation v : Invariants.check(events, stored, boundary, Micros::millis)) {
            List<Integer> related = v.related().stream().filter(operationOfStep::containsKey).map(operationOfStep::get).toList();
            found.add(new Found(v, operationOfStep.getOrDefault(v.step(), 0), related));
        }
        for (Violation v : ExactlyOnce.check(deliveries)) {
            found.add(new Found(v, 0, List.of()));
        }
        return found;
    }

    private static TimedOperation answered(TimedOperation op, Outcome outcome) {
        return op.unknown() ? new TimedOperation(op.id(), op.process(), op.command(), op.invoke(), op.complete(), outcome, op.note()) : op;
    }

    /** The answer with its instants counted from the run's start. */
    private static Outcome fromStart(Outcome outcome, long zero) {
        return switch (outcome) {
            case Granted g -> new Granted(g.token(), g.until() - zero);
            case Renewed r -> new Renewed(r.until() - zero);
            default -> outcome;
        };
    }
}
