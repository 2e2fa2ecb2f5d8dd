package fencecheck.report;

import fencecheck.api.Outcome;
import fencecheck.check.Violation;
import fencecheck.job.JobCommand;
import fencecheck.job.JobOutcome;
import fencecheck.model.Command;
import fencecheck.run.HistoryEntry;

import java.util.List;

/**
 * The first sentence of a failure page: who did what, and why it is dangerous, in the words of the history
 * ("w1's job committed with token 1 after w2 was granted token 2 at 10.000001 s"). The verdict the run printed
 * follows it unchanged; this sentence only reads the history the harness kept.
 */
final class Headline {

    private Headline() {
    }

    /** The sentence, or null when the failure has no history to tell it from. */
    static String of(RunResult.Failure f) {
        if (f.history() == null || f.history().isEmpty()) {
            return null;
        }
        HistoryEntry divergent = JobTimeline.divergentEntry(f);
        if (divergent != null && divergent.outcomeDiffers()) {
            return divergence(f.history(), divergent);
        }
        if (!f.violations().isEmpty()) {
            return violation(f.history(), f.violations().get(0));
        }
        return divergent == null ? null : divergent.actor() + "'s " + divergent.action() + " left rows of " + divergent.key()
                + " that differ from the model's: what a later reader of them sees is not what the protocol stored.";
    }

    private static String violation(List<HistoryEntry> history, Violation v) {
        HistoryEntry at = actorEntry(history, v.step());
        String invariant = "invariant " + v.invariant().title() + " broken";
        if (at == null) {
            return invariant + " at step " + v.step() + ": " + v.explanation();
        }
        String deed = deed(history, at);
        HistoryEntry grant = v.related().stream().map(step -> actorEntry(history, step)).filter(e -> e != null && granted(e) != null)
                .filter(e -> !e.actor().equals(at.actor())).findFirst().orElse(null);
        String after = grant == null ? "" : " after " + grant.actor() + " was granted token " + granted(grant).token()
                + " at " + Html.seconds(grant.at());
        return deed + after + ": " + invariant + " (step " + v.step() + ").";
    }

    /** What the entry's session did, as a subject and verb: "w1's job committed with token 1". */
    private static String deed(List<HistoryEntry> history, HistoryEntry e) {
        String who = e.actor() + "'s ";
        return switch (e.command()) {
            case JobCommand.Commit c -> {
                Long token = claimedBefore(history, e);
                yield who + "job committed" + (token == null ? "" : " with token " + token);
            }
            case JobCommand.Write w -> who + "write of " + w.write().resultId() + " with token " + w.write().token() + " was accepted";
            case JobCommand.Claim c -> who + "claim of " + c.key() + " with token " + c.token() + " was accepted";
            case JobCommand.BusinessRow b -> who + "business row " + b.resultId() + " was written";
            case JobCommand.OutboxRow o -> who + "outbox row " + o.resultId() + " was written";
            case JobCommand.LeaseOperation op when granted(e) != null -> e.actor() + " was granted " + key(op.command())
                    + " with token " + granted(e).token();
            case JobCommand.Relay r -> "the relay's delivery took effect";
            case JobCommand.Redeliver r -> "the relay's second delivery took effect";
            case null, default -> who + e.action();
        };
    }

    private static String divergence(List<HistoryEntry> history, HistoryEntry e) {
        if (e.error() != null) {
            return e.actor() + "'s " + e.action() + " failed where the model answers " + JobTimeline.describe(e.expected(), null)
                    + ": " + Pages.clip(e.error(), 120);
        }
        Outcome expected = answer(e.expected());
        Outcome observed = answer(e.observed());
        boolean sameRows = e.expectedRows() != null && e.expectedRows().equals(e.observedRows());
        String who = e.actor();
        if (expected instanceof Outcome.Replayed && observed instanceof Outcome.Applied && e.command() instanceof JobCommand.Write w) {
            return who + "'s repeated write of " + w.write().resultId() + " was applied a second time: the database answered Applied,"
                    + " where a write it already stored must answer Replayed, so a writer that acts on Applied (sends the mail, books"
                    + " the payment) acts twice" + (sameRows ? "; the stored rows are the same, only the answer says otherwise." : ".");
        }
        if (expected instanceof Outcome.Busy && observed instanceof Outcome.Granted g && e.command() instanceof JobCommand.LeaseOperation op) {
            return who + " was granted " + key(op.command()) + " with token " + g.token()
                    + " while another holder's lease still held: two workers now believe they own the key.";
        }
        if (expected instanceof Outcome.WriteOutcome x && !x.accepted() && observed instanceof Outcome.WriteOutcome o && o.accepted()
                && e.command() instanceof JobCommand.Write w) {
            return who + "'s write of " + w.write().resultId() + " with token " + w.write().token() + " was accepted where it must be"
                    + " refused (" + Html.outcome(expected, null) + "): a stale or forged writer's result is stored.";
        }
        if (expected instanceof Outcome.RenewRejected && observed instanceof Outcome.Renewed && e.command() instanceof JobCommand.LeaseOperation op) {
            return who + " renewed " + key(op.command()) + ", a lease it no longer holds: it goes on working as its owner.";
        }
        if (expected instanceof Outcome.Granted && observed instanceof Outcome.Busy && e.command() instanceof JobCommand.LeaseOperation op) {
            HistoryEntry lost = lostReceipt(history, e, key(op.command()));
            if (lost != null) {
                return who + "'s grant of " + key(op.command()) + " (token " + granted(lost).token() + ") was lost on its way back at step "
                        + lost.step() + ", and its retry was refused (Busy): " + who + " waits for a lease it holds, until it expires.";
            }
            return who + " was refused " + key(op.command()) + " (Busy) where the model grants it: the caller waits for a lease"
                    + " that is free, or for its own.";
        }
        if (e.expected() instanceof JobOutcome.Waiting && !(e.observed() instanceof JobOutcome.Waiting)) {
            return who + "'s " + e.action() + " went through where it must wait for another session's lock: two transactions"
                    + " touch the same rows at once.";
        }
        return who + "'s " + e.action() + ": the model answers " + JobTimeline.describe(e.expected(), null) + ", the database answered "
                + JobTimeline.describe(e.observed(), null) + ".";
    }

    /** An earlier grant to {@code e}'s session on {@code key} whose answer a fault took away, or null. */
    private static HistoryEntry lostReceipt(List<HistoryEntry> history, HistoryEntry e, String key) {
        HistoryEntry found = null;
        for (HistoryEntry h : history) {
            if (h == e) {
                break;
            }
            if (h.actor().equals(e.actor()) && h.observed() == null && h.fault() != null && h.command() instanceof JobCommand.LeaseOperation op
                    && key.equals(key(op.command())) && granted(h) != null) {
                found = h;
            }
        }
        return found;
    }

    /** The entry of a session's own statement at {@code step} (not the clock's, the nemesis's, or a note), or null. */
    private static HistoryEntry actorEntry(List<HistoryEntry> history, int step) {
        return history.stream().filter(e -> e.step() == step && e.command() != null && !(e.command() instanceof JobCommand.AdvanceClock))
                .findFirst().orElse(null);
    }

    /** The token the session's job claimed with before {@code e}, in the transaction {@code e} ends, or null. */
    private static Long claimedBefore(List<HistoryEntry> history, HistoryEntry e) {
        Long token = null;
        for (HistoryEntry h : history) {
            if (h == e) {
                break;
            }
            if (h.actor().equals(e.actor()) && h.command() instanceof JobCommand.Claim c) {
                token = c.token();
            }
        }
        return token;
    }

    private static Outcome.Granted granted(HistoryEntry e) {
        return answer(e.observed()) instanceof Outcome.Granted g ? g
                : e.observed() == null && answer(e.expected()) instanceof Outcome.Granted g ? g : null;
    }

    private static String key(Command c) {
        return switch (c) {
            case Command.Acquire a -> a.key();
            case Command.Renew r -> r.key();
            case Command.Release r -> r.key();
            case Command.Write w -> w.key();
            default -> "the key";
        };
    }

    private static Outcome answer(JobOutcome outcome) {
        return outcome instanceof JobOutcome.Answered a ? a.outcome() : null;
    }
}
