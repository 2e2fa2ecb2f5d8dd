package fencecheck.realtime;

import fencecheck.api.ModelConfig;
import fencecheck.check.Linearizability;
import fencecheck.check.Linearizability.Linearizable;
import fencecheck.check.Linearizability.Point;
import fencecheck.check.RealTimeHistory;
import fencecheck.check.TimedOperation;
import fencecheck.model.Describe;
import fencecheck.run.ConformanceNotes;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The conformance notes of a real-time history held to safety: each operation the witness could explain only by an
 * admissible answer, one per kind (the operation and the difference, its values left out, as lock step names
 * them). A note never fails a run.
 */
public final class RealTimeNotes {

    /**
     * One kind of difference, at its first operation in the history.
     *
     * @param kind       the operation and the difference, without the run's values
     * @param difference the operation, its answer and what the model says of it
     * @param operation  the operation's id
     * @param history    the smallest history found that still shows the note: the note's key, up to the operation
     */
    public record Note(String kind, String difference, int operation, RealTimeHistory history) {
    }

    private RealTimeNotes() {
    }

    /** The notes of {@code history}, whose check gave {@code verdict}; none unless it is linearizable. */
    public static List<Note> of(RealTimeHistory history, Linearizability.Verdict verdict, ModelConfig config, long maxStates) {
        if (!(verdict instanceof Linearizable linearizable)) {
            return List.of();
        }
        Map<String, Point> first = new LinkedHashMap<>();
        for (Point p : linearizable.admitted()) {
            first.putIfAbsent(kind(history.operation(p.operation()), p), p);
        }
        List<Note> notes = new ArrayList<>();
        first.forEach((kind, point) -> {
            TimedOperation op = history.operation(point.operation());
            String words = "operation " + op.id() + " (" + op.process() + ": " + Describe.realTimeCommand(op.command()) + ") answered "
                    + Describe.realTimeOutcome(op.outcome(), history.start()) + ": " + point.difference();
            notes.add(new Note(kind, words, op.id(), smaller(history, op, kind, config, maxStates)));
        });
        return List.copyOf(notes);
    }

    private static String kind(TimedOperation op, Point p) {
        return ConformanceNotes.kind(ConformanceNotes.operation(op.command()), p.difference());
    }

    /**
     * The note's key alone, then what was sent before the noted operation completed too: each kept only when the
     * model still needs the same kind of admissible answer at that operation to explain it.
     */
    private static RealTimeHistory smaller(RealTimeHistory history, TimedOperation noted, String kind, ModelConfig config, long maxStates) {
        RealTimeHistory best = history;
        for (RealTimeHistory candidate : List.of(history.ofKey(noted.key()),
                history.ofKey(noted.key()).filter(o -> o.invoke() <= noted.complete()).withoutFinalRows())) {
            if (shows(candidate, noted.id(), kind, config, maxStates)) {
                best = candidate;
            }
        }
        return best;
    }

    private static boolean shows(RealTimeHistory h, int operation, String kind, ModelConfig config, long maxStates) {
        Optional<Point> point = Linearizability.check(h, config, maxStates) instanceof Linearizable l
                ? l.admitted().stream().filter(p -> p.operation() == operation).findFirst() : Optional.empty();
        return point.isPresent() && kind(h.operation(operation), point.get()).equals(kind);
    }
}
