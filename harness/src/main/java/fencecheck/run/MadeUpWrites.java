package fencecheck.run;

import fencecheck.api.Lease;
import fencecheck.api.Outcome;
import fencecheck.api.SinkKind;
import fencecheck.check.Event;
import fencecheck.job.JobCommand;
import fencecheck.job.JobOutcome;
import fencecheck.model.Command;
import fencecheck.model.Judgement;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A write fencecheck makes up, with a token above every grant its key's workers were told of (a token one above the
 * fence, another key's token), is a finding when a real process could have made it: when the fence it passed was set
 * by a grant some worker was told of, a sink that accepts it accepts tokens above its fence. When the database's fence
 * is the made-up token itself, moved there by a grant no answer carried (an implementation that numbers a revival as a
 * new lease, say), nobody holds that token: the sink kept to its fence, and only the numbering differs from the
 * reference's, a conformance difference. The invariants, which judge what real processes did, then do not read the
 * write either.
 */
final class MadeUpWrites {

    /** A write accepted under a fence nobody was told of: its step and the write, as the invariants' events name it. */
    record UnderAnUntoldFence(int step, Command.Write write) {

        boolean is(Event e) {
            return e.step() == step && write.equals(e.command());
        }
    }

    private MadeUpWrites() {
    }

    /**
     * The write of {@code e} when the model judged its acceptance unsafe only because its token was never granted
     * ({@code Forged}), its token is above every grant a worker was told of on its key before it ({@code before}), and
     * the database's rows read after it show a fence at that token, which no answer carried; else empty.
     */
    static Optional<UnderAnUntoldFence> underAnUntoldFence(HistoryEntry e, List<HistoryEntry> before) {
        if (!e.unsafe() || !(e.command() instanceof JobCommand.Write jw) || !accepted(e.observed())
                || !(answer(e.expected()) instanceof Outcome.Forged) || e.observedRows() == null) {
            return Optional.empty();
        }
        Command.Write w = jw.write();
        Lease fence = e.observedRows().protocol().lease();
        long told = toldOf(w.key(), before);
        if (fence == null || w.token() <= told || fence.token() <= told) {
            return Optional.empty();
        }
        // the fenced sink takes only the current token; the latest-token sink any token up to it
        boolean keptToItsFence = w.sink() == SinkKind.CURRENT_FENCE ? fence.token() == w.token() : fence.token() >= w.token();
        return keptToItsFence ? Optional.of(new UnderAnUntoldFence(e.step(), w)) : Optional.empty();
    }

    /** What the model says of {@code e}, whose write {@link #underAnUntoldFence} found: a conformance difference, in words. */
    static TryEvent.Verdict verdict(HistoryEntry e, UnderAnUntoldFence w, List<HistoryEntry> before) {
        return new TryEvent.Verdict(Judgement.Level.ADMISSIBLE, "token " + w.write().token() + ", made up above the last token a worker was"
                + " told of (" + toldOf(w.write().key(), before) + "), was accepted: the database's fence is "
                + e.observedRows().protocol().lease().token() + ", set by a grant no answer carried, so no real process holds this"
                + " token");
    }

    /** The highest token a worker was answered for {@code key} in {@code history}; 0 when none. */
    static long toldOf(String key, List<HistoryEntry> history) {
        long told = 0;
        for (HistoryEntry h : history) {
            if (key.equals(h.key()) && answer(h.observed()) instanceof Outcome.Granted g) {
                told = Math.max(told, g.token());
            }
        }
        return told;
    }

    static boolean isAny(Event e, Set<UnderAnUntoldFence> writes) {
        return writes.stream().anyMatch(w -> w.is(e));
    }

    private static boolean accepted(JobOutcome observed) {
        return answer(observed) instanceof Outcome.WriteOutcome o && o.accepted();
    }

    private static Outcome answer(JobOutcome outcome) {
        return outcome instanceof JobOutcome.Answered a ? a.outcome() : null;
    }
}
