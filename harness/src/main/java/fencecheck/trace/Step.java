package fencecheck.trace;

/**
 * One step of a trace: who acts and what it does. Workers ({@code w1}..{@code w4})
 * and the zombies their restarts leave behind ({@code z1}..{@code z4}) run
 * statements on their own sessions; the relay ({@code relay}), the clock
 * ({@code clock}) and the nemesis ({@code nemesis}) act from outside.
 */
public record Step(String actor, Action action) {

    public static final String RELAY = "relay";
    public static final String CLOCK = Actors.CLOCK;
    public static final String NEMESIS = Actors.NEMESIS;

    public Step {
        if (action == null) {
            throw new IllegalArgumentException("a step needs an action");
        }
        if (action instanceof Action.WorkerStatement && !Actors.isWorkerOrZombie(actor)) {
            throw new IllegalArgumentException("a worker statement needs a worker w1..w4 or a zombie z1..z4 as its actor, not " + actor);
        }
        if (action instanceof Action.WorkerFault f && (!NEMESIS.equals(actor)
                || !(f instanceof Action.Restart ? Actors.isWorker(f.worker()) : Actors.isWorkerOrZombie(f.worker())))) {
            throw new IllegalArgumentException("the nemesis aims a fault at a worker w1..w4 (all but a restart also at a"
                    + " zombie z1..z4), not " + actor + " " + f.worker());
        }
        if ((action instanceof Action.Relay || action instanceof Action.Redeliver) && !RELAY.equals(actor)) {
            throw new IllegalArgumentException("only the relay delivers messages, not " + actor);
        }
        if ((action instanceof Action.CrashDatabase || action instanceof Action.Failover || action instanceof Action.StopStandby
                || action instanceof Action.HoldReplay || action instanceof Action.RestartCoordinator)
                && !NEMESIS.equals(actor)) {
            throw new IllegalArgumentException("only the nemesis crashes the database, stops or holds its standby, fails it over or restarts the coordinator, not "
                    + actor);
        }
        if ((action instanceof Action.AdvanceBy || action instanceof Action.AdvanceToExpiry) && !CLOCK.equals(actor)) {
            throw new IllegalArgumentException("only the clock moves time, not " + actor);
        }
    }

    public static Step worker(int slot, Action.WorkerStatement action) {
        return new Step(Actors.worker(slot), action);
    }

    public static Step zombie(int slot, Action.WorkerStatement action) {
        return new Step(Actors.zombieOf(Actors.worker(slot)), action);
    }

    public static Step clock(Action action) {
        return new Step(CLOCK, action);
    }

    public static Step nemesis(Action action) {
        return new Step(NEMESIS, action);
    }

    public static Step relay(Action action) {
        return new Step(RELAY, action);
    }

    @Override
    public String toString() {
        return actor + " " + action;
    }
}
