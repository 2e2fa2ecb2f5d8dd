package fencecheck.check;

import fencecheck.api.KeyState;
import fencecheck.api.ModelConfig;
import fencecheck.api.Outcome;
import fencecheck.model.Command;

import java.util.ArrayList;
import java.util.List;

/**
 * A write a real-time worker makes up, with a token above every grant its key's workers were told of, is a finding
 * only when a real process could have made it. When the model refuses its acceptance as a token never granted, and the
 * rows read at the end hold a fence at that token or above though no answer ever told a worker of such a token, the
 * fence got there by a grant no answer carried (an implementation that numbers a revival as a new lease, say): nobody
 * holds the token, and the acceptance is a conformance note. The write is then judged as if its answer were unknown,
 * and the history goes on being judged without it.
 */
final class UntoldFences {

    /** At most this many writes are taken out of a history: enough for a run, and a bound on the checks made. */
    private static final int MOST = 20;

    /** The history with the made-up writes taken out, its verdict, and those writes. */
    record Judged(RealTimeHistory history, Linearizability.Verdict verdict, List<RealTimeVerdict.MadeUp> madeUp) {
    }

    private UntoldFences() {
    }

    /**
     * Takes out, one after another, each made-up write at which the order that explains the answers stops (the rows
     * read at the end left aside: they are what shows the fence, and the search may stop where it sees them out of
     * reach rather than at the write). Nothing to do without rows read at the end: no fence is shown.
     *
     * @param verdict the verdict on {@code history} as it is
     */
    static Judged judge(RealTimeHistory history, Linearizability.Verdict verdict, ModelConfig config, long maxStatesPerKey) {
        if (history.finalRows().isEmpty()) {
            return new Judged(history, verdict, List.of());
        }
        RealTimeHistory judged = history;
        Linearizability.Verdict v = verdict;
        List<RealTimeVerdict.MadeUp> madeUp = new ArrayList<>();
        while (madeUp.size() < MOST && v instanceof Linearizability.NotLinearizable) {
            Linearizability.Verdict answers = Linearizability.check(judged.withoutFinalRows(), config, maxStatesPerKey);
            if (!(answers instanceof Linearizability.NotLinearizable n) || !n.expected().startsWith("Forged")) {
                break;
            }
            TimedOperation op = judged.operation(n.culprit());
            RealTimeVerdict.MadeUp found = op == null ? null : madeUpUnderAnUntoldFence(judged, op);
            if (found == null) {
                break;
            }
            madeUp.add(found);
            judged = asUnknown(judged, op);
            v = Linearizability.check(judged, config, maxStatesPerKey);
        }
        return new Judged(judged, v, List.copyOf(madeUp));
    }

    /**
     * {@code op} as {@link RealTimeVerdict.MadeUp} when it is an accepted write above every token told, under a fence
     * the rows read at the end show; else null.
     */
    private static RealTimeVerdict.MadeUp madeUpUnderAnUntoldFence(RealTimeHistory history, TimedOperation op) {
        if (!(op.command() instanceof Command.Write w) || !(op.outcome() instanceof Outcome.WriteOutcome o) || !o.accepted()) {
            return null;
        }
        KeyState end = history.finalRows().get(w.key());
        if (end == null || end.lease() == null || end.lease().token() < w.token()) {
            return null;
        }
        long told = history.startRowsOf(w.key()).lease() == null ? 0 : history.startRowsOf(w.key()).lease().token();
        for (TimedOperation other : history.operations()) {
            if (other.key().equals(w.key()) && other.command() instanceof Command.Acquire && other.outcome() instanceof Outcome.Granted g) {
                told = Math.max(told, g.token());
            }
        }
        if (told >= w.token()) {
            return null;
        }
        return new RealTimeVerdict.MadeUp(op.id(), "token " + w.token() + ", made up above every token a worker was told of (" + told + "), was"
                + " accepted: the rows read at the end hold fence " + end.lease().token() + ", set by a grant no answer carried, so no"
                + " real process holds this token");
    }

    private static RealTimeHistory asUnknown(RealTimeHistory history, TimedOperation op) {
        List<TimedOperation> ops = new ArrayList<>();
        for (TimedOperation o : history.operations()) {
            ops.add(o.id() != op.id() ? o : new TimedOperation(o.id(), o.process(), o.command(), o.invoke(), o.complete(), null,
                    o.note().isEmpty() ? "made up above every token told" : o.note() + ", made up above every token told"));
        }
        return new RealTimeHistory(ops, history.finalRows(), history.marks(), history.start(), history.uncertainty(), history.startRows());
    }
}
