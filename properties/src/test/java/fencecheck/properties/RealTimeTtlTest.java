package fencecheck.properties;

import fencecheck.api.Check;
import fencecheck.api.Fencecheck;
import fencecheck.check.RealTimeHistory;
import fencecheck.check.TimedOperation;
import fencecheck.db.Database;
import fencecheck.db.Databases;
import fencecheck.kit.FenceSource;
import fencecheck.kit.KitLeaseProtocol;
import fencecheck.kit.LockTable;
import fencecheck.model.Command.Acquire;
import fencecheck.protocol.Implementations;
import fencecheck.realtime.RealTimeRun;
import fencecheck.realtime.RealTimeSettings;
import org.junit.jupiter.api.Test;

import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.Callable;

import static org.assertj.core.api.Assertions.assertThat;

/** The lease lengths of the real-time property: {@code -Dfencecheck.realtime.ttl}, else the suite's annotation. */
class RealTimeTtlTest {

    @Fencecheck(realTimeTtl = "10000")
    private static final class LongLeases {
    }

    @Fencecheck(realTimeTtl = "300..50")
    private static final class Reversed {
    }

    @Test
    void aRangeAndOneLength() {
        assertThat(RealTimeTtl.parse("x", "50..300")).isEqualTo(new RealTimeTtl(50, 300));
        assertThat(RealTimeTtl.parse("x", " 100 .. 100 ")).isEqualTo(new RealTimeTtl(100, 100));
        assertThat(RealTimeTtl.parse("x", "200")).isEqualTo(new RealTimeTtl(200, 200));
    }

    @Test
    void aMalformedValueSaysWhatIsWrongAndWhatToWrite() {
        assertThat(problem("abc")).startsWith("-Dfencecheck.realtime.ttl=abc: 'abc' is not a whole number of milliseconds; write");
        assertThat(problem("300..50")).contains("the longest lease (50) is shorter than the shortest (300)");
        assertThat(problem("0")).contains("a lease of 0 ms never holds");
        assertThat(problem("-5")).contains("a lease of -5 ms never holds");
        assertThat(problem("50..")).contains("'' is not a whole number");
        assertThat(problem("1..2..3")).contains("'2..3' is not a whole number");
        assertThat(problem("86400001")).contains("longer than a day");
        for (String bad : List.of("abc", "300..50", "0", "-5")) {
            assertThat(problem(bad)).as(bad).contains("such as 50..300").doesNotContain("\n");
        }
    }

    @Test
    void theCommandLineWinsOverTheAnnotation() throws Exception {
        assertThat(withProperty(null, () -> RealTimeTtl.of(LongLeases.class))).contains(new RealTimeTtl(10000, 10000));
        assertThat(withProperty("20..40", () -> RealTimeTtl.of(LongLeases.class))).contains(new RealTimeTtl(20, 40));
        assertThat(withProperty(null, () -> RealTimeTtl.of(RealTimeTtlTest.class))).isEmpty();
        assertThat(withProperty(null, () -> RealTimeChecks.settings(1, RealTimeTtlTest.class)))
                .as("the run's own lengths when nothing is set").extracting(RealTimeSettings::ttlMinMillis, RealTimeSettings::ttlMaxMillis)
                .containsExactly(50L, 300L);
    }

    @Test
    void aMalformedAnnotationStopsItsSuiteWithOneLine() throws Exception {
        String problem = withProperty(null, () -> {
            Configuration.forget();
            return Configuration.problem(Reversed.class).orElseThrow(() -> new AssertionError("300..50 was accepted"));
        });
        Configuration.forget();
        assertThat(problem).startsWith("@Fencecheck(realTimeTtl = \"300..50\") of " + Reversed.class.getName() + ": the longest lease")
                .doesNotContain("\n");
    }

    /** A lock library whose table keeps the last renewal, as db-scheduler's and Camel's do: one lease length per process. */
    public static final class LastRenewalLeases extends KitLeaseProtocol {
        public LastRenewalLeases() {
            super(KitLeaseProtocol.builder()
                    .schema(connection -> { })
                    .lockTable(new LockTable("last_renewal_locks", "name", "holder", "renewed_at"))
                    .untilIsLastRenewal()
                    .fence(FenceSource.FENCE_ROW)
                    .calls(connection -> {
                        throw new SQLException("never opened: the settings stop the run before the first try");
                    }));
        }
    }

    @Fencecheck(implementation = LastRenewalLeases.class, checks = Check.REAL_TIME)
    private static final class LastRenewalInRealTime {
    }

    @Fencecheck(implementation = LastRenewalLeases.class, checks = Check.REAL_TIME, realTimeTtl = "200")
    private static final class LastRenewalOfOneLength {
    }

    @Test
    void aLibraryThatKeepsTheLastRenewalNeedsOneLeaseLengthInRealTime() throws Exception {
        String problem = withProperty(null, () -> {
            Configuration.forget();
            return Configuration.problem(LastRenewalInRealTime.class).orElseThrow(() -> new AssertionError("50..300 was accepted"));
        });
        Configuration.forget();
        assertThat(problem).isEqualTo(LastRenewalLeases.class.getName() + " keeps the last renewal as its lease's end"
                + " (untilIsLastRenewal): its leases have one length, but the real-time workers ask for 50..300 ms; give them"
                + " one, e.g. @Fencecheck(realTimeTtl = \"200\") or -Dfencecheck.realtime.ttl=200");
        assertThat(withProperty("100..200", () -> {
            Configuration.forget();
            return Configuration.problem(LastRenewalOfOneLength.class).orElse("");
        })).as("the command line wins over the annotation's one length").contains("ask for 100..200 ms");
        Configuration.forget();
    }

    @Test
    void aRunWithOneLeaseLengthAsksForItInEveryAcquire() throws Exception {
        RealTimeSettings settings = withProperty(null, () -> RealTimeChecks.settings(9, LongLeases.class)).withDuration(2_500);
        Database database = Databases.shared();
        long started = System.nanoTime();
        RealTimeHistory history = RealTimeRun.run(database, Implementations.select("reference"), settings);
        long millis = (System.nanoTime() - started) / 1_000_000;

        List<Long> ttls = history.operations().stream().map(TimedOperation::command)
                .filter(Acquire.class::isInstance).map(c -> ((Acquire) c).ttl()).toList();
        assertThat(ttls).isNotEmpty().containsOnly(10_000_000L);
        // a zombie sleeps, and a pause lasts, about a lease: they end with the run, not a lease (10 s) after it; the
        // bound leaves a loaded machine 5.5 s for the run's start and end, and is still 2 s short of the lease. The run
        // lasts 2.5 s, not 1: its time includes opening the workers' connections, and on a loaded machine a 1 s run could end before any acquire
        assertThat(millis).as("the run's length; marks: %s", history.marks()).isLessThan(8_000);
    }

    private static String problem(String value) {
        try {
            RealTimeTtl.parse("-D" + RealTimeTtl.PROPERTY + "=" + value, value);
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
        throw new AssertionError(value + " was accepted");
    }

    /** Runs {@code body} with {@code -Dfencecheck.realtime.ttl} set to {@code value} (null: unset), then puts back the build's own. */
    private static <T> T withProperty(String value, Callable<T> body) throws Exception {
        String previous = System.getProperty(RealTimeTtl.PROPERTY);
        set(value);
        try {
            return body.call();
        } finally {
            set(previous);
        }
    }

    private static void set(String value) {
        if (value == null) {
            System.clearProperty(RealTimeTtl.PROPERTY);
        } else {
            System.setProperty(RealTimeTtl.PROPERTY, value);
        }
    }
}
