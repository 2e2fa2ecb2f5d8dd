package fencecheck.check;

import fencecheck.api.Conformance;
import fencecheck.api.ModelConfig;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What the checkers say of a real-time history: the linearizability verdict and the
 * invariants broken. A history the search gave up on is neither a pass nor a refusal:
 * it is undecided, and a property that meets one fails saying so.
 *
 * <p>Held to safety, a history whose every answer an order explains but whose rows read at the end none does is judged
 * by invariants 1-5 over the order that explains the answers: when none breaks, the rows only number or end the lease
 * otherwise than the model, a conformance note ({@code rowsDiffer}) and no failure; held to strict, it fails, a
 * conformance difference.
 *
 * <p>Held to safety too, a write a worker made up with a token above every grant told, accepted where the rows read at
 * the end show a fence at that token set by no answer, is judged as unknown and noted ({@code madeUp},
 * {@link UntoldFences}): no real process could have made it.
 *
 * @param rowsDiffer under safety, the refusal of the rows read at the end that breaks no invariant (a note), else null
 * @param madeUp     under safety, the made-up writes judged as unknown (notes), in the order found
 */
public record RealTimeVerdict(Linearizability.Verdict linearizability, List<RealTimeInvariants.Found> violations,
                              Linearizability.NotLinearizable rowsDiffer, List<MadeUp> madeUp) {

    /**
     * A write a worker made up, accepted under a fence no answer told of, and judged as unknown.
     *
     * @param operation  its id
     * @param difference in words, without the operation: its token, the last one a worker was told of, the fence
     */
    public record MadeUp(int operation, String difference) {
    }

    public RealTimeVerdict {
        violations = List.copyOf(violations);
        madeUp = madeUp == null ? List.of() : List.copyOf(madeUp);
    }

    public RealTimeVerdict(Linearizability.Verdict linearizability, List<RealTimeInvariants.Found> violations) {
        this(linearizability, violations, null, List.of());
    }

    /** Both checks over one history. */
    public static RealTimeVerdict of(RealTimeHistory original, ModelConfig config, long maxStatesPerKey) {
        Linearizability.Verdict v = Linearizability.check(original, config, maxStatesPerKey);
        if (config.conformanceOr(Conformance.STRICT) != Conformance.SAFETY) {
            List<Linearizability.Point> witness = v instanceof Linearizability.Linearizable l ? l.witness() : null;
            return new RealTimeVerdict(v, RealTimeInvariants.check(original, witness, config.boundary(), List.of()));
        }
        UntoldFences.Judged judged = UntoldFences.judge(original, v, config, maxStatesPerKey);
        RealTimeHistory history = judged.history();
        v = judged.verdict();
        if (v instanceof Linearizability.NotLinearizable refused && history.finalRows().containsKey(refused.key())) {
            // the rows read at the end may be all that no order explains (the search may have named the answer where it
            // saw the rows could no longer be reached): the order that explains the answers alone is judged
            Linearizability.Verdict answers = Linearizability.check(history.withoutFinalRows(), config, maxStatesPerKey);
            if (answers instanceof Linearizability.Linearizable l) {
                return new RealTimeVerdict(l, RealTimeInvariants.check(history, l.witness(), config.boundary(), List.of()),
                        rowsOnly(history, refused.key(), refused.states() + l.states()), judged.madeUp());
            }
            if (answers instanceof Linearizability.NotLinearizable another) {
                v = another;
            }
        }
        List<Linearizability.Point> witness = v instanceof Linearizability.Linearizable l ? l.witness() : null;
        return new RealTimeVerdict(v, RealTimeInvariants.check(history, witness, config.boundary(), List.of()), null, judged.madeUp());
    }

    /** The refusal of the rows read at the end of {@code key}, whose every answer an order explains. */
    private static Linearizability.NotLinearizable rowsOnly(RealTimeHistory history, String key, long states) {
        return new Linearizability.NotLinearizable(key, 0, "every answer on " + key + " is explained, but not the rows read at the"
                + " end: the database holds " + RefusalExplanation.rows(history.finalRows().get(key)) + ", which no order of the"
                + " answers ends with", "rows", List.of(), states);
    }

    public boolean passed() {
        return linearizability instanceof Linearizability.Linearizable && violations.isEmpty();
    }

    /**
     * The search gave up: nothing was shown right, and nothing wrong either. An invariant broken in completion
     * order (no witness order was found) is printed, but does not decide: that order is not one the database ran.
     */
    public boolean undecided() {
        return linearizability instanceof Linearizability.GaveUp;
    }

    /**
     * What a smaller history must still show to count as the same failure: the operation the model could not
     * explain, with the kind of answer the model gives there and whose lease it then has; else the first invariant
     * broken, where, and against which operations. Empty when it passed.
     */
    public Optional<String> signature() {
        if (linearizability instanceof Linearizability.NotLinearizable n) {
            return Optional.of("not linearizable at operation " + n.culprit() + " of " + n.key() + ", where the model answers " + n.expected());
        }
        if (undecided()) {
            return Optional.of("undecided");
        }
        if (!violations.isEmpty()) {
            RealTimeInvariants.Found first = violations.get(0);
            return Optional.of(first.violation().invariant() + " at operation " + first.operation() + " against " + first.related());
        }
        return Optional.empty();
    }

    /** The operation a reader looks at first, or null (0: the rows read at the end). */
    public Integer failingOperation() {
        if (linearizability instanceof Linearizability.NotLinearizable n) {
            return n.culprit();
        }
        return violations.isEmpty() ? null : violations.get(0).operation();
    }

    /**
     * The cause: the failing operation, then the operations its failure was judged against (the grant whose lease a
     * late renewal or write touched, the lease that still held). Empty when it passed; the rows read at the end are
     * not an operation and are not named.
     */
    public List<Integer> cause() {
        List<Integer> cause = new ArrayList<>();
        Integer failing = failingOperation();
        if (failing != null && failing != 0) {
            cause.add(failing);
        }
        if (linearizability instanceof Linearizability.NotLinearizable n) {
            cause.addAll(n.cause());
        } else if (!violations.isEmpty()) {
            cause.addAll(violations.get(0).related());
        }
        return List.copyOf(cause);
    }

    /** The verdict in words: the first line is the one to print. */
    public String sentence() {
        StringBuilder s = new StringBuilder();
        if (passed()) {
            return "linearizable, and invariants 1-5 hold (" + linearizability.states() + " states searched)"
                    + (madeUp.isEmpty() ? "" : "; " + madeUp.size() + " made-up " + (madeUp.size() == 1 ? "write" : "writes")
                    + " taken as unknown (a note): operation " + madeUp.get(0).operation() + ", " + madeUp.get(0).difference())
                    + (rowsDiffer == null ? "" : "; but for the rows read at the end, which break none of them (a note): "
                    + rowsDiffer.explanation());
        }
        if (!(linearizability instanceof Linearizability.Linearizable)) {
            s.append(Linearizability.describe(linearizability));
        }
        for (RealTimeInvariants.Found f : violations) {
            s.append(s.isEmpty() ? "" : "\n").append(f);
            if (!(linearizability instanceof Linearizability.Linearizable)) {
                s.append(" (answers read in completion order, as no witness order was found: possibly an artefact of that order)");
            }
        }
        return s.toString();
    }
}
