package fencecheck.trace;

/** One step of a job trace: who acts ({@code w1}..{@code w4}, {@code relay}, {@code clock}, {@code nemesis}) and what it does. */
public record JobStep(String actor, JobAction action) {

    public static final String RELAY = "relay";
    public static final String CLOCK = "clock";
    public static final String NEMESIS = "nemesis";

    public JobStep {
        if (action instanceof JobAction.WorkerStatement && !actor.matches("[wz][1-4]")) {
            throw new IllegalArgumentException("a worker statement needs a worker w1..w4 or a zombie z1..z4 as its actor, not " + actor);
        }
        if (action instanceof JobAction.WorkerFault f && (!NEMESIS.equals(actor)
                || !f.worker().matches(f instanceof JobAction.Restart ? "w[1-4]" : "[wz][1-4]"))) {
            throw new IllegalArgumentException("the nemesis pauses, resumes or restarts a worker w1..w4 (pause and resume also a"
                    + " zombie z1..z4), not " + actor + " " + f.worker());
        }
        if ((action instanceof JobAction.Relay || action instanceof JobAction.Redeliver) && !RELAY.equals(actor)) {
            throw new IllegalArgumentException("only the relay delivers messages, not " + actor);
        }
        if ((action instanceof JobAction.CrashDatabase || action instanceof JobAction.RestartCoordinator) && !NEMESIS.equals(actor)) {
            throw new IllegalArgumentException("only the nemesis crashes the database, not " + actor);
        }
        if ((action instanceof JobAction.AdvanceBy || action instanceof JobAction.AdvanceToExpiry) && !CLOCK.equals(actor)) {
            throw new IllegalArgumentException("only the clock moves time, not " + actor);
        }
    }

    @Override
    public String toString() {
        return actor + " " + action;
    }
}
