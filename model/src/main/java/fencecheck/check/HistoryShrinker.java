package fencecheck.check;

import fencecheck.api.KeyState;
import fencecheck.api.Lease;
import fencecheck.api.Outcome.Granted;
import fencecheck.api.Outcome.Renewed;
import fencecheck.model.Command;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Shrinks a failing real-time history by dropping operations and checking again (never by
 * running anything against the database again): first everything but the failing key, then
 * what was sent after the failing operation completed, then all but the cause and what it
 * needs, then chunks of halving size, single operations, and pairs once few are left; a smaller
 * history is kept when it fails the same way ({@link RealTimeVerdict#signature()}: the same
 * unexplained operation where the model gives the same kind of answer from the same operation's
 * lease, or the same invariant at the same operation judged against the same operations).
 *
 * <p>A smaller history must not fail for a reason of its own. Dropping a grant would leave the
 * later grants of its key with tokens the model does not predict, and the renewals, releases
 * and writes of its holder with a token from nowhere. So the grants a kept operation's process
 * holds (its latest grant on the key before it) stay with it, unless it is itself a grant of a
 * new token, which uses none, or its token is one the start rows say was granted before; and a
 * key whose first grants were dropped starts from the token they had reached: a lease of the token just below its first kept grant, held by nobody of the
 * history and over before its first operation ({@link RealTimeHistory#startRows()}). The chain of
 * earlier grants can then go, whatever token the failure shows at. A start that does not fit the
 * kept answers makes the smaller history fail another way, and it is not kept.
 *
 * <p>Last, the operations of other processes that overlap the failing one and change what it reads are put back where
 * the history still fails the same way with them ({@link OverlappingOperations}): what its answer met stays in view.
 */
public final class HistoryShrinker {

    /** Below this many operations, pairs are tried too: a drop that needs two operations to go at once. */
    private static final int PAIRS_FROM = 40;

    /**
     * The smallest failing history found, its verdict, how many checks it took, and whether the time budget ran out first.
     *
     * @param overlapping operations of other processes on the failing operation's key that overlap it in time and change
     *                    what it reads, put back after shrinking (the history still fails the same way with them): they
     *                    may have taken effect before it, and a reader needs them to see what its answer met
     */
    public record Shrunk(RealTimeHistory history, RealTimeVerdict verdict, int checks, boolean outOfTime, List<Integer> overlapping) {

        public Shrunk {
            overlapping = List.copyOf(overlapping);
        }
    }

    private HistoryShrinker() {
    }

    public static Shrunk shrink(RealTimeHistory failing, Function<RealTimeHistory, RealTimeVerdict> check, long budgetMillis) {
        long deadline = System.nanoTime() + budgetMillis * 1_000_000;
        RealTimeVerdict verdict = check.apply(failing);
        Optional<String> signature = verdict.signature();
        if (signature.isEmpty() || verdict.undecided()) {
            return new Shrunk(failing, verdict, 1, false, List.of());
        }
        Search s = new Search(failing, check, signature.get(), dependencies(failing), deadline);
        s.bestVerdict = verdict;
        String key = failingKey(failing, verdict);
        if (key != null) {
            s.tryKeep(failing.ofKey(key));
        }
        Integer at = s.bestVerdict.failingOperation();
        TimedOperation culprit = at == null ? null : s.best.operation(at);
        if (culprit != null) {
            long end = culprit.complete();
            s.tryKeep(s.best.filter(o -> o.invoke() <= end).withoutFinalRows());
            s.tryKeep(s.best.filter(o -> o.invoke() <= end));
        }
        // the cause and its leases alone (a token it uses may then come from before the history), else with the
        // grants of the tokens it uses too
        List<Integer> cause = s.bestVerdict.cause();
        for (boolean withGrantsUsed : new boolean[] {false, true}) {
            Set<Integer> core = s.closure(cause, withGrantsUsed);
            if (!core.isEmpty() && s.tryKeep(s.best.filter(o -> core.contains(o.id())).withoutFinalRows())) {
                break;
            }
        }
        s.startFromALeaseAnswer();
        for (int size = s.best.operations().size() / 2; size >= 1 && !s.outOfTime(); size /= 2) {
            boolean dropped;
            do {
                dropped = false;
                List<TimedOperation> ops = s.best.operations();
                for (int from = 0; from < ops.size() && !s.outOfTime(); from += size) {
                    Set<Integer> chunk = ids(ops.subList(from, Math.min(ops.size(), from + size)));
                    if (s.tryKeep(s.best.filter(o -> !chunk.contains(o.id())))) {
                        dropped = true;
                        break;
                    }
                }
            } while (dropped && !s.outOfTime());
        }
        if (s.best.operations().size() <= PAIRS_FROM) {
            boolean dropped = true;
            while (dropped && !s.outOfTime()) {
                dropped = false;
                List<TimedOperation> ops = s.best.operations();
                pairs:
                for (int i = 0; i < ops.size(); i++) {
                    for (int j = i + 1; j < ops.size() && !s.outOfTime(); j++) {
                        int a = ops.get(i).id();
                        int b = ops.get(j).id();
                        if (s.tryKeep(s.best.filter(o -> o.id() != a && o.id() != b))) {
                            dropped = true;
                            break pairs;
                        }
                    }
                }
            }
        }
        s.tryKeep(s.best.withoutFinalRows());
        Integer failingAt = s.bestVerdict.failingOperation();
        TimedOperation failingOne = failingAt == null ? null : failing.operation(failingAt);
        List<Integer> overlapping = OverlappingOperations.putBack(failing, failingOne, () -> s.best, s.grantUsed, s::tryKeep, s::outOfTime);
        return new Shrunk(s.best, s.bestVerdict, s.checks, s.outOfTime(), overlapping);
    }

    private static final class Search {
        final Function<RealTimeHistory, RealTimeVerdict> check;
        final String signature;
        final Map<Integer, Integer> grantUsed;
        final long deadline;
        RealTimeHistory best;
        RealTimeVerdict bestVerdict;
        int checks = 1;

        Search(RealTimeHistory original, Function<RealTimeHistory, RealTimeVerdict> check, String signature,
               Map<Integer, Integer> grantUsed, long deadline) {
            this.best = original;
            this.check = check;
            this.signature = signature;
            this.grantUsed = grantUsed;
            this.deadline = deadline;
        }

        boolean outOfTime() {
            return System.nanoTime() > deadline;
        }

        boolean tryKeep(RealTimeHistory dropped) {
            RealTimeHistory candidate = fromEarlierGrants(dropped);
            if (candidate.operations().size() == best.operations().size() && candidate.finalRows().equals(best.finalRows())
                    && candidate.startRows().equals(best.startRows())) {
                return false;
            }
            Set<Integer> kept = ids(candidate.operations());
            for (TimedOperation o : candidate.operations()) {
                Integer grant = grantUsed.get(o.id());
                if (grant != null && !kept.contains(grant) && tokenUsed(o) > startToken(candidate, o.key())) {
                    return false;
                }
            }
            checks++;
            RealTimeVerdict v = check.apply(candidate);
            if (v.signature().filter(signature::equals).isPresent()) {
                best = candidate;
                bestVerdict = v;
                return true;
            }
            return false;
        }

        /**
         * Starts the failing key from the rows an answer before the failing operation showed: the lease a grant or
         * renewal answered (its holder, token and end), keeping only what was sent after that answer came. The
         * renewals that had kept the lease alive until then can go. The latest such answer that still fails the
         * same way wins; an answer that is itself part of the cause is not cut at.
         */
        void startFromALeaseAnswer() {
            Integer failing = bestVerdict.failingOperation();
            TimedOperation culprit = failing == null ? null : best.operation(failing);
            if (culprit == null) {
                return;
            }
            String key = culprit.key();
            Set<Integer> cause = Set.copyOf(bestVerdict.cause());
            List<TimedOperation> answers = best.operations().stream()
                    .filter(o -> o.key().equals(key) && !cause.contains(o.id()) && leaseAnswered(o) != null && o.complete() < culprit.invoke())
                    .sorted(Comparator.comparingLong(TimedOperation::complete).reversed()).toList();
            for (TimedOperation answer : answers) {
                if (outOfTime()) {
                    return;
                }
                long after = answer.complete();
                Map<String, KeyState> start = new TreeMap<>(best.startRows());
                start.put(key, KeyState.EMPTY.withLease(leaseAnswered(answer)));
                if (tryKeep(best.filter(o -> !o.key().equals(key) || o.invoke() > after).startingFrom(start))) {
                    return;
                }
            }
        }

        /**
         * {@code ids}, transitively the grants they use if {@code withGrantsUsed}, the re-grants and renewals of each
         * grant's lease by its holder, and per key every grant of a token between the lowest and the highest granted
         * among them: the model counts tokens on from the start rows, so the chain between two kept grants stays
         * whole.
         */
        Set<Integer> closure(List<Integer> ids, boolean withGrantsUsed) {
            Set<Integer> closed = new HashSet<>();
            Deque<Integer> todo = new ArrayDeque<>(ids);
            while (!todo.isEmpty()) {
                Integer id = todo.pop();
                if (closed.add(id) && withGrantsUsed && grantUsed.containsKey(id)) {
                    todo.push(grantUsed.get(id));
                }
            }
            // a grant's holder's re-grants and renewals of its token: each re-grant's answer tells the lease's end
            for (Integer id : List.copyOf(closed)) {
                TimedOperation o = best.operation(id);
                if (o != null && o.command() instanceof Command.Acquire && o.outcome() instanceof Granted g) {
                    for (TimedOperation same : best.operations()) {
                        if (same.process().equals(o.process()) && same.key().equals(o.key()) && sameLease(same, g.token())) {
                            closed.add(same.id());
                        }
                    }
                }
            }
            Map<String, long[]> span = new HashMap<>();
            for (Integer id : closed) {
                TimedOperation o = best.operation(id);
                if (o != null && o.command() instanceof Command.Acquire && o.outcome() instanceof Granted g) {
                    long[] s = span.computeIfAbsent(o.key(), k -> new long[] {Long.MAX_VALUE, Long.MIN_VALUE});
                    s[0] = Math.min(s[0], g.token());
                    s[1] = Math.max(s[1], g.token());
                }
            }
            for (TimedOperation o : best.operations()) {
                long[] s = span.get(o.key());
                if (s != null && o.command() instanceof Command.Acquire && o.outcome() instanceof Granted g
                        && g.token() >= s[0] && g.token() <= s[1]) {
                    closed.add(o.id());
                }
            }
            return closed;
        }

        /**
         * The history with each key starting from the token its dropped grants had reached: a lease of the token
         * below the lowest one a kept operation was granted, expired before the key's first kept operation. A key
         * none of whose grants were dropped starts as it did.
         */
        private RealTimeHistory fromEarlierGrants(RealTimeHistory candidate) {
            Map<String, KeyState> start = new TreeMap<>(candidate.startRows());
            for (String key : candidate.keys()) {
                long lowest = Long.MAX_VALUE;
                long earliest = Long.MAX_VALUE;
                for (TimedOperation o : candidate.operations()) {
                    if (!o.key().equals(key)) {
                        continue;
                    }
                    earliest = Math.min(earliest, candidate.earliest(o));
                    if (o.command() instanceof Command.Acquire && o.outcome() instanceof Granted g) {
                        lowest = Math.min(lowest, g.token());
                    }
                }
                Lease before = candidate.startRowsOf(key).lease();
                long reached = before == null ? 0 : before.token();
                if (lowest != Long.MAX_VALUE && lowest - 1 > reached) {
                    start.put(key, KeyState.EMPTY.withLease(new Lease(RealTimeHistory.EARLIER_HOLDER, earliest - 1, lowest - 1)));
                }
            }
            return candidate.startingFrom(start);
        }
    }

    /**
     * Per operation, its process's latest grant on its key that completed before it was sent: the token it
     * uses, or the grant it repeats. A grant of a new token uses none, and keeps none with it.
     */
    static Map<Integer, Integer> dependencies(RealTimeHistory history) {
        Map<Integer, Integer> used = new HashMap<>();
        List<TimedOperation> grants = new ArrayList<>();
        for (TimedOperation o : history.operations()) {
            if (o.command() instanceof Command.Acquire && o.outcome() instanceof Granted) {
                grants.add(o);
            }
        }
        for (TimedOperation o : history.operations()) {
            TimedOperation source = null;
            for (TimedOperation g : grants) {
                if (g != o && g.process().equals(o.process()) && g.key().equals(o.key())
                        && g.complete() <= o.invoke() && (source == null || g.complete() > source.complete())) {
                    source = g;
                }
            }
            if (source != null && !newGrant(o, source)) {
                used.put(o.id(), source.id());
            }
        }
        return used;
    }

    /**
     * The token {@code o} uses or was handed: a write's, renewal's or release's, a grant's; unknown (the highest) for
     * a grant whose answer was lost.
     */
    private static long tokenUsed(TimedOperation o) {
        return switch (o.command()) {
            case Command.Write w -> w.token();
            case Command.Renew r -> r.token();
            case Command.Release r -> r.token();
            default -> o.outcome() instanceof Granted g ? g.token() : Long.MAX_VALUE;
        };
    }

    /** The token {@code key} starts from in {@code history}: tokens up to it were granted before its operations. */
    private static long startToken(RealTimeHistory history, String key) {
        Lease lease = history.startRowsOf(key).lease();
        return lease == null ? 0 : lease.token();
    }

    /** The lease a grant or renewal answered (its owner, end and token), or null for any other operation or answer. */
    private static Lease leaseAnswered(TimedOperation o) {
        return switch (o.command()) {
            case Command.Acquire a when o.outcome() instanceof Granted g -> new Lease(a.owner(), g.until(), g.token());
            case Command.Renew r when o.outcome() instanceof Renewed rn -> new Lease(r.owner(), rn.until(), r.token());
            default -> null;
        };
    }

    /** Whether {@code o} acts on the lease of {@code token}: a grant of it, or a renewal of it answered Renewed. */
    private static boolean sameLease(TimedOperation o, long token) {
        return o.command() instanceof Command.Acquire && o.outcome() instanceof Granted g && g.token() == token
                || o.command() instanceof Command.Renew r && r.token() == token && o.outcome() instanceof Renewed;
    }

    /** Whether {@code o} was granted a token other than its process's earlier grant {@code source}. */
    private static boolean newGrant(TimedOperation o, TimedOperation source) {
        return o.command() instanceof Command.Acquire && o.outcome() instanceof Granted g
                && source.outcome() instanceof Granted earlier && g.token() != earlier.token();
    }

    private static String failingKey(RealTimeHistory history, RealTimeVerdict verdict) {
        if (verdict.linearizability() instanceof Linearizability.NotLinearizable n) {
            return n.key();
        }
        Integer at = verdict.failingOperation();
        TimedOperation op = at == null ? null : history.operation(at);
        return op == null ? null : op.key();
    }

    private static Set<Integer> ids(List<TimedOperation> ops) {
        Set<Integer> ids = new HashSet<>();
        ops.forEach(o -> ids.add(o.id()));
        return ids;
    }
}
