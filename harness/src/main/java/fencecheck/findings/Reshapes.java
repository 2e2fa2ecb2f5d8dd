package fencecheck.findings;

import fencecheck.trace.Action;
import fencecheck.trace.Actors;
import fencecheck.trace.Step;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.IntUnaryOperator;

/**
 * Changes to a trace that single-step deletions and simplifications cannot make, for {@link TraceShrinker}: a zombie
 * resolved (its worker never restarted, so the zombie's steps are the worker's own and its resumes go), a worker's
 * transaction dropped whole, a worker renamed to a lower free slot, two workers merged into one, a step done by another
 * actor of the trace, two workers' names swapped from a step on, and one actor's run of steps moved to another place.
 * The first two are shorter by themselves, the third only reads better; the last four are not simpler, but can let the
 * steps that only served the actor replaced, or the order found first, go.
 */
final class Reshapes {

    private Reshapes() {
    }

    /** For each restart that leaves a zombie: the trace without it, the zombie's steps done by the worker, its resumes gone. */
    static List<List<Step>> withoutZombies(List<Step> steps) {
        List<List<Step>> candidates = new ArrayList<>();
        for (int r = 0; r < steps.size(); r++) {
            if (steps.get(r).action() instanceof Action.Restart restart && restart.zombie()) {
                candidates.add(resolved(steps, r, restart.worker()));
            }
        }
        return candidates;
    }

    private static List<Step> resolved(List<Step> steps, int restartAt, String worker) {
        String zombie = Actors.zombieOf(worker);
        List<Step> resolved = new ArrayList<>(steps.subList(0, restartAt));
        boolean replaced = false;
        for (Step step : steps.subList(restartAt + 1, steps.size())) {
            // a later restart of the same worker leaves a zombie of its own: from there the trace stays as it was
            replaced |= step.action() instanceof Action.Restart later && later.worker().equals(worker);
            if (!replaced && step.action() instanceof Action.Resume resume && resume.worker().equals(zombie)) {
                continue;
            }
            resolved.add(!replaced && step.actor().equals(zombie) ? new Step(worker, step.action()) : step);
        }
        return resolved;
    }

    /**
     * For each worker with a lower slot free (no step of it, its zombie or aimed at either): the trace with that worker
     * renamed to the lowest free slot. Changes nothing that matters, but a trace of w1 and w2 reads more easily than one
     * of w3 and w4.
     */
    static List<List<Step>> withLowerWorkers(List<Step> steps) {
        Set<Integer> used = slotsUsed(steps);
        List<List<Step>> candidates = new ArrayList<>();
        int free = 1;
        while (used.contains(free)) {
            free++;
        }
        for (int slot : used) {
            if (slot > free) {
                candidates.add(renamed(steps, slot, free));
            }
        }
        return candidates;
    }

    /** The worker slots the trace names: by a step of a worker or zombie, or by a fault aimed at one. */
    private static Set<Integer> slotsUsed(List<Step> steps) {
        Set<Integer> used = new TreeSet<>();
        for (Step s : steps) {
            if (Actors.isWorkerOrZombie(s.actor())) {
                used.add(Actors.slot(s.actor()));
            }
            if (s.action() instanceof Action.WorkerFault f && Actors.isWorkerOrZombie(f.worker())) {
                used.add(Actors.slot(f.worker()));
            }
        }
        return used;
    }

    private static List<Step> renamed(List<Step> steps, int from, int to) {
        return renamed(steps, slot -> slot == from ? to : slot);
    }

    /** The steps with each worker (its zombie, the faults aimed at either) moved to the slot {@code slots} gives. */
    private static List<Step> renamed(List<Step> steps, IntUnaryOperator slots) {
        List<Step> renamed = new ArrayList<>();
        for (Step s : steps) {
            String actor = Actors.isWorkerOrZombie(s.actor()) ? inSlot(s.actor(), slots) : s.actor();
            Action action = s.action() instanceof Action.WorkerFault f && Actors.isWorkerOrZombie(f.worker())
                    ? StepSimplifier.aimedAt(f, inSlot(f.worker(), slots)) : s.action();
            renamed.add(new Step(actor, action));
        }
        return renamed;
    }

    private static String inSlot(String actor, IntUnaryOperator slots) {
        return actor.charAt(0) + String.valueOf(slots.applyAsInt(Actors.slot(actor)));
    }

    /**
     * For each two workers and each later step either does: the trace with their names swapped from that step on. The
     * worker that went stale need not be the one that writes stale: with the roles exchanged after a commit, the
     * steps that only made the other one stale can go.
     */
    static List<List<Step>> withWorkersSwappedFrom(List<Step> steps) {
        List<Integer> used = List.copyOf(slotsUsed(steps));
        List<List<Step>> candidates = new ArrayList<>();
        for (int i = 0; i < used.size(); i++) {
            for (int j = i + 1; j < used.size(); j++) {
                int a = used.get(i);
                int b = used.get(j);
                IntUnaryOperator swap = slot -> slot == a ? b : slot == b ? a : slot;
                for (int from = 1; from < steps.size(); from++) {
                    if (!slotsUsed(steps.subList(from, from + 1)).isEmpty()) {
                        List<Step> swapped = new ArrayList<>(steps.subList(0, from));
                        swapped.addAll(renamed(steps.subList(from, steps.size()), swap));
                        candidates.add(swapped);
                    }
                }
            }
        }
        return candidates;
    }

    /**
     * For each two workers of the trace: every step of the one (and of its zombie, and every fault aimed at either)
     * done by the other. Not shorter, but a worker that only repeats what another does can then go with its steps.
     */
    static List<List<Step>> withWorkersMerged(List<Step> steps) {
        Set<Integer> used = slotsUsed(steps);
        List<List<Step>> candidates = new ArrayList<>();
        for (int from : used) {
            for (int into : used) {
                if (from != into) {
                    candidates.add(renamed(steps, from, into));
                }
            }
        }
        return candidates;
    }

    /** The step at {@code index} done by (or, for a fault, aimed at) each other worker or zombie the trace names. */
    static List<Step> byOtherActors(List<Step> steps, int index) {
        Step step = steps.get(index);
        Set<String> actors = new LinkedHashSet<>();
        for (Step s : steps) {
            if (Actors.isWorkerOrZombie(s.actor())) {
                actors.add(s.actor());
            }
        }
        List<Step> others = new ArrayList<>();
        if (step.action() instanceof Action.WorkerStatement) {
            actors.stream().filter(a -> !a.equals(step.actor())).forEach(a -> others.add(new Step(a, step.action())));
        }
        return others;
    }

    /**
     * For each transaction a worker begins: the trace without its steps from the Begin to its Commit or Rollback (or to
     * the end), and without the faults aimed at that worker meanwhile. Its steps interleave with other actors', so
     * deleting chunks of consecutive steps cannot take it out at once, and half a transaction rarely keeps a finding.
     */
    static List<List<Step>> withoutATransaction(List<Step> steps) {
        List<List<Step>> candidates = new ArrayList<>();
        for (int begin = 0; begin < steps.size(); begin++) {
            Step first = steps.get(begin);
            if (!(first.action() instanceof Action.Begin)) {
                continue;
            }
            String worker = first.actor();
            List<Step> without = new ArrayList<>(steps.subList(0, begin));
            boolean open = true;
            for (Step step : steps.subList(begin + 1, steps.size())) {
                boolean ofIt = step.actor().equals(worker) || step.action() instanceof Action.WorkerFault f && f.worker().equals(worker);
                if (open && ofIt) {
                    open = !(step.action() instanceof Action.Commit || step.action() instanceof Action.Rollback);
                } else {
                    without.add(step);
                }
            }
            candidates.add(without);
        }
        return candidates;
    }

    /**
     * For each run of consecutive steps of one actor: the trace with that run moved to each other place between two
     * runs, later places first. A finding found in one order may need fewer steps in another (a transaction committed
     * after a takeover needs no second expiry to make its holder stale), and no deletion reorders.
     */
    static List<List<Step>> withARunMoved(List<Step> steps) {
        List<Integer> starts = new ArrayList<>();
        for (int i = 0; i < steps.size(); i++) {
            if (i == 0 || !steps.get(i).actor().equals(steps.get(i - 1).actor())) {
                starts.add(i);
            }
        }
        starts.add(steps.size());
        // moving a one-step run past its neighbour is moving the neighbour back past it: each order once
        Set<List<Step>> candidates = new LinkedHashSet<>();
        for (int r = 0; r < starts.size() - 1; r++) {
            List<Step> run = steps.subList(starts.get(r), starts.get(r + 1));
            List<Step> rest = new ArrayList<>(steps.subList(0, starts.get(r)));
            rest.addAll(steps.subList(starts.get(r + 1), steps.size()));
            for (int to = starts.size() - 1; to >= 0; to--) {
                if (to == r || to == r + 1) {
                    continue;
                }
                int at = to > r ? starts.get(to) - run.size() : starts.get(to);
                List<Step> moved = new ArrayList<>(rest.subList(0, at));
                moved.addAll(run);
                moved.addAll(rest.subList(at, rest.size()));
                candidates.add(moved);
            }
        }
        return List.copyOf(candidates);
    }
}
