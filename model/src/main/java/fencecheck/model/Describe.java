package fencecheck.model;

import fencecheck.api.Outcome;
import fencecheck.api.SinkKind;
import fencecheck.model.Command.Acquire;
import fencecheck.model.Command.AdvanceClock;
import fencecheck.model.Command.Release;
import fencecheck.model.Command.Renew;
import fencecheck.model.Command.RolledBackWrite;
import fencecheck.model.Command.Write;

/** One-line, human-readable forms of commands and outcomes, for traces and reports. */
public final class Describe {

    private Describe() {
    }

    public static String command(Command command) {
        return switch (command) {
            case Acquire a -> "acquire " + a.key() + " as " + a.owner() + " for " + Micros.format(a.ttl());
            case Renew r -> "renew " + r.key() + " token " + r.token() + " as " + r.owner() + " for " + Micros.format(r.ttl());
            case Release r -> "release " + r.key() + " token " + r.token() + " as " + r.owner();
            case Write w -> write(w);
            case RolledBackWrite r -> write(r.write()) + ", then roll back";
            case AdvanceClock c -> "clock to " + Micros.format(c.to());
        };
    }

    private static String write(Write w) {
        String target = w.sink() == SinkKind.CURRENT_FENCE ? "fenced sink" : "latest-token sink";
        String id = w.sink() == SinkKind.CURRENT_FENCE ? " result " + w.resultId() : "";
        return "write " + w.key() + " token " + w.token() + " to " + target + id + " payload " + quote(w.payload());
    }

    public static String outcome(Outcome outcome) {
        return switch (outcome) {
            case Outcome.Granted g -> "Granted(token " + g.token() + ", until " + Micros.format(g.until()) + ")";
            case Outcome.Renewed r -> "Renewed(until " + Micros.format(r.until()) + ")";
            case Outcome.RolledBack r -> "RolledBack(saw " + outcome(r.seen()) + ")";
            case Outcome.ClockAt c -> "now " + Micros.format(c.now());
            default -> outcome.getClass().getSimpleName();
        };
    }

    /**
     * A real-time command: its durations in ms, the time base of a real-time history (no command of one holds an
     * instant).
     */
    public static String realTimeCommand(Command command) {
        return switch (command) {
            case Acquire a -> "acquire " + a.key() + " as " + a.owner() + " for " + Micros.millis(a.ttl());
            case Renew r -> "renew " + r.key() + " token " + r.token() + " as " + r.owner() + " for " + Micros.millis(r.ttl());
            default -> command(command);
        };
    }

    /** A real-time answer, its instants (a lease's end) in ms from {@code zero}; {@code unknown (answer lost)} for none. */
    public static String realTimeOutcome(Outcome outcome, long zero) {
        return switch (outcome) {
            case null -> "unknown (answer lost)";
            case Outcome.Granted g -> "Granted(token " + g.token() + ", until " + Micros.millis(g.until() - zero) + ")";
            case Outcome.Renewed r -> "Renewed(until " + Micros.millis(r.until() - zero) + ")";
            default -> outcome(outcome);
        };
    }

    private static String quote(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
