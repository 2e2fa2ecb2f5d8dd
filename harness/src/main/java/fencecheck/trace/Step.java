package fencecheck.trace;

import fencecheck.trace.Action.ClockAction;
import fencecheck.trace.Action.NemesisAction;
import fencecheck.trace.Action.WorkerAction;

/** One step of a trace: who acts, and what they do. */
public record Step(String actor, Action action) {

    public Step {
        if (action == null) {
            throw new IllegalArgumentException("a step needs an action");
        }
        boolean fits = switch (action) {
            case WorkerAction w -> Actors.isWorkerOrZombie(actor);
            // a restart and a crash replace a worker's current incarnation; the other faults may also hit its zombie
            case Action.WorkerFault f -> Actors.NEMESIS.equals(actor) && (f instanceof Action.Restart || f instanceof Action.CrashMidWrite
                    ? Actors.isWorker(f.worker()) : Actors.isWorkerOrZombie(f.worker()));
            case NemesisAction n -> Actors.NEMESIS.equals(actor);
            case ClockAction c -> Actors.CLOCK.equals(actor);
        };
        if (!fits) {
            throw new IllegalArgumentException("actor '" + actor + "' cannot do " + action
                    + " (workers are w1..w" + Actors.MAX_WORKERS + " or their zombies z1..z" + Actors.MAX_WORKERS
                    + ", clock actions need 'clock', nemesis actions 'nemesis' naming a worker w1..w" + Actors.MAX_WORKERS
                    + " (pause, resume, network faults and duplicates may also name a zombie))");
        }
    }

    public static Step worker(int slot, WorkerAction action) {
        return new Step(Actors.worker(slot), action);
    }

    public static Step zombie(int slot, WorkerAction action) {
        return new Step(Actors.zombieOf(Actors.worker(slot)), action);
    }

    public static Step clock(ClockAction action) {
        return new Step(Actors.CLOCK, action);
    }

    public static Step nemesis(NemesisAction action) {
        return new Step(Actors.NEMESIS, action);
    }
}
