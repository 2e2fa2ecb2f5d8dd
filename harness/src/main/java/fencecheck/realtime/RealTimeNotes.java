package fencecheck.realtime;

import fencecheck.api.ModelConfig;
import fencecheck.check.Linearizability;
import fencecheck.check.Linearizability.Linearizable;
import fencecheck.check.Linearizability.NotLinearizable;
import fencecheck.check.Linearizability.Point;
import fencecheck.check.RealTimeHistory;
import fencecheck.check.RealTimeVerdict;
import fencecheck.check.TimedOperation;
import fencecheck.model.Describe;
import fencecheck.model.Micros;
import fencecheck.run.ConformanceNotes;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The conformance notes of a real-time history held to safety: each operation the witness could explain only by an
 * admissible answer, one per kind (the operation and the difference, its values left out, as lock step names
 * them). A note never fails a run.
 */
public final class RealTimeNotes {

    /** The operation a note of the rows read at the end names. */
    static final String ROWS = "the rows read at the end";

    /**
     * One kind of difference, at its first operation in the history.
     *
     * @param kind       the operation and the difference, without the run's values: what groups the notes
     * @param words      the operation and the difference with the values of its first operation, instants in ms from the
     *                   run's start: what a reader is shown
     * @param difference the operation, its answer and what the model says of it
     * @param operation  the operation's id; 0 for the rows read at the end
     * @param history    the smallest history found that still shows the note: the note's key, up to the operation
     */
    public record Note(String kind, String words, String difference, int operation, RealTimeHistory history) {
    }

    /** An instant the model wrote in seconds from the run's start ({@code 0.100500s}). */
    private static final Pattern SECONDS = Pattern.compile("(\\d+)\\.(\\d{6})s");

    private RealTimeNotes() {
    }

    /**
     * The notes of a history whose check gave {@code verdict}: each kind of admissible answer the witness needed, each
     * kind of write made up under a fence no answer told of, and the rows read at the end when they differ from the
     * model's without breaking an invariant; none unless it passed.
     */
    public static List<Note> of(RealTimeHistory history, RealTimeVerdict verdict, ModelConfig config, long maxStates) {
        if (!verdict.passed()) {
            return List.of();
        }
        List<Note> notes = new ArrayList<>(of(history, verdict.linearizability(), config, maxStates));
        for (RealTimeVerdict.MadeUp m : verdict.madeUp()) {
            TimedOperation op = history.operation(m.operation());
            String operation = ConformanceNotes.operation(op.command());
            String kind = ConformanceNotes.kind(operation, m.difference());
            if (notes.stream().noneMatch(n -> n.kind().equals(kind))) {
                notes.add(new Note(kind, operation + ": " + m.difference(), "operation " + op.id() + " (" + op.process() + ": "
                        + Describe.realTimeCommand(op.command()) + ") answered " + Describe.realTimeOutcome(op.outcome(), history.start())
                        + ": " + m.difference(), op.id(), history.ofKey(op.key())));
            }
        }
        NotLinearizable rows = verdict.rowsDiffer();
        if (rows != null) {
            String words = rows.explanation() + "; invariants 1-5 hold";
            notes.add(new Note(ConformanceNotes.kind(ROWS, words), ROWS + ": " + words, words, 0, history.ofKey(rows.key())));
        }
        return List.copyOf(notes);
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
            String difference = inMillis(point.difference());
            String words = "operation " + op.id() + " (" + op.process() + ": " + Describe.realTimeCommand(op.command()) + ") answered "
                    + Describe.realTimeOutcome(op.outcome(), history.start()) + ": " + difference;
            notes.add(new Note(kind, ConformanceNotes.operation(op.command()) + ": " + difference, words, op.id(),
                    smaller(history, op, kind, config, maxStates)));
        });
        return List.copyOf(notes);
    }

    /**
     * The model's words with their instants, which it writes in seconds from the run's start ({@code 0.100500s}), in ms
     * as every other real-time message gives them ({@code 100.500 ms}).
     */
    static String inMillis(String words) {
        Matcher m = SECONDS.matcher(words);
        StringBuilder s = new StringBuilder();
        while (m.find()) {
            long micros = Long.parseLong(m.group(1)) * Micros.SECOND + Long.parseLong(m.group(2));
            m.appendReplacement(s, Matcher.quoteReplacement(Micros.millis(micros)));
        }
        m.appendTail(s);
        return s.toString();
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
