package fencecheck.report;

import fencecheck.api.Outcome;
import fencecheck.check.RealTimeHistory;
import fencecheck.check.TimedOperation;
import fencecheck.model.Command;
import fencecheck.model.Describe;

import java.util.Locale;

/**
 * The words and numbers of a real-time page, on one time base: milliseconds from the run's start.
 * The server's instants are microseconds from the virtual clock's epoch (2030), so a real instant
 * printed as it is reads as a large negative number; every instant goes through {@link #at}.
 */
final class RealTimeText {

    private RealTimeText() {
    }

    /**
     * The instant every other is counted from: the run's start, or an earlier operation or mark if there is
     * one (an interval widened at the start), so that no printed instant is negative.
     */
    static long zero(RealTimeHistory history) {
        long zero = history.start();
        for (TimedOperation o : history.operations()) {
            zero = Math.min(zero, o.invoke());
        }
        for (RealTimeHistory.Mark m : history.marks()) {
            zero = Math.min(zero, m.at());
        }
        return zero;
    }

    /** An instant as ms from {@code zero}, to the µs: {@code 123.456}. */
    static String at(long micros, long zero) {
        return millis(micros - zero);
    }

    /** A duration in µs as ms, to the µs: {@code 150.000}. */
    static String millis(long micros) {
        return String.format(Locale.ROOT, "%.3f", micros / 1e3);
    }

    /** A tick of the time axis: whole ms when the step is, else as many decimals as the step needs ({@code 100 ms}, {@code 2.5 ms}). */
    static String tick(long micros, long step) {
        int decimals = step % 1000 == 0 ? 0 : step % 100 == 0 ? 1 : step % 10 == 0 ? 2 : 3;
        return String.format(Locale.ROOT, "%." + decimals + "f ms", micros / 1e3);
    }

    /** A command with its durations in ms (it holds no instants). */
    static String command(Command command) {
        return Describe.realTimeCommand(command);
    }

    /** An answer with its instants (a lease's end) in ms from {@code zero}; {@code unknown} when the answer was lost. */
    static String outcome(Outcome outcome, long zero) {
        return Describe.realTimeOutcome(outcome, zero);
    }
}
