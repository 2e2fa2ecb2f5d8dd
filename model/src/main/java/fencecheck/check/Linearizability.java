package fencecheck.check;

import fencecheck.api.Conformance;
import fencecheck.api.ModelConfig;
import fencecheck.api.Outcome;
import fencecheck.model.Command;
import fencecheck.model.Describe;
import fencecheck.model.LeaseModel;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

/**
 * Whether a real-time history is linearizable against the model (Wing and Gong's search with
 * Lowe's memo, as in Porcupine): is there one order of the operations, each placed at one
 * instant inside its interval, instants never going back, in which the model
 * ({@link LeaseModel#step}) answers every known answer, and after which the model's rows
 * are the rows read at the end?
 *
 * <p><b>Per key.</b> The history is split by job key and each part searched on its own ({@link KeySearch}). That
 * is sound because no rule of the model reads another key's state (a sink write is judged by
 * its own key's lease token and its own key's rows, whatever key the token came from), and the
 * instants are instants of one clock: the per-key orders, each with its instants, merge into one
 * order of the whole history by instant (Herlihy and Wing's locality, with time made explicit).
 *
 * <p><b>Time.</b> The model steps at an instant {@code t} chosen inside the operation's
 * interval (widened by the history's clock uncertainty) and not before the previous
 * operation's instant; only a few instants of each interval are worth trying ({@link CandidateInstants}), and the
 * answered end of a grant or renewal is judged against the interval rather than predicted ({@link StepJudge}).
 * A history is refused only when no instant inside the intervals explains it ({@link RefusalExplanation} says why).
 *
 * <p><b>Tokens.</b> Under a token sequence the model cannot predict, a grant whose answer was lost took some token above
 * the key's highest: it stays open until a later answer or the rows read at the end settle it ({@link OpenTokens}).
 *
 * <p><b>Bounded.</b> At most {@code maxStates} states are visited per key; beyond that the
 * verdict is {@link GaveUp}, never a pass.
 */
public final class Linearizability {

    /** States per key: enough for ten seconds of four workers on two keys with lost answers, measured by the benchmark. */
    public static final long DEFAULT_MAX_STATES = 500_000;

    /** The verdict on a history. */
    public sealed interface Verdict {
        /** States visited, summed over the keys searched. */
        long states();
    }

    /**
     * A witness: every operation that took effect, with the instant it was placed at, in order. Under safety alone
     * each admissible answer in it is needed: no order explains its key's operations with the reference's answer
     * there (the witness's other admissible answers kept).
     */
    public record Linearizable(List<Point> witness, long states) implements Verdict {

        /** The operations that took effect with an admissible answer, not the reference's: the run's conformance differences. */
        public List<Point> admitted() {
            return witness.stream().filter(Point::admissible).toList();
        }
    }

    /**
     * No order explains the history.
     *
     * @param culprit     the operation the longest explained prefix could not go on with; 0 when every answer was
     *                    explained but the final rows were not
     * @param explanation one sentence: what the model answers there, and what the database did
     * @param expected    the kind of answer the model gives there (with the token of a grant), and whose lease the
     *                    model then has, for comparing failures
     * @param cause       the operations the culprit's refusal depends on: the grant of the lease the model had there
     *                    (the successor whose lease a late renewal touched, say) and the renewal that set its end, and
     *                    for a write the write that stored the result it meets; empty when none of them is an
     *                    operation of the history
     */
    public record NotLinearizable(String key, int culprit, String explanation, String expected, List<Integer> cause, long states)
            implements Verdict {

        public NotLinearizable {
            cause = cause == null ? List.of() : List.copyOf(cause);
        }
    }

    /** The search ran out of its budget on {@code key} before deciding: not a pass. */
    public record GaveUp(String key, long states, int explained, int known) implements Verdict {
    }

    /**
     * An operation placed at an instant, with the answer it took effect with: its own, or for an operation whose
     * answer was lost the model's there (a grant's or renewal's end the earliest its interval allows, and a grant's
     * token, when the model cannot predict it, the least the later answers and the rows read at the end leave it).
     *
     * @param difference for an answer that is admissible but not the reference's, the model's words for how it differs
     *                   and what that means ("a renew after the lease ran out at ... revives it ..."); else null
     */
    public record Point(int operation, long at, Outcome effect, String difference) {

        /** A point of the reference's own answer (or the model's, for a lost one). */
        public Point(int operation, long at, Outcome effect) {
            this(operation, at, effect, null);
        }

        public boolean admissible() {
            return difference != null;
        }
    }

    private Linearizability() {
    }

    public static Verdict check(RealTimeHistory history, ModelConfig config) {
        return check(history, config, DEFAULT_MAX_STATES);
    }

    /** Checks each key in turn; a refused key's verdict wins over a key the search gave up on. */
    public static Verdict check(RealTimeHistory history, ModelConfig config, long maxStatesPerKey) {
        List<Point> witness = new ArrayList<>();
        long states = 0;
        Verdict undecided = null;
        boolean safetyOnly = config.conformanceOr(Conformance.STRICT) == Conformance.SAFETY;
        for (String key : history.keys()) {
            RealTimeHistory part = history.ofKey(key);
            Verdict v = new KeySearch(part, key, config, safetyOnly, Set.of(), maxStatesPerKey, history.start()).run();
            if (v instanceof Linearizable l && !l.admitted().isEmpty()) {
                v = AdmittedPoints.neededOnly(part, key, config, maxStatesPerKey, history.start(), l);
            }
            states += v.states();
            switch (v) {
                case Linearizable l -> witness.addAll(l.witness());
                case NotLinearizable n -> {
                    return new NotLinearizable(n.key(), n.culprit(), n.explanation(), n.expected(), n.cause(), states);
                }
                case GaveUp g -> undecided = undecided == null ? g : undecided;
            }
        }
        if (undecided instanceof GaveUp g) {
            return new GaveUp(g.key(), states, g.explained(), g.known());
        }
        witness.sort(Comparator.comparingLong(Point::at));
        return new Linearizable(List.copyOf(witness), states);
    }

    /** The verdict in one line, for a console or a report. */
    public static String describe(Verdict verdict) {
        return switch (verdict) {
            case Linearizable l -> "linearizable (" + l.states() + " states searched)";
            case NotLinearizable n -> "not linearizable on " + n.key() + ": " + n.explanation();
            case GaveUp g -> "undecided: the search gave up on " + g.key() + " after " + g.states() + " states, having explained "
                    + g.explained() + " of " + g.known() + " answers; raise fencecheck.realtime.maxStates or shorten the run";
        };
    }

    /** The command of an operation, for messages: used by the report too. */
    public static String describe(Command command) {
        return Describe.command(command);
    }
}
