package fencecheck.report;

import fencecheck.check.Violation;
import fencecheck.model.Command;
import fencecheck.model.Describe;
import fencecheck.run.HistoryEntry;
import fencecheck.trace.Action;
import fencecheck.trace.Actors;
import fencecheck.trace.NetworkFault;
import fencecheck.trace.Step;
import fencecheck.trace.Trace;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A lease history as a {@link TimelineModel}: one lane per worker
 * incarnation (a restart starts a new one; a zombie acts on the lane of the
 * incarnation it was), leases as bars, writes judged against the model, the
 * nemesis's faults as shades, marks and bands.
 */
final class LeaseTimeline {

    private final TimelineModel model;
    private final List<Step> steps;
    /** Per worker slot: the highest incarnation number seen, the lane of its current incarnation, the lane of its zombie. */
    private final Map<Integer, Integer> incarnations = new HashMap<>();
    private final Map<Integer, String> current = new HashMap<>();
    private final Map<Integer, String> zombies = new HashMap<>();

    private LeaseTimeline(Trace trace) {
        this.model = new TimelineModel(trace == null ? Trace.DEFAULT_LEASE_TTL : trace.leaseTtl());
        this.steps = trace == null ? List.of() : trace.steps();
    }

    static TimelineModel of(RunResult.Failure failure) {
        LeaseTimeline t = new LeaseTimeline(failure.trace());
        for (HistoryEntry e : failure.history()) {
            t.add(e);
        }
        t.highlight(failure);
        return t.model;
    }

    private void add(HistoryEntry e) {
        int position = model.moment(e.step(), e.at(), e.command() instanceof Command.AdvanceClock);
        Action action = e.step() >= 1 && e.step() <= steps.size() ? steps.get(e.step() - 1).action() : null;
        boolean noOp = e.resolved() != null && e.resolved().startsWith("no-op");
        switch (action) {
            case Action.WorkerAction w -> workerStep(position, e);
            case Action.WorkerFault fault -> workerFault(position, e, fault, noOp);
            case Action.CrashDatabase c -> model.bands.add(new TimelineModel.Band(position, "database-crash", "database crash", e.resolved()));
            case Action.RestartCoordinator r -> model.bands.add(new TimelineModel.Band(position, "coordinator-restart",
                    "coordinator restart", e.resolved()));
            case Action.ClockAction c -> {
                // the axis shows the clock
            }
            case null -> {
                if (Actors.isWorkerOrZombie(e.actor())) {
                    workerStep(position, e);
                }
            }
        }
    }

    // --- workers -------------------------------------------------------------------------------------------

    private void workerStep(int position, HistoryEntry e) {
        int slot = Actors.slot(e.actor());
        boolean zombie = Actors.isZombie(e.actor());
        String id = zombie ? zombies.get(slot) : currentOf(slot);
        String owner = ownerOf(e.command());
        if (owner != null) {
            // the command names the incarnation: it is the authority on which lane this is
            id = owner;
            if (zombie) {
                zombies.put(slot, owner);
            } else {
                current.put(slot, owner);
                noteIncarnation(slot, owner);
            }
        }
        if (id == null) {
            return;
        }
        TimelineModel.Lane lane = lane(id);
        if (e.command() == null) {
            if (NetworkFault.DELAYED.name().equals(e.fault())) {
                lane.waits.add(new TimelineModel.Wait(position, "held", true, e.resolved()));
            } else {
                lane.mark(new TimelineModel.Mark(position, "noop", null, "", "", e.resolved(), false));
            }
            return;
        }
        operation(lane, position, e, "");
    }

    private void operation(TimelineModel.Lane lane, int position, HistoryEntry e, String prefix) {
        String title = e.resolved() + "\nmodel: " + Html.outcome(e.expected(), null) + "\ndatabase: " + Html.outcome(e.observed(), e.error());
        boolean receiptLost = e.step() >= 1 && e.step() <= steps.size() && steps.get(e.step() - 1).action() instanceof Action.Acquire a
                && a.receiptLost();
        boolean lost = receiptLost || (e.fault() != null && e.observed() == null && e.error() == null);
        long now = model.timeAt(position);
        switch (e.command()) {
            case Command.Write w -> lane.mark(write(position, w, e, prefix, "", title));
            case Command.RolledBackWrite rb -> lane.mark(write(position, rb.write(), e, prefix, " rb", title));
            case Command.AdvanceClock c -> {
            }
            default -> {
                if (e.error() != null) {
                    lane.mark(new TimelineModel.Mark(position, "error", TimelineModel.Judgement.ERROR, "", "error", title, true));
                } else {
                    lane.leaseOperation(e.command(), e.expected(), e.observed(), lost, position, now, title,
                            TimelineModel.Lane.modelSays(e.outcomeDiffers(), TimelineModel.word(e.expected())));
                }
            }
        }
    }

    private static TimelineModel.Mark write(int position, Command.Write w, HistoryEntry e, String prefix, String suffix, String title) {
        TimelineModel.Judgement judgement = TimelineModel.Judgement.of(e.error() != null,
                TimelineModel.Judgement.success(e.expected()), TimelineModel.Judgement.success(e.observed()));
        String label = prefix + "t" + w.token() + " " + w.resultId() + suffix
                + (e.outcomeDiffers() && e.error() == null ? "\n" + TimelineModel.Lane.modelSays(true, TimelineModel.word(e.expected())) : "");
        return new TimelineModel.Mark(position, suffix.isEmpty() ? "write" : "write rolled-back", judgement, "W", label, title,
                e.outcomeDiffers());
    }

    // --- the nemesis ---------------------------------------------------------------------------------------

    private void workerFault(int position, HistoryEntry e, Action.WorkerFault action, boolean noOp) {
        if (noOp) {
            return;
        }
        int slot = Actors.slot(action.worker());
        TimelineModel.Lane target = lane(currentOf(slot));
        switch (action) {
            case Action.Pause p -> target.shades.add(new TimelineModel.Shade(position, "paused", "paused"));
            case Action.Resume r -> target.closeShade("paused", position);
            case Action.Restart restart -> {
                target.closeShade("paused", position);
                String zombie = Actors.zombieOf(Actors.worker(slot));
                if (restart.zombie()) {
                    // the zombie left by an earlier restart is gone now
                    TimelineModel.Lane previous = model.existingLane(zombies.get(slot));
                    if (previous != null) {
                        previous.closeShade("zombie", position);
                        previous.shades.add(new TimelineModel.Shade(position, "dead", "gone"));
                    }
                    target.shades.add(new TimelineModel.Shade(position, "zombie", "zombie " + zombie));
                    target.note = "→ zombie " + zombie;
                    zombies.put(slot, target.id);
                } else {
                    target.shades.add(new TimelineModel.Shade(position, "dead", "restarted"));
                    target.note = "restarted";
                }
                target.mark(new TimelineModel.Mark(position, "restart", null, "", "restart", e.resolved(), false));
                current.remove(slot);
            }
            case Action.Duplicate d -> {
                if (e.command() != null) {
                    operation(target, position, e, "dup ");
                }
            }
            case Action.Network n -> target.mark(new TimelineModel.Mark(position, "network", null, "", faultName(n.fault()),
                    e.resolved(), false));
            case Action.Deliver d -> {
                TimelineModel.Wait held = target.openWait("held");
                if (held != null) {
                    held.to = position;
                }
                if (e.command() != null) {
                    operation(target, position, e, "");
                }
            }
            case Action.CrashMidWrite c -> {
                if (e.command() != null) {
                    operation(target, position, e, "crash ");
                }
                target.closeShade("paused", position);
                target.shades.add(new TimelineModel.Shade(position, "dead", "crashed"));
                target.note = "crashed";
                current.remove(slot);
            }
        }
    }

    static String faultName(NetworkFault fault) {
        return switch (fault) {
            case REQUEST_LOST -> "request lost";
            case RESPONSE_LOST -> "answer lost";
            case DELAYED -> "delay";
            case CONNECTION_RESET -> "reset";
        };
    }

    // --- the failure ---------------------------------------------------------------------------------------

    private void highlight(RunResult.Failure failure) {
        Integer divergent = failure.divergentStep();
        for (int p = 0; p < model.moments.size(); p++) {
            int step = model.moments.get(p).step();
            HistoryEntry e = failure.history().get(p);
            if (divergent != null && step == divergent) {
                model.bands.add(new TimelineModel.Band(p, "divergent", divergence(e), e.resolved()));
            }
            for (Violation v : failure.violations()) {
                if (v.step() == step) {
                    model.bands.add(new TimelineModel.Band(p, "violation", "invariant " + v.invariant().title(), v.explanation()));
                }
            }
        }
    }

    private static String divergence(HistoryEntry e) {
        if (e.error() != null) {
            return "step " + e.step() + " diverged: error " + Pages.clip(e.error(), 70);
        }
        if (e.outcomeDiffers()) {
            return "step " + e.step() + " diverged: model " + shortOutcome(e.expected()) + " · database " + shortOutcome(e.observed());
        }
        return "step " + e.step() + " diverged: rows of " + e.key() + " differ";
    }

    private static String shortOutcome(fencecheck.model.Outcome outcome) {
        return outcome == null ? "no answer" : Describe.outcome(outcome);
    }

    // --- incarnations --------------------------------------------------------------------------------------

    private TimelineModel.Lane lane(String id) {
        return model.lane(id, order(id));
    }

    /** Workers top to bottom, each worker's incarnations together in the order they lived. */
    private static int order(String id) {
        int dot = id.lastIndexOf('.');
        try {
            int slot = Actors.slot(dot > 0 ? id.substring(0, dot) : id);
            return slot * 1000 + (dot > 0 ? Integer.parseInt(id.substring(dot + 1)) : 0);
        } catch (IllegalArgumentException notAWorker) {
            return 100_000;
        }
    }

    private String currentOf(int slot) {
        return current.computeIfAbsent(slot, s -> Actors.worker(s) + "." + incarnations.merge(s, 1, Integer::sum));
    }

    private void noteIncarnation(int slot, String label) {
        int dot = label.lastIndexOf('.');
        if (dot > 0) {
            try {
                incarnations.merge(slot, Integer.parseInt(label.substring(dot + 1)), Math::max);
            } catch (NumberFormatException ignored) {
                // an owner label of another form: the counter stays as it is
            }
        }
    }

    private static String ownerOf(Command command) {
        return switch (command) {
            case Command.Acquire a -> a.owner();
            case Command.Renew r -> r.owner();
            case Command.Release r -> r.owner();
            case null, default -> null;
        };
    }
}
