package fencecheck.check;

import fencecheck.api.Outcome;
import fencecheck.model.Command;

/**
 * One operation of a real-time history: who sent it, what it asked, the interval in
 * which it took effect if it took effect at all, and what the system answered.
 * Times are microseconds of the database server's clock (the model's time base:
 * {@code fencecheck.db.VirtualClock} counts from the same origin).
 *
 * @param id       unique in its history, in invocation order; the report and the shrinker name operations by it
 * @param process  the worker incarnation that sent it ({@code w1}, {@code w1.2}; a zombie keeps its incarnation's name)
 * @param invoke   the earliest server instant at which it can have taken effect
 * @param complete the latest server instant at which it can have taken effect: when its answer came back, or, for
 *                 an operation whose answer was lost, when its server process was seen gone
 * @param outcome  the answer, or null when it is unknown (the request or the answer was lost): then the operation
 *                 may have taken effect once, anywhere in its interval, or not at all
 * @param note     what was special about it (a lost answer, a write after a pause), or empty
 */
public record TimedOperation(int id, String process, Command command, long invoke, long complete, Outcome outcome, String note) {

    public TimedOperation {
        if (complete < invoke) {
            throw new IllegalArgumentException("operation " + id + " completes before it is invoked");
        }
        note = note == null ? "" : note;
    }

    public boolean unknown() {
        return outcome == null;
    }

    /** The job key it acts on: every command of a real-time history names exactly one. */
    public String key() {
        return keyOf(command);
    }

    static String keyOf(Command command) {
        return switch (command) {
            case Command.Acquire a -> a.key();
            case Command.Renew r -> r.key();
            case Command.Release r -> r.key();
            case Command.Write w -> w.key();
            case Command.RolledBackWrite r -> r.write().key();
            case Command.AdvanceClock c -> throw new IllegalArgumentException("a real-time history has no clock steps: the clock is real");
        };
    }
}
