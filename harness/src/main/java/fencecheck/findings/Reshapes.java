package fencecheck.findings;

import fencecheck.trace.Action;
import fencecheck.trace.Actors;
import fencecheck.trace.Step;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Changes to a trace that single-step deletions and simplifications cannot make, for {@link TraceShrinker}: a zombie
 * resolved (its worker never restarted, so the zombie's steps are the worker's own and its resumes go), a worker
 * renamed to a lower free slot, two workers merged into one, and a step done by another actor of the trace. The first
 * is shorter by itself, the second only reads better; the last two are not simpler, but can let the steps that only
 * served the actor replaced go.
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
        List<Step> renamed = new ArrayList<>();
        for (Step s : steps) {
            String actor = Actors.isWorkerOrZombie(s.actor()) && Actors.slot(s.actor()) == from ? s.actor().charAt(0) + String.valueOf(to) : s.actor();
            Action action = s.action() instanceof Action.WorkerFault f && Actors.isWorkerOrZombie(f.worker()) && Actors.slot(f.worker()) == from
                    ? StepSimplifier.aimedAt(f, f.worker().charAt(0) + String.valueOf(to)) : s.action();
            renamed.add(new Step(actor, action));
        }
        return renamed;
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
}
