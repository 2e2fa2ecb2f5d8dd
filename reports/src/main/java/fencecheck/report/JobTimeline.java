package fencecheck.report;

import fencecheck.api.Outcome;
import fencecheck.check.Violation;
import fencecheck.job.JobCommand;
import fencecheck.job.JobOutcome;
import fencecheck.run.HistoryEntry;
import fencecheck.trace.Action;
import fencecheck.trace.NetworkFault;
import fencecheck.trace.Step;
import fencecheck.trace.Trace;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A job history as a {@link TimelineModel}: one lane per session and one for
 * the outbox relay; leases as bars, transactions as spans from begin to
 * commit or rollback, lock waits as segments from the waiting statement to
 * the step that let it go on (linked to the session whose transaction
 * ended), claims, rows, fenced writes and deliveries judged against the model.
 */
final class JobTimeline {

    private final TimelineModel model;
    /** Per session, the token its open transaction claimed with: the token its business and outbox rows carry. */
    private final Map<String, Long> claimed = new HashMap<>();
    private final Map<Integer, Integer> positionOfStep = new HashMap<>();
    /** The session whose statement made the current step: when it ends a transaction, waiting statements go on. */
    private String stepActor;

    private final List<Step> steps;
    /** The invariants broken, by the step whose answer broke them: an answer there is drawn as the stale acceptance it is. */
    private final Map<Integer, Violation> broken = new HashMap<>();

    /** The failovers: the primary strip, and the commits each lost struck through. */
    private final TimelineFailovers failovers;

    private JobTimeline(Trace trace, List<HistoryEntry> history) {
        this.model = new TimelineModel(trace == null ? Trace.DEFAULT_LEASE_TTL : trace.leaseTtl());
        this.steps = trace == null ? List.of() : trace.steps();
        this.failovers = new TimelineFailovers(model, positionOfStep, history);
    }

    static TimelineModel of(RunResult.Failure failure) {
        JobTimeline t = new JobTimeline(failure.trace(), failure.history());
        failure.violations().forEach(v -> t.broken.putIfAbsent(v.step(), v));
        for (HistoryEntry e : failure.history()) {
            t.add(e);
        }
        t.highlight(failure);
        return t.model;
    }

    private void add(HistoryEntry e) {
        // a waiting statement that went on belongs to the step that ended the transaction it waited for
        int position;
        if (e.resumed() && !model.moments.isEmpty()) {
            position = model.moments.size() - 1;
        } else {
            long at = e.command() instanceof JobCommand.AdvanceClock c ? c.to() : e.at();
            position = model.moment(e.step(), at, e.command() instanceof JobCommand.AdvanceClock);
            positionOfStep.putIfAbsent(e.step(), position);
            stepActor = e.actor();
        }
        if (Step.CLOCK.equals(e.actor())) {
            return;
        }
        if (e.failover() != null) {
            failovers.add(position, e);
            return;
        }
        if (e.command() instanceof JobCommand.CrashDatabase) {
            model.bands.add(new TimelineModel.Band(position, "database-crash", "database crash", e.action()));
            return;
        }
        Action action = !e.resumed() && e.step() >= 1 && e.step() <= steps.size() ? steps.get(e.step() - 1).action() : null;
        if (e.command() == null && (e.kind() == HistoryEntry.Kind.FAULT || e.kind() == HistoryEntry.Kind.NOTE) && !e.resumed()
                && fault(position, e, action)) {
            return;
        }
        TimelineModel.Lane lane = model.lane(e.actor(), order(e.actor()));
        String title = (e.resumed() ? "<- " : "") + e.action() + "\nmodel: " + describe(e.expected(), null)
                + "\ndatabase: " + describe(e.observed(), e.error());
        if (e.kind() == HistoryEntry.Kind.BETWEEN) {
            // a split: the call stops between two statements of its file, and the others go on until it does
            lane.waits.add(new TimelineModel.Wait(position, "split", true, e.action()));
            lane.mark(new TimelineModel.Mark(position, "split", null, "", "split", title, false));
            return;
        }
        if (e.resumed()) {
            TimelineModel.Wait split = lane.openWait("split");
            if (split != null) {
                split.to = position;
            }
            TimelineModel.Wait wait = lane.openWait("wait");
            if (wait != null) {
                wait.to = position;
            }
            if (wait != null && stepActor != null && !stepActor.equals(e.actor())) {
                model.links.add(new TimelineModel.Link(stepActor, e.actor(), position,
                        stepActor + "'s transaction ended: " + e.actor() + "'s statement goes on"));
            }
        }
        if (e.command() == null) {
            lane.mark(e.resumed()
                    ? new TimelineModel.Mark(position, "unexpected", null, "", word(e.observed()) + note(e), title, true)
                    : new TimelineModel.Mark(position, "noop", null, "", "", title, false));
            return;
        }
        if (e.fault() != null) {
            lane.mark(new TimelineModel.Mark(position, "network", null, "", faultName(NetworkFault.valueOf(e.fault())), title, false));
        }
        if (!e.resumed() && e.observed() instanceof JobOutcome.Waiting) {
            boolean expected = e.expected() instanceof JobOutcome.Waiting;
            lane.waits.add(new TimelineModel.Wait(position, "wait", expected, title));
            lane.mark(new TimelineModel.Mark(position, "waits", null, "", "waits" + note(e), title, !expected));
            return;
        }
        statement(lane, position, e, title);
    }

    /**
     * A fault or a note of the nemesis, drawn where it struck: a pause shades
     * the lane until the resume, a restart leaves the lane dead or a zombie, a
     * network fault is a mark on the statement it is armed for, a held
     * statement waits until delivered, a coordinator restart is a band.
     *
     * @return false when the entry is not one of these, and is drawn as a plain mark
     */
    private boolean fault(int position, HistoryEntry e, Action action) {
        if (Step.NEMESIS.equals(e.actor())) {
            if (action instanceof Action.RestartCoordinator) {
                model.bands.add(new TimelineModel.Band(position, "coordinator-restart", "coordinator restart", e.action()));
                return true;
            }
            if (action instanceof Action.StopStandby && e.kind() == HistoryEntry.Kind.FAULT) {
                // from here the primary acknowledges commits the standby does not have: what a failover may lose
                model.lane(e.actor(), order(e.actor())).mark(new TimelineModel.Mark(position, "standby-stops", null, "", "standby stops",
                        e.action(), false));
                return true;
            }
            return false;
        }
        TimelineModel.Lane lane = model.lane(e.actor(), order(e.actor()));
        if (NetworkFault.DELAYED.name().equals(e.fault())) {
            lane.waits.add(new TimelineModel.Wait(position, "held", true, e.action()));
            return true;
        }
        switch (action) {
            case Action.Pause p -> lane.shades.add(new TimelineModel.Shade(position, "paused", "paused"));
            case Action.Resume r -> {
                lane.closeShade("paused", position);
                if (lane.shades.stream().anyMatch(sh -> sh.kind.equals("zombie") && sh.to == null)) {
                    // the zombie goes on believing what it did before the restart: what it writes now is the story
                    lane.mark(new TimelineModel.Mark(position, "resume", null, "", "zombie resumes", e.action(), false));
                }
            }
            case Action.Restart r -> {
                lane.closeShade("paused", position);
                if (r.zombie()) {
                    // one name per incarnation: the lane keeps its name, the shade says what it has become
                    lane.shades.add(new TimelineModel.Shade(position, "zombie", "zombie"));
                    lane.note = "→ zombie";
                } else {
                    lane.shades.add(new TimelineModel.Shade(position, "dead", "restarted"));
                    lane.note = "restarted";
                }
                lane.mark(new TimelineModel.Mark(position, "restart", null, "", "restart", e.action(), false));
            }
            case Action.Network n -> lane.mark(new TimelineModel.Mark(position, "network", null, "", faultName(n.fault()), e.action(),
                    false));
            case Action.Deliver d -> {
                TimelineModel.Wait held = lane.openWait("held");
                if (held != null) {
                    held.to = position;
                }
            }
            case null, default -> {
                if (e.kind() != HistoryEntry.Kind.FAULT) {
                    return false;
                }
                // a connection reset after a statement on its own
                lane.mark(new TimelineModel.Mark(position, "network", null, "", "reset", e.action(), false));
            }
        }
        return true;
    }

    static String faultName(NetworkFault fault) {
        return switch (fault) {
            case REQUEST_LOST -> "request lost";
            case RESPONSE_LOST -> "answer lost";
            case DELAYED -> "hold";
            case CONNECTION_RESET -> "reset";
        };
    }

    private void statement(TimelineModel.Lane lane, int position, HistoryEntry e, String title) {
        long now = model.timeAt(position);
        boolean differs = e.outcomeDiffers();
        String session = e.actor();
        switch (e.command()) {
            case JobCommand.LeaseOperation op -> {
                if (e.error() != null) {
                    lane.mark(new TimelineModel.Mark(position, "error", TimelineModel.Judgement.ERROR, "", "error", title, true));
                } else {
                    // a grant whose answer a fault took away still holds the lease: the model's answer says what the database did
                    boolean receiptLost = e.observed() == null && e.fault() != null;
                    lane.leaseOperation(op.command(), answer(e.expected()), answer(e.observed()), receiptLost, position, now, title,
                            TimelineModel.Lane.modelSays(differs, word(e.expected())));
                }
            }
            case JobCommand.Write w -> lane.mark(judged(position, e, "W", "t" + w.write().token() + " " + w.write().resultId(), title,
                    broken.get(e.step())));
            case JobCommand.Begin b -> {
                lane.spans.add(new TimelineModel.Span(position));
                lane.mark(new TimelineModel.Mark(position, "begin", null, "", "", title, differs));
            }
            case JobCommand.Claim c -> {
                claimed.put(session, c.token());
                lane.mark(judged(position, e, "C", "claim t" + c.token(), title, broken.get(e.step())));
            }
            case JobCommand.BusinessRow b -> lane.mark(judged(position, e, "B", rowLabel(session, b.resultId()), title, broken.get(e.step())));
            case JobCommand.OutboxRow o -> lane.mark(judged(position, e, "O", rowLabel(session, o.resultId()), title, broken.get(e.step())));
            case JobCommand.Commit c -> endTransaction(lane, position, e, title,
                    e.observed() instanceof JobOutcome.Committed ? "committed" : "rolled-back", "commit");
            case JobCommand.Rollback r -> endTransaction(lane, position, e, title, "rolled-back", "rollback");
            case JobCommand.Relay r -> delivery(lane, position, e, title, r.crashBeforeMark() ? "relay crashes" : "");
            case JobCommand.Redeliver r -> delivery(lane, position, e, title, "delivered again");
            case JobCommand.AdvanceClock c -> {
            }
            case JobCommand.CrashDatabase c -> {
            }
        }
    }

    private void endTransaction(TimelineModel.Lane lane, int position, HistoryEntry e, String title, String end, String word) {
        Long token = claimed.remove(e.actor());
        TimelineModel.Span span = lane.openSpan();
        if (span != null) {
            span.to = position;
            span.end = e.error() != null ? "error" : end;
        }
        Violation v = broken.get(e.step());
        if (v != null && e.error() == null && end.equals("committed")) {
            // the database took the commit, and the model agreed it would: what it committed is what breaks the invariant
            lane.mark(new TimelineModel.Mark(position, "commit", TimelineModel.Judgement.ACCEPTED_STALE, "",
                    "commit" + (token == null ? "" : " t" + token) + "\n" + breaks(v), title + "\nbreaks " + v, true));
            return;
        }
        lane.mark(new TimelineModel.Mark(position, e.error() != null ? "error" : word, e.error() != null ? TimelineModel.Judgement.ERROR : null,
                "", e.error() != null ? word + " error" : word, title, e.outcomeDiffers()));
    }

    private static void delivery(TimelineModel.Lane lane, int position, HistoryEntry e, String title, String note) {
        JobOutcome.Delivered seen = e.observed() instanceof JobOutcome.Delivered d ? d
                : e.expected() instanceof JobOutcome.Delivered d ? d : null;
        if (seen == null) {
            lane.mark(new TimelineModel.Mark(position, "noop", null, "", "nothing to deliver" + (note.isEmpty() ? "" : "\n" + note),
                    title, e.outcomeDiffers()));
            return;
        }
        lane.mark(new TimelineModel.Mark(position, "delivery", TimelineModel.Judgement.of(e.error() != null,
                success(e.expected()), success(e.observed())), "D", seen.resultId() + (note.isEmpty() ? "" : "\n" + note) + note(e),
                title, e.outcomeDiffers()));
    }

    private String rowLabel(String session, String resultId) {
        Long token = claimed.get(session);
        return (token == null ? "" : "t" + token + " ") + resultId;
    }

    private static TimelineModel.Mark judged(int position, HistoryEntry e, String letter, String label, String title, Violation broken) {
        TimelineModel.Judgement judgement = TimelineModel.Judgement.of(e.error() != null, success(e.expected()), success(e.observed()));
        if (broken != null && judgement == TimelineModel.Judgement.ACCEPTED) {
            // accepted as the model says, and yet it breaks an invariant: a stale or forged write got in
            return new TimelineModel.Mark(position, "write", TimelineModel.Judgement.ACCEPTED_STALE, letter, label + "\n" + breaks(broken),
                    title + "\nbreaks " + broken, true);
        }
        return new TimelineModel.Mark(position, "write", judgement, letter, label + note(e), title, e.outcomeDiffers());
    }

    /** The short label of a broken invariant, under the mark that broke it: {@code breaks invariant 1}. */
    private static String breaks(Violation v) {
        String title = v.invariant().title();
        int dot = title.indexOf('.');
        return "breaks invariant " + (dot > 0 ? title.substring(0, dot) : title);
    }

    /** Under a mark whose answer is not the model's, a second line with what the model says. */
    private static String note(HistoryEntry e) {
        return e.outcomeDiffers() && e.error() == null ? "\n" + TimelineModel.Lane.modelSays(true, word(e.expected())) : "";
    }

    /** A job answer in a word or two, for a label. */
    static String word(JobOutcome outcome) {
        return switch (outcome) {
            case null -> "no answer";
            case JobOutcome.Answered a -> TimelineModel.word(a.outcome());
            case JobOutcome.Waiting w -> "waits";
            case JobOutcome.Claimed c -> "claimed t" + c.token();
            case JobOutcome.NotClaimed n -> "not claimed";
            case JobOutcome.AlreadyThere a -> "already there";
            case JobOutcome.RolledBack r -> "rolled back";
            case JobOutcome.Delivered d -> d.effect() ? "effect" : "no effect";
            case JobOutcome.NothingToDeliver n -> "nothing to deliver";
            default -> outcome.getClass().getSimpleName().toLowerCase(Locale.ROOT);
        };
    }

    /** Whether an answer is a success: written, claimed, applied; for a delivery, whether it took effect. */
    static Boolean success(JobOutcome outcome) {
        return switch (outcome) {
            case null -> null;
            case JobOutcome.Waiting w -> null;
            case JobOutcome.Answered a -> TimelineModel.Judgement.success(a.outcome());
            case JobOutcome.NotClaimed n -> false;
            case JobOutcome.Skipped s -> false;
            case JobOutcome.Delivered d -> d.effect();
            default -> true;
        };
    }

    private static Outcome answer(JobOutcome outcome) {
        return outcome instanceof JobOutcome.Answered a ? a.outcome() : null;
    }

    static String describe(JobOutcome outcome, String error) {
        if (error != null) {
            return "ERROR " + error;
        }
        return outcome == null ? "-" : JobOutcome.describe(outcome);
    }

    /** Sessions by number, then the relay. */
    private static int order(String actor) {
        if (actor.matches("w\\d+")) {
            return Integer.parseInt(actor.substring(1));
        }
        return Step.RELAY.equals(actor) ? 1000 : 2000;
    }

    // --- the failure ---------------------------------------------------------------------------------------

    private void highlight(RunResult.Failure failure) {
        HistoryEntry divergent = divergentEntry(failure);
        if (divergent != null && positionOfStep.containsKey(divergent.step())) {
            model.bands.add(new TimelineModel.Band(positionOfStep.get(divergent.step()), "divergent", divergence(divergent),
                    divergent.action()));
        }
        for (Violation v : failure.violations()) {
            Integer position = positionOfStep.get(v.step());
            if (position != null) {
                model.bands.add(new TimelineModel.Band(position, "violation", "invariant " + v.invariant().title(), v.explanation()));
            }
        }
    }

    /** The entry the failure's divergent step points at: of the entries of that step, the first that disagrees. */
    static HistoryEntry divergentEntry(RunResult.Failure failure) {
        Integer step = failure.divergentStep();
        if (step == null || failure.history() == null) {
            return null;
        }
        List<HistoryEntry> atStep = failure.history().stream().filter(e -> e.step() == step).toList();
        return atStep.stream().filter(HistoryEntry::divergent).findFirst().orElse(atStep.isEmpty() ? null : atStep.get(0));
    }

    private static String divergence(HistoryEntry e) {
        String at = "step " + e.step() + (e.resumed() ? " (" + e.actor() + "'s waiting statement)" : "") + " diverged: ";
        if (e.error() != null) {
            return at + "error " + Pages.clip(e.error(), 70);
        }
        if (e.outcomeDiffers()) {
            return at + "model " + describe(e.expected(), null) + " · database " + describe(e.observed(), null);
        }
        return at + "rows of " + e.key() + " differ";
    }
}
