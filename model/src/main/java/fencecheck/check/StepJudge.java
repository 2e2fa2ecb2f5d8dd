package fencecheck.check;

import fencecheck.api.KeyState;
import fencecheck.api.Lease;
import fencecheck.api.ModelConfig;
import fencecheck.api.Outcome;
import fencecheck.api.Outcome.Granted;
import fencecheck.api.Outcome.Renewed;
import fencecheck.api.TokenSequence;
import fencecheck.model.Admissible;
import fencecheck.model.Command.Acquire;
import fencecheck.model.Command.Renew;
import fencecheck.model.Judgement;
import fencecheck.model.LeaseModel;
import fencecheck.model.ObservedGrant;
import fencecheck.model.Outcomes;
import fencecheck.model.ProtocolState;
import fencecheck.model.Transition;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;

/**
 * The model's step on one operation of a key at one instant, judged against the operation's answer: the rows it
 * leads to, for each way the model gives that answer there.
 *
 * <p>The {@code until} a grant or renewal answered is not predicted from the instant: a statement reads the clock more
 * than once, so it is admitted when {@code until - ttl} lies inside the operation's interval, and the model goes on
 * with the answered {@code until}. A grant or renewal computed from an instant before the operation was sent (a
 * transaction's start) is outside and fails. The boundary is thus judged within the interval's uncertainty.
 *
 * <p>Tokens are predicted by the model, unless the config says they are any increasing sequence
 * ({@link TokenSequence#INCREASING}): then a granted token is taken as given when it continues the key's sequence,
 * and the token of a grant whose answer was lost stays open until an answer or the rows settle it ({@link OpenTokens}).
 */
final class StepJudge {

    private final KeyOperations ops;
    private final String key;
    /** The run's start: messages give instants from it. */
    private final long zero;
    private final ModelConfig config;
    private final LeaseModel model;
    private final Admissible admissible;
    /** Whether an admissible answer explains an operation too (the implementation is held to safety alone). */
    private final boolean safetyOnly;
    /** The operations an admissible answer may not explain even so: the reference's answer alone. */
    private final Set<Integer> referenceOnly;
    private final OpenTokens tokens;

    StepJudge(KeyOperations ops, ModelConfig config, LeaseModel model, boolean safetyOnly, Set<Integer> referenceOnly) {
        this.ops = ops;
        this.key = ops.key();
        this.zero = ops.zero();
        this.config = config;
        this.model = model;
        this.admissible = new Admissible(model);
        this.safetyOnly = safetyOnly;
        this.referenceOnly = referenceOnly;
        this.tokens = new OpenTokens(ops, config);
    }

    /**
     * The rows after operation {@code i} at instant {@code t}, for each way the model gives its answer there
     * (none when it cannot). When the lease's token is known only within a range, each part of it the operation tells
     * apart is tried ({@link OpenTokens}), each narrowing the range.
     */
    List<Branch> apply(int i, SearchNode n, long t) {
        Lease lease = n.rows().lease();
        List<OpenTokens.Range> parts = lease == null ? List.of(new OpenTokens.Range(Long.MIN_VALUE, Long.MIN_VALUE))
                : tokens.parts(i, lease.token(), n.tokenMax());
        List<Branch> out = new ArrayList<>(2);
        for (OpenTokens.Range part : parts) {
            KeyState rows = lease == null ? n.rows() : OpenTokens.withToken(n.rows(), part.least());
            for (Branch b : atInstant(i, rows, n.untilMax(), t)) {
                out.add(tokens.after(i, rows, part.most(), b));
            }
        }
        return out;
    }

    /**
     * The branches of operation {@code i} at instant {@code t} from {@code rows}. When the lease's end is known only
     * within a range that {@code t} falls in, the lease may be over at {@code t} or not: both are tried, each narrowing
     * the range.
     */
    private List<Branch> atInstant(int i, KeyState rows, long untilMax, long t) {
        List<Branch> out = new ArrayList<>(2);
        Lease lease = rows.lease();
        if (lease != null && !lease.released() && untilMax > lease.until()) {
            long firstValid = t + (config.boundary().isValid(t, t) ? 0 : 1);
            if (firstValid > lease.until() && firstValid <= untilMax) {
                step(i, rows, lease.until(), firstValid - 1, t, out);
                step(i, rows.withLease(lease.withUntil(firstValid)), firstValid, untilMax, t, out);
                return out;
            }
        }
        long until = lease == null ? Long.MIN_VALUE : lease.until();
        step(i, rows, until, Math.max(until, untilMax), t, out);
        return out;
    }

    /**
     * The model's step on {@code rows}, judged against the answer: the reference's; else, when the implementation
     * is held to safety alone, an admissible answer ({@link Admissible}), the model going on from what it said.
     */
    private void step(int i, KeyState rows, long untilMin, long untilMax, long t, List<Branch> out) {
        int before = out.size();
        stepAsReference(i, rows, untilMin, untilMax, t, out);
        Outcome observed = ops.op(i).outcome();
        if (out.size() > before || observed == null || !safetyOnly || referenceOnly.contains(ops.op(i).id())) {
            return;
        }
        Judgement judged = admissible.judge(new ProtocolState(t, new TreeMap<>(Map.of(key, rows))), ops.op(i).command(), observed);
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
        Outcome observed = switch (ops.op(i).outcome()) {
            case Granted g -> new Granted(g.token(), g.until() - zero);
            case Renewed r -> new Renewed(r.until() - zero);
            case Outcome o -> o;
        };
        Judgement words = admissible.judge(new ProtocolState(t - zero, new TreeMap<>(Map.of(key, shifted))), ops.op(i).command(), observed);
        return words.level() == Judgement.Level.ADMISSIBLE ? words.difference() : judged.difference();
    }

    /** The reference's step on {@code rows}, whose lease ends somewhere in [{@code untilMin}, {@code untilMax}], judged against the answer. */
    private void stepAsReference(int i, KeyState rows, long untilMin, long untilMax, long t, List<Branch> out) {
        TimedOperation op = ops.op(i);
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
                long earliest = config.resolution().round(ops.lo(i) + ttl);
                Outcome effect = expected instanceof Granted e ? new Granted(e.token(), earliest) : new Renewed(earliest);
                out.add(new Branch(after.withLease(after.lease().withUntil(earliest)), config.resolution().round(ops.hi(i) + ttl), effect));
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

    /** The lease's end when it is known exactly: the end its rows give ({@link Long#MIN_VALUE} without a lease). */
    static long exactEnd(KeyState rows) {
        return rows.lease() == null ? Long.MIN_VALUE : rows.lease().until();
    }

    /** Whether {@code until} is {@code ttl} after some instant inside the operation's interval, at the stored resolution. */
    private boolean untilFits(int i, long until, long ttl) {
        return until >= config.resolution().round(ops.lo(i) + ttl) && until <= config.resolution().round(ops.hi(i) + ttl);
    }
}
