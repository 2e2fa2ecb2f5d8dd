package fencecheck.check;

import fencecheck.model.Command;
import fencecheck.model.Outcome.Granted;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Shrinks a failing real-time history by dropping operations and checking again (never by
 * running anything against the database again): first everything but the failing key, then
 * what was sent after the failing operation completed, then chunks of halving size, single
 * operations, and pairs once few are left; a smaller history is kept when it fails the same
 * way ({@link RealTimeVerdict#signature()}: the same unexplained operation where the model
 * gives the same kind of answer, or the same invariant at the same operation).
 *
 * <p>A smaller history must not fail for a reason of its own. Dropping a grant would leave the
 * later grants of its key with tokens the model does not predict, and the renewals, releases
 * and writes of its holder with a token from nowhere; so the grants a kept operation's process
 * holds (its latest grant on the key before it) stay with it, unless it is itself a grant of a
 * new token, which uses none; and the signature's kind of answer keeps a token chain broken by
 * a drop from passing for the original failure.
 */
public final class HistoryShrinker {

    /** The smallest failing history found, its verdict, how many checks it took, and whether the time budget ran out first. */
    public record Shrunk(RealTimeHistory history, RealTimeVerdict verdict, int checks, boolean outOfTime) {
    }

    private HistoryShrinker() {
    }

    public static Shrunk shrink(RealTimeHistory failing, Function<RealTimeHistory, RealTimeVerdict> check, long budgetMillis) {
        long deadline = System.nanoTime() + budgetMillis * 1_000_000;
        RealTimeVerdict verdict = check.apply(failing);
        Optional<String> signature = verdict.signature();
        if (signature.isEmpty() || verdict.undecided()) {
            return new Shrunk(failing, verdict, 1, false);
        }
        Search s = new Search(check, signature.get(), dependencies(failing), deadline);
        s.best = failing;
        s.bestVerdict = verdict;
        s.checks = 1;
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
        if (s.best.operations().size() <= 40) {
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
        return new Shrunk(s.best, s.bestVerdict, s.checks, s.outOfTime());
    }

    private static final class Search {
        final Function<RealTimeHistory, RealTimeVerdict> check;
        final String signature;
        final Map<Integer, Integer> grantUsed;
        final long deadline;
        RealTimeHistory best;
        RealTimeVerdict bestVerdict;
        int checks;

        Search(Function<RealTimeHistory, RealTimeVerdict> check, String signature, Map<Integer, Integer> grantUsed, long deadline) {
            this.check = check;
            this.signature = signature;
            this.grantUsed = grantUsed;
            this.deadline = deadline;
        }

        boolean outOfTime() {
            return System.nanoTime() > deadline;
        }

        boolean tryKeep(RealTimeHistory candidate) {
            if (candidate.operations().size() == best.operations().size() && candidate.finalRows().equals(best.finalRows())) {
                return false;
            }
            Set<Integer> kept = ids(candidate.operations());
            for (TimedOperation o : candidate.operations()) {
                Integer grant = grantUsed.get(o.id());
                if (grant != null && !kept.contains(grant)) {
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
