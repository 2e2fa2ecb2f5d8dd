package fencecheck.properties;

import fencecheck.check.HistoryShrinker;
import fencecheck.check.RealTimeHistory;
import fencecheck.check.TimedOperation;
import fencecheck.model.Describe;
import fencecheck.realtime.RealTimeRun;
import fencecheck.realtime.RealTimeSettings;
import fencecheck.report.ConsoleSummary;

import java.util.List;
import java.util.Locale;

/** The real-time property's settings ({@code -D} properties) and its failure message. */
public final class RealTimeChecks {

    public static final String MILLIS = "fencecheck.realtime.millis";
    public static final String MAX_STATES = "fencecheck.realtime.maxStates";
    public static final String SHRINK_MILLIS = "fencecheck.realtime.shrinkMillis";
    public static final String TTL = RealTimeTtl.PROPERTY;

    private RealTimeChecks() {
    }

    /**
     * The settings of one try of the real-time property of {@code container}, whose {@link Fencecheck} may set the
     * lease lengths ({@link RealTimeTtl}).
     *
     * @throws IllegalArgumentException in one line, for lease lengths that are not (the settings' check says it first)
     */
    public static RealTimeSettings settings(long seed, Class<?> container) {
        RealTimeSettings quick = RealTimeSettings.quick(Long.getLong(MILLIS, 2_000), seed);
        RealTimeSettings s = quick.withMaxStates(Long.getLong(MAX_STATES, quick.maxStates()))
                .withShrinkMillis(Long.getLong(SHRINK_MILLIS, quick.shrinkMillis()));
        return RealTimeTtl.of(container).map(ttl -> s.withTtl(ttl.minMillis(), ttl.maxMillis())).orElse(s);
    }

    /** The verdict, then the shrunk history as a table: what a user reads first. */
    public static String report(RealTimeRun.Result result) {
        StringBuilder s = new StringBuilder(result.verdict().sentence().lines().findFirst().orElse("")).append('\n');
        HistoryShrinker.Shrunk shrunk = result.shrunk();
        s.append(String.format(Locale.ROOT, "%d operations in %d ms (clock uncertainty %d us), checked in %d ms%n",
                result.history().operations().size(), result.runMillis(), result.history().uncertainty(), result.checkMillis()));
        if (shrunk != null) {
            s.append("smallest failing history found (").append(shrunk.history().operations().size()).append(" operations, ")
                    .append(shrunk.checks()).append(" checks").append(shrunk.outOfTime() ? ", shrinking ran out of time" : "").append("):\n");
            s.append(table(shrunk));
        }
        return s.toString();
    }

    /**
     * The shrunk history, the failing operation marked {@code >>}, the operations it was judged against {@code *} and
     * the other workers' operations that overlap it {@code ~}; instants in ms from the run's start, the clock of every
     * message.
     */
    static String table(HistoryShrinker.Shrunk shrunk) {
        StringBuilder s = new StringBuilder();
        RealTimeHistory history = shrunk.history();
        long zero = history.start();
        for (String key : history.startRows().keySet()) {
            String start = history.startInWords(key);
            if (start != null) {
                ConsoleSummary.wrapped("   " + start).forEach(l -> s.append(l).append('\n'));
            }
        }
        List<Integer> cause = shrunk.verdict().cause();
        Integer failing = cause.isEmpty() ? null : cause.get(0);
        for (TimedOperation o : history.operations()) {
            String mark = failing != null && failing == o.id() ? ">>" : cause.contains(o.id()) ? " *"
                    : shrunk.overlapping().contains(o.id()) ? " ~" : "  ";
            // within the console's width: a long operation goes on, indented, on the next line
            ConsoleSummary.wrapped(String.format(Locale.ROOT, "%s %4d %-6s [%9.3f, %9.3f] ms  %s -> %s%s",
                    mark, o.id(), o.process(), (o.invoke() - zero) / 1e3,
                    (o.complete() - zero) / 1e3, Describe.realTimeCommand(o.command()),
                    Describe.realTimeOutcome(o.outcome(), zero), o.note().isEmpty() ? "" : "  (" + o.note() + ")"))
                    .forEach(l -> s.append(l).append('\n'));
        }
        if (cause.size() > 1 || !shrunk.overlapping().isEmpty()) {
            s.append("   >> the failing operation").append(cause.size() > 1 ? ", * the operations it was judged against" : "")
                    .append(shrunk.overlapping().isEmpty() ? "" : ", ~ other workers' operations that overlap it and change what it"
                            + " reads").append('\n');
        }
        return s.toString();
    }
}
