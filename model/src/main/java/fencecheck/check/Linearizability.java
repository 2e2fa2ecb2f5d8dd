package fencecheck.check;

import fencecheck.model.Admissible;
import fencecheck.model.Command;
import fencecheck.model.Command.Acquire;
import fencecheck.model.Command.Renew;
import fencecheck.model.Conformance;
import fencecheck.model.Describe;
import fencecheck.model.Judgement;
import fencecheck.model.KeyState;
import fencecheck.model.Lease;
import fencecheck.model.LeaseModel;
import fencecheck.model.Micros;
import fencecheck.model.ModelConfig;
import fencecheck.model.ObservedGrant;
import fencecheck.model.Outcome;
import fencecheck.model.Outcome.Granted;
import fencecheck.model.Outcome.Renewed;
import fencecheck.model.Outcomes;
import fencecheck.model.ProtocolState;
import fencecheck.model.SinkKind;
import fencecheck.model.StoredResult;
import fencecheck.model.TokenSequence;
import fencecheck.model.Transition;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Whether a real-time history is linearizable against the model (Wing and Gong's search with
 * Lowe's memo, as in Porcupine): is there one order of the operations, each placed at one
 * instant inside its interval, instants never going back, in which the model
 * ({@link LeaseModel#step}) answers every known answer, and after which the model's rows
 * are the rows read at the end?
 *
 * <p><b>Per key.</b> The history is split by job key and each part searched on its own. That
 * is sound because no rule of the model reads another key's state (a sink write is judged by
 * its own key's lease token and its own key's rows, whatever key the token came from), and the
 * instants are instants of one clock: the per-key orders, each with its instants, merge into one
 * order of the whole history by instant (Herlihy and Wing's locality, with time made explicit).
 *
 * <p><b>Time.</b> The model steps at an instant {@code t} chosen inside the operation's
 * interval (widened by the history's clock uncertainty) and not before the previous
 * operation's instant. Only a lease's end makes an answer depend on {@code t}, and it changes
 * it once (held, then not), so the search tries the earliest admissible instant and, where it
 * falls inside, the first instant at which the lease is over; for an operation whose answer
 * was lost also the latest (its lease, if granted, then ends as late as it can). The
 * {@code until} a grant or renewal answered is not predicted from {@code t}: a statement reads
 * the clock more than once, so it is admitted when {@code until - ttl} lies inside the
 * operation's interval, and the model goes on with the answered {@code until}. A grant or
 * renewal computed from an instant before the operation was sent (a transaction's start) is
 * outside and fails. The boundary is thus judged within the interval's uncertainty: a history
 * is refused only when no instant inside the intervals explains it.
 *
 * <p><b>Unknown answers.</b> An operation whose answer was lost may be placed (its answer is
 * then whatever the model says) or left out; it never holds back another operation. It is placed
 * only where it changes the rows: placed where it changes nothing, it would only use up time.
 *
 * <p><b>Tokens</b> are predicted by the model, unless the config says they are any increasing
 * sequence ({@link TokenSequence#INCREASING}): then a granted token is taken as given when it
 * continues the key's sequence.
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
     * answer was lost the model's there (a grant's or renewal's end the earliest its interval allows).
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
                v = neededOnly(part, key, config, maxStatesPerKey, history.start(), l);
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

    /**
     * A witness of {@code part} in which each admissible answer is needed: the search takes the first order it finds,
     * which may explain an operation by an admissible answer where another order explains it by the reference's. So
     * each admissible point is refused in turn (the reference's answer alone, there, and at every operation the
     * witness explains by the reference's), and a witness found without it replaces the one before; a point is kept
     * only when no order explains the key without it and without a new admissible answer elsewhere, the points kept
     * so far staying as they are. Its states are those of every search.
     */
    private static Linearizable neededOnly(RealTimeHistory part, String key, ModelConfig config, long maxStates, long zero,
                                           Linearizable found) {
        long states = found.states();
        Verdict asReference = new KeySearch(part, key, config, false, Set.of(), maxStates, zero).run();
        states += asReference.states();
        if (asReference instanceof Linearizable r) {
            return new Linearizable(r.witness(), states);
        }
        Linearizable best = found;
        Set<Integer> needed = new HashSet<>();
        while (true) {
            Point next = best.admitted().stream().filter(p -> !needed.contains(p.operation())).findFirst().orElse(null);
            if (next == null) {
                return new Linearizable(best.witness(), states);
            }
            // the reference's answer alone there, and at every operation the witness explains by it: a witness
            // without this point that needs admissible answers elsewhere instead is no smaller
            Set<Integer> admitted = new HashSet<>();
            best.admitted().forEach(p -> admitted.add(p.operation()));
            admitted.remove(next.operation());
            Set<Integer> referenceOnly = new HashSet<>();
            part.operations().stream().map(TimedOperation::id).filter(id -> !admitted.contains(id)).forEach(referenceOnly::add);
            Verdict without = new KeySearch(part, key, config, true, Set.copyOf(referenceOnly), maxStates, zero).run();
            states += without.states();
            if (without instanceof Linearizable l) {
                best = l;
            } else {
                // refused (or undecided): no order shown without it
                needed.add(next.operation());
            }
        }
    }

    /** The search over one key's operations. */
    private static final class KeySearch {

        private final String key;
        private final ModelConfig config;
        private final LeaseModel model;
        private final Admissible admissible;
        /** Whether an admissible answer explains an operation too (the implementation is held to safety alone). */
        private final boolean safetyOnly;
        /** The operations an admissible answer may not explain even so: the reference's answer alone. */
        private final Set<Integer> referenceOnly;
        private final long maxStates;
        /** Sorted by earliest instant. */
        private final TimedOperation[] ops;
        private final long[] lo;
        private final long[] hi;
        private final KeyState finalRows;
        /**
         * For each result the rows read at the end hold that no answered write stored: the lost writes that could
         * have stored it. One of each group must take effect in every order that explains the history.
         */
        private final List<BitSet> required;
        private final BitSet acquires;
        private final int knownCount;
        /** The run's start: messages give instants from it. */
        private final long zero;
        private final KeyState startRows;

        KeySearch(RealTimeHistory part, String key, ModelConfig config, boolean safetyOnly, Set<Integer> referenceOnly, long maxStates,
                  long zero) {
            this.zero = zero;
            this.key = key;
            this.config = config;
            this.model = new LeaseModel(config);
            this.admissible = new Admissible(model);
            this.safetyOnly = safetyOnly;
            this.referenceOnly = referenceOnly;
            this.maxStates = maxStates;
            this.ops = part.operations().stream().sorted(Comparator.comparingLong(part::earliest)).toArray(TimedOperation[]::new);
            this.lo = new long[ops.length];
            this.hi = new long[ops.length];
            int known = 0;
            for (int i = 0; i < ops.length; i++) {
                lo[i] = part.earliest(ops[i]);
                hi[i] = part.latest(ops[i]);
                known += ops[i].unknown() ? 0 : 1;
            }
            this.knownCount = known;
            this.finalRows = part.finalRows().get(key);
            this.startRows = part.startRowsOf(key);
            this.required = requiredWrites();
            this.acquires = new BitSet(ops.length);
            for (int i = 0; i < ops.length; i++) {
                if (ops[i].command() instanceof Acquire) {
                    acquires.set(i);
                }
            }
        }

        /**
         * A state of the search: which operations are placed, the last instant, the key's rows, and how late the
         * lease may end. A grant or renewal whose answer was lost ended the lease at some instant of
         * [{@code rows.lease().until()}, {@code untilMax}] (its statement read the clock somewhere in its interval);
         * later answers narrow that range, and the one that reveals the end (a re-grant) fixes it.
         */
        private record Node(BitSet placed, long last, KeyState rows, long untilMax, int knownPlaced) {
            @Override
            public boolean equals(Object o) {
                return o instanceof Node n && last == n.last && untilMax == n.untilMax && placed.equals(n.placed) && rows.equals(n.rows);
            }

            @Override
            public int hashCode() {
                return Objects.hash(placed, last, rows, untilMax);
            }
        }

        /**
         * The rows after an operation, with how late the lease may end, the answer it took effect with, and for an
         * admissible answer how it differs from the reference's (null for the reference's).
         */
        private record Branch(KeyState rows, long untilMax, Outcome effect, String difference) {

            Branch(KeyState rows, long untilMax, Outcome effect) {
                this(rows, untilMax, effect, null);
            }
        }

        private record Move(int op, long at, Node next, Outcome effect, String difference) {
        }

        /** A node being explored and the moves left to try from it. */
        private static final class Frame {
            final Node node;
            final List<Move> moves;
            int next;

            Frame(Node node, List<Move> moves) {
                this.node = node;
                this.moves = moves;
            }
        }

        Verdict run() {
            Set<Node> seen = new HashSet<>();
            Node root = new Node(new BitSet(ops.length), Long.MIN_VALUE, startRows, exactEnd(startRows), 0);
            Node deepest = root;
            seen.add(root);
            if (done(root)) {
                return new Linearizable(List.of(), 1);
            }
            Deque<Frame> stack = new ArrayDeque<>();
            stack.push(new Frame(root, moves(root)));
            long states = 1;
            while (!stack.isEmpty()) {
                Frame top = stack.peek();
                if (top.next == top.moves.size()) {
                    stack.pop();
                    continue;
                }
                Move move = top.moves.get(top.next++);
                if (!seen.add(move.next())) {
                    continue;
                }
                if (++states > maxStates) {
                    return new GaveUp(key, states, deepest.knownPlaced(), knownCount);
                }
                if (move.next().knownPlaced() > deepest.knownPlaced()) {
                    deepest = move.next();
                }
                if (done(move.next())) {
                    List<Move> taken = new ArrayList<>();
                    stack.descendingIterator().forEachRemaining(f -> taken.add(f.moves.get(f.next - 1)));
                    return new Linearizable(witness(taken), states);
                }
                stack.push(new Frame(move.next(), moves(move.next())));
            }
            return refusal(deepest, states);
        }

        /**
         * The points of an order found. A lost grant took effect with an end only known to lie in a range; when the
         * holder's re-grant hands the same lease back later, its answer tells the end, and the lost grant's effect
         * is given that end (a renewal in between, which sets another, leaves it at the earliest of its range).
         */
        private List<Point> witness(List<Move> taken) {
            List<Point> witness = new ArrayList<>();
            // the lost grant whose lease is the model's, as its point in the witness and its operation
            int lostGrant = -1;
            Acquire lostAcquire = null;
            for (Move m : taken) {
                TimedOperation op = ops[m.op()];
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

        /** Every known answer explained, and the rows read at the end too. */
        private boolean done(Node n) {
            return n.knownPlaced() == knownCount && (finalRows == null || finalRowsAgree(n.rows(), finalRows));
        }

        /**
         * Tokens and results; the lease's {@code until} is judged in the answers (a release's depends on an instant
         * nobody observed) and its owner is a name the model does not share with the database.
         */
        private static boolean finalRowsAgree(KeyState model, KeyState database) {
            boolean leases = model.lease() == null ? database.lease() == null
                    : database.lease() != null && model.lease().token() == database.lease().token();
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
            BitSet grouped = new BitSet(ops.length);
            for (int i = 0; i < ops.length; i++) {
                if (grouped.get(i) || !ops[i].unknown() || !(ops[i].command() instanceof Command.Write w) || !holds(finalRows, w)) {
                    continue;
                }
                BitSet group = new BitSet(ops.length);
                boolean answered = false;
                for (int j = 0; j < ops.length; j++) {
                    if (ops[j].command() instanceof Command.Write other && sameResult(w, other)) {
                        if (ops[j].unknown()) {
                            group.set(j);
                        } else if (ops[j].outcome() instanceof Outcome.Applied) {
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
        private boolean noneLeft(BitSet group, Node n) {
            for (int i = group.nextSetBit(0); i >= 0; i = group.nextSetBit(i + 1)) {
                if (!n.placed().get(i) && hi[i] >= n.last()) {
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
         * nothing, or its interval is over), or their token is above the model's and no grant is left that could
         * still be placed. Found here, the search turns back at once instead of after every later answer.
         */
        private boolean hopeless(Node n) {
            for (BitSet group : required) {
                if (!holds(n.rows(), (Command.Write) ops[group.nextSetBit(0)].command()) && noneLeft(group, n)) {
                    return true;
                }
            }
            if (finalRows == null || finalRows.lease() == null) {
                return false;
            }
            long have = n.rows().lease() == null ? Long.MIN_VALUE : n.rows().lease().token();
            if (have >= finalRows.lease().token()) {
                return false;
            }
            for (int i = n.placed().nextClearBit(0); i < ops.length; i = n.placed().nextClearBit(i + 1)) {
                if (acquires.get(i) && hi[i] >= n.last()) {
                    return false;
                }
            }
            return true;
        }

        private List<Move> moves(Node n) {
            if (hopeless(n)) {
                return List.of();
            }
            // the earliest end among unplaced known answers: ops are sorted by their start, so once one starts
            // after the bound so far, no later one can lower it
            long bound = Long.MAX_VALUE;
            BitSet placedSoFar = n.placed();
            for (int i = placedSoFar.nextClearBit(0); i < ops.length && lo[i] <= bound; i = placedSoFar.nextClearBit(i + 1)) {
                if (!ops[i].unknown()) {
                    bound = Math.min(bound, hi[i]);
                }
            }
            List<Move> known = new ArrayList<>();
            List<Move> unknown = new ArrayList<>();
            for (int i = placedSoFar.nextClearBit(0); i < ops.length && lo[i] <= bound; i = placedSoFar.nextClearBit(i + 1)) {
                long from = Math.max(n.last(), lo[i]);
                long to = Math.min(hi[i], bound);
                if (from > to) {
                    continue;
                }
                for (long t : instants(n.rows(), from, to, ops[i].unknown())) {
                    for (Branch after : apply(i, n, t)) {
                        if (ops[i].unknown() && after.rows().equals(n.rows()) && after.untilMax() == n.untilMax()) {
                            // a lost operation that changes nothing need not be placed: leaving it out loses no order
                            continue;
                        }
                        BitSet placed = (BitSet) n.placed().clone();
                        placed.set(i);
                        Node next = new Node(placed, t, after.rows(), after.untilMax(), n.knownPlaced() + (ops[i].unknown() ? 0 : 1));
                        (ops[i].unknown() ? unknown : known).add(new Move(i, t, next, after.effect(), after.difference()));
                    }
                }
            }
            if (n.knownPlaced() == knownCount && finalRows != null) {
                unknown.removeIf(m -> !towardFinalRows(m.op(), n.rows()));
            }
            known.addAll(unknown);
            return known;
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
        private boolean towardFinalRows(int i, KeyState rows) {
            Command c = ops[i].command();
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

        /** The instants worth trying in [from, to]: the earliest, the lease's first expired instant, and for an unknown answer the latest. */
        private long[] instants(KeyState rows, long from, long to, boolean unknown) {
            long expired = firstExpired(rows.lease());
            boolean boundaryInside = expired > from && expired <= to;
            boolean latest = unknown && to > from && to != expired;
            long[] times = new long[1 + (boundaryInside ? 1 : 0) + (latest ? 1 : 0)];
            int n = 0;
            times[n++] = from;
            if (boundaryInside) {
                times[n++] = expired;
            }
            if (latest) {
                times[n] = to;
            }
            return times;
        }

        /** The first instant at which nobody holds {@code lease}. */
        private long firstExpired(Lease lease) {
            if (lease == null || lease.released()) {
                return Long.MIN_VALUE;
            }
            return lease.until() + (config.boundary().isValid(lease.until(), lease.until()) ? 1 : 0);
        }

        /**
         * The rows after operation {@code i} at instant {@code t}, for each way the model gives its answer there
         * (none when it cannot). When the lease's end is known only within a range that {@code t} falls in, the
         * lease may be over at {@code t} or not: both are tried, each narrowing the range.
         */
        private List<Branch> apply(int i, Node n, long t) {
            List<Branch> out = new ArrayList<>(2);
            Lease lease = n.rows().lease();
            if (lease != null && !lease.released() && n.untilMax() > lease.until()) {
                long firstValid = t + (config.boundary().isValid(t, t) ? 0 : 1);
                if (firstValid > lease.until() && firstValid <= n.untilMax()) {
                    step(i, n.rows(), lease.until(), firstValid - 1, t, out);
                    step(i, n.rows().withLease(lease.withUntil(firstValid)), firstValid, n.untilMax(), t, out);
                    return out;
                }
            }
            long until = lease == null ? Long.MIN_VALUE : lease.until();
            step(i, n.rows(), until, Math.max(until, n.untilMax()), t, out);
            return out;
        }

        /**
         * The model's step on {@code rows}, judged against the answer: the reference's; else, when the implementation
         * is held to safety alone, an admissible answer ({@link Admissible}), the model going on from what it said.
         */
        private void step(int i, KeyState rows, long untilMin, long untilMax, long t, List<Branch> out) {
            int before = out.size();
            stepAsReference(i, rows, untilMin, untilMax, t, out);
            Outcome observed = ops[i].outcome();
            if (out.size() > before || observed == null || !safetyOnly || referenceOnly.contains(ops[i].id())) {
                return;
            }
            Judgement judged = admissible.judge(new ProtocolState(t, new TreeMap<>(Map.of(key, rows))), ops[i].command(), observed);
            if (judged.level() == Judgement.Level.ADMISSIBLE) {
                KeyState after = judged.transition().next().key(key);
                boolean leaseKept = Objects.equals(after.lease(), rows.lease());
                out.add(new Branch(after, leaseKept ? untilMax : exactEnd(after), observed, fromStart(judged, rows, i, t)));
            }
        }

        /**
         * The words of an admissible answer with its instants counted from the run's start, as every message of a
         * real-time run gives them, rather than on the server's clock.
         */
        private String fromStart(Judgement judged, KeyState rows, int i, long t) {
            KeyState shifted = rows.lease() == null ? rows : rows.withLease(rows.lease().withUntil(rows.lease().until() - zero));
            Outcome observed = switch (ops[i].outcome()) {
                case Granted g -> new Granted(g.token(), g.until() - zero);
                case Renewed r -> new Renewed(r.until() - zero);
                case Outcome o -> o;
            };
            Judgement words = admissible.judge(new ProtocolState(t - zero, new TreeMap<>(Map.of(key, shifted))), ops[i].command(), observed);
            return words.level() == Judgement.Level.ADMISSIBLE ? words.difference() : judged.difference();
        }

        /** The reference's step on {@code rows}, whose lease ends somewhere in [{@code untilMin}, {@code untilMax}], judged against the answer. */
        private void stepAsReference(int i, KeyState rows, long untilMin, long untilMax, long t, List<Branch> out) {
            TimedOperation op = ops[i];
            TreeMap<String, KeyState> keys = new TreeMap<>();
            keys.put(key, rows);
            ProtocolState state = new ProtocolState(t, keys);
            Outcome observed = op.outcome();
            Transition transition;
            if (op.command() instanceof Acquire a && observed instanceof Granted g && config.tokens() == TokenSequence.INCREASING) {
                ObservedGrant judged = model.acquire(state, a, g.token());
                if (judged.sequenceBroken()) {
                    return;
                }
                transition = judged.transition();
            } else {
                transition = model.step(state, op.command());
            }
            KeyState after = transition.next().key(key);
            Outcome expected = transition.outcome();
            boolean leaseKept = Objects.equals(after.lease(), rows.lease());
            boolean extended = (expected instanceof Granted || expected instanceof Renewed) && !leaseKept;
            if (observed == null) {
                if (extended) {
                    // its statement read the clock somewhere in its interval: the lease ends somewhere in this range
                    long ttl = op.command() instanceof Acquire a ? a.ttl() : ((Renew) op.command()).ttl();
                    long earliest = config.resolution().round(lo[i] + ttl);
                    Outcome effect = expected instanceof Granted e ? new Granted(e.token(), earliest) : new Renewed(earliest);
                    out.add(new Branch(after.withLease(after.lease().withUntil(earliest)), config.resolution().round(hi[i] + ttl), effect));
                } else {
                    out.add(new Branch(after, leaseKept ? untilMax : exactEnd(after), expected));
                }
                return;
            }
            if (expected instanceof Granted e && observed instanceof Granted o) {
                if (e.token() != o.token()) {
                    return;
                }
                if (leaseKept) {
                    // the holder's own lease handed back: its end, known only within the range so far, is revealed
                    if (o.until() >= untilMin && o.until() <= untilMax) {
                        KeyState revealed = after.withLease(after.lease().withUntil(o.until()));
                        out.add(new Branch(revealed, o.until(), observed));
                    }
                    return;
                }
                if (untilFits(i, o.until(), ((Acquire) op.command()).ttl())) {
                    out.add(new Branch(after.withLease(after.lease().withUntil(o.until())), o.until(), observed));
                }
                return;
            }
            if (expected instanceof Renewed && observed instanceof Renewed o) {
                if (untilFits(i, o.until(), ((Renew) op.command()).ttl())) {
                    out.add(new Branch(after.withLease(after.lease().withUntil(o.until())), o.until(), observed));
                }
                return;
            }
            if (Outcomes.agree(config, expected, observed)) {
                out.add(new Branch(after, leaseKept ? untilMax : exactEnd(after), observed));
            }
        }

        private static long exactEnd(KeyState rows) {
            return rows.lease() == null ? Long.MIN_VALUE : rows.lease().until();
        }

        /** Whether {@code until} is {@code ttl} after some instant inside the operation's interval, at the stored resolution. */
        private boolean untilFits(int i, long until, long ttl) {
            return until >= config.resolution().round(lo[i] + ttl) && until <= config.resolution().round(hi[i] + ttl);
        }

        /** Why the deepest explained prefix could not go on: at its first unexplained answer, what the model says. */
        private NotLinearizable refusal(Node deepest, long states) {
            int culprit = -1;
            for (int i = 0; i < ops.length; i++) {
                if (!ops[i].unknown() && !deepest.placed().get(i) && (culprit < 0 || hi[i] < hi[culprit])) {
                    culprit = i;
                }
            }
            if (culprit < 0) {
                return new NotLinearizable(key, 0, "every answer on " + key + " is explained, but not the rows read at the end: the model"
                        + " holds " + rows(deepest.rows()) + ", the database " + rows(finalRows), "rows", List.of(), states);
            }
            TimedOperation op = ops[culprit];
            long at = Math.max(deepest.last(), lo[culprit]);
            Outcome expected = model.step(new ProtocolState(at, new TreeMap<>(Map.of(key, deepest.rows()))), op.command()).outcome();
            // an instant widened by the clock's uncertainty may lie that little before the run's start: it reads as the start
            String when = at > hi[culprit] ? "no instant in its interval is left after the operations before it"
                    : "the model answers " + answer(expected) + " at " + Micros.millis(Math.max(0, at - zero));
            Lease lease = deepest.rows().lease();
            int grantAt = lease == null ? -1 : grantOf(deepest, lease);
            Integer grant = grantAt < 0 ? null : ops[grantAt].id();
            Integer renewal = lease == null ? null : lastRenewalOf(deepest, lease, grantAt);
            // what a smaller history must still show: whose lease, and the renewal that set its end; the grant may
            // have given way to start rows that hold the same lease
            String whose = lease == null ? "no lease" : "the lease of token " + lease.token() + " held by " + lease.owner()
                    + (renewal == null ? "" : ", last renewed by operation " + renewal);
            String words = lease == null ? "no lease" : "the lease of token " + lease.token() + " held by " + lease.owner()
                    + (grant == null ? " from before these operations" : ", granted by operation " + grant)
                    + (renewal == null ? "" : ", last renewed by operation " + renewal);
            List<Integer> cause = new ArrayList<>();
            Stream.of(grant, renewal).filter(Objects::nonNull).forEach(cause::add);
            if (op.command() instanceof Command.Write w) {
                // a write is judged against the stored result too: the write that stored it is part of the reason
                Integer writer = storedBy(deepest, w);
                String stored = writer == null ? ", no result stored" + (w.sink() == SinkKind.CURRENT_FENCE ? " under its id" : "")
                        : ", the stored result written by operation " + writer;
                whose += stored;
                words += stored;
                if (writer != null) {
                    cause.add(writer);
                }
            }
            int before = deepest.knownPlaced();
            return new NotLinearizable(key, op.id(), "operation " + op.id() + " (" + op.process() + ": " + Describe.realTimeCommand(op.command())
                    + ") answered " + answer(op.outcome()) + ", but after the " + (before == 1 ? "answer" : before + " answers") + " before it "
                    + when + ", " + words + " (and no other order explains it)",
                    expected.getClass().getSimpleName() + (expected instanceof Granted g ? " " + g.token() : "") + ", " + whose,
                    cause, states);
        }

        /**
         * The placed write that stored the result the model's rows at {@code n} hold where {@code w} writes (the latest
         * result, or the fenced result of its id), or null when none is stored there.
         */
        private Integer storedBy(Node n, Command.Write w) {
            StoredResult stored = w.sink() == SinkKind.CURRENT_FENCE ? n.rows().fenced().get(w.resultId()) : n.rows().latest();
            if (stored == null) {
                return null;
            }
            int found = -1;
            for (int i = n.placed().nextSetBit(0); i >= 0; i = n.placed().nextSetBit(i + 1)) {
                if (ops[i].command() instanceof Command.Write other && other.sink() == w.sink() && other.token() == stored.token()
                        && other.payload().equals(stored.payload()) && (w.sink() != SinkKind.CURRENT_FENCE || other.resultId().equals(w.resultId()))
                        && (ops[i].unknown() || ops[i].outcome() instanceof Outcome.Applied) && (found < 0 || lo[i] < lo[found])) {
                    found = i;
                }
            }
            return found < 0 ? null : ops[found].id();
        }

        /**
         * The placed answer that first granted {@code lease} (a re-grant hands the same lease back), else the last
         * placed acquire of its owner whose answer was lost, as its index; -1 when it comes from the start rows.
         */
        private int grantOf(Node n, Lease lease) {
            int grant = -1;
            int lost = -1;
            for (int i = n.placed().nextSetBit(0); i >= 0; i = n.placed().nextSetBit(i + 1)) {
                if (!(ops[i].command() instanceof Acquire a) || !a.owner().equals(lease.owner())) {
                    continue;
                }
                if (ops[i].outcome() instanceof Granted g && g.token() == lease.token() && (grant < 0 || lo[i] < lo[grant])) {
                    grant = i;
                } else if (ops[i].unknown() && (lost < 0 || lo[i] >= lo[lost])) {
                    lost = i;
                }
            }
            return grant < 0 ? lost : grant;
        }

        /** The last placed renewal of {@code lease} after its grant (index {@code grant}, -1: none), which set its end; or null. */
        private Integer lastRenewalOf(Node n, Lease lease, int grant) {
            long from = grant < 0 ? Long.MIN_VALUE : lo[grant];
            int renewal = -1;
            for (int i = n.placed().nextSetBit(0); i >= 0; i = n.placed().nextSetBit(i + 1)) {
                boolean renewalOfIt = ops[i].command() instanceof Renew r && r.owner().equals(lease.owner()) && r.token() == lease.token()
                        && (ops[i].unknown() || ops[i].outcome() instanceof Renewed) && lo[i] >= from;
                if (renewalOfIt && (renewal < 0 || lo[i] >= lo[renewal])) {
                    renewal = i;
                }
            }
            return renewal < 0 ? null : ops[renewal].id();
        }

        /** An answer with its instants from the run's start. */
        private String answer(Outcome outcome) {
            return Describe.realTimeOutcome(outcome, zero);
        }

        private static String rows(KeyState rows) {
            if (rows == null) {
                return "nothing";
            }
            String lease = rows.lease() == null ? "no lease" : "lease token " + rows.lease().token();
            return lease + ", latest " + (rows.latest() == null ? "none" : "token " + rows.latest().token() + " \"" + rows.latest().payload() + "\"")
                    + ", " + rows.fenced().size() + " fenced result(s) " + rows.fenced().keySet();
        }
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
