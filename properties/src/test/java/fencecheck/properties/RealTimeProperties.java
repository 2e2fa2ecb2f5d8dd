package fencecheck.properties;

import fencecheck.check.HistoryShrinker;
import fencecheck.check.TimedOperation;
import fencecheck.db.Databases;
import fencecheck.model.Describe;
import fencecheck.protocol.LeaseProtocol;
import fencecheck.realtime.RealTimeRun;
import fencecheck.realtime.RealTimeSettings;
import fencecheck.run.Situation;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.ShrinkingMode;

import java.sql.SQLException;
import java.util.Locale;

/**
 * The real-time mode: several workers at once on real threads and real sessions, on the
 * database's own clock, with short real leases, pauses past them, restarts and zombies, and lost
 * requests and answers through the same fault proxies; each run's history is checked for
 * linearizability against the same model, per job key, and for invariants 1-5. A try is one
 * run of {@code fencecheck.realtime.millis} (2 s by default); its seed picks every random choice,
 * but not the threads' timing, so jqwik does not shrink tries: a failing history is shrunk by
 * dropping operations and checking again.
 */
class RealTimeProperties {

    static final String MILLIS = "fencecheck.realtime.millis";
    static final String MAX_STATES = "fencecheck.realtime.maxStates";
    static final String SHRINK_MILLIS = "fencecheck.realtime.shrinkMillis";

    @Property(tries = 4, shrinking = ShrinkingMode.OFF)
    @Covers(Situation.Group.REAL_TIME)
    void historiesAreLinearizable(@ForAll("seeds") long seed) throws SQLException {
        LeaseProtocol protocol = Harnesses.implementationUnderTest();
        RealTimeRun.Result result = RealTimeRun.runAndCheck(Databases.shared(), protocol, settings(seed));
        RealTimeRuns.record(result);
        Coverage.collect(result.situations(), Situation.Group.REAL_TIME);
        if (!result.passed()) {
            throw new AssertionError(report(result));
        }
    }

    @Provide
    Arbitrary<Long> seeds() {
        return Arbitraries.longs();
    }

    static RealTimeSettings settings(long seed) {
        RealTimeSettings s = RealTimeSettings.quick(Long.getLong(MILLIS, 2_000), seed);
        return s.withMaxStates(Long.getLong(MAX_STATES, s.maxStates())).withShrinkMillis(Long.getLong(SHRINK_MILLIS, s.shrinkMillis()));
    }

    /** The verdict, then the shrunk history as a table: what a user reads first. */
    static String report(RealTimeRun.Result result) {
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

    private static String table(HistoryShrinker.Shrunk shrunk) {
        StringBuilder s = new StringBuilder();
        long zero = shrunk.history().start();
        Integer failing = shrunk.verdict().failingOperation();
        for (TimedOperation o : shrunk.history().operations()) {
            s.append(String.format(Locale.ROOT, "%s %4d %-6s [%9.3f, %9.3f] ms  %-70s -> %s%s%n",
                    failing != null && failing == o.id() ? ">>" : "  ", o.id(), o.process(), (o.invoke() - zero) / 1e3,
                    (o.complete() - zero) / 1e3, Describe.command(o.command()),
                    o.unknown() ? "unknown" : Describe.outcome(o.outcome(), zero), o.note().isEmpty() ? "" : "  (" + o.note() + ")"));
        }
        return s.toString();
    }
}
