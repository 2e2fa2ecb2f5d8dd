package fencecheck.properties;

import com.fasterxml.jackson.databind.ObjectMapper;
import fencecheck.api.LeaseProtocol;
import fencecheck.check.Linearizability;
import fencecheck.check.RealTimeHistory;
import fencecheck.check.RealTimeVerdict;
import fencecheck.db.Database;
import fencecheck.protocol.Implementations;
import fencecheck.realtime.RealTimeRun;
import fencecheck.realtime.RealTimeSettings;
import fencecheck.report.ModelJson;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.Locale;
import java.util.Random;

/**
 * The real-time parts of the benchmark: the checker's speed against history length
 * ({@code checker}), and the campaign of the reference under load ({@code campaign}):
 * repeated runs of four workers on two keys, ten seconds each, for
 * {@code fencecheck.realtime.minutes}, with every verdict printed.
 */
final class RealTimeBenchmark {

    private RealTimeBenchmark() {
    }

    /** One long run of the reference, then its prefixes of 100, 200, 400, ... operations checked, median of five rounds each. */
    static void checker(Database database) throws SQLException {
        LeaseProtocol reference = Implementations.select("reference");
        RealTimeSettings settings = RealTimeSettings.quick(Long.getLong("benchmark.checkerMillis", 12_000), 17);
        RealTimeHistory history = RealTimeRun.run(database, reference, settings);
        long unknown = history.operations().stream().filter(o -> o.unknown()).count();
        System.out.printf(Locale.ROOT, "%n6. linearizability checker: prefixes of one real-time history of the reference (%d operations, %d with"
                        + " lost answers, 4 workers, 2 keys, %d s), each checked 5 times; load %.2f%n", history.operations().size(), unknown,
                settings.durationMillis() / 1000, load());
        System.out.printf(Locale.ROOT, "%-12s %12s %14s %12s %12s  %s%n", "operations", "check ms", "operations/s", "states", "ms / op",
                "verdict");
        for (int n = 100; n <= history.operations().size(); n *= 2) {
            int size = n;
            RealTimeHistory prefix = history.filter(o -> o.id() <= size).withoutFinalRows();
            double[] millis = new double[5];
            RealTimeVerdict verdict = null;
            for (int round = 0; round < millis.length; round++) {
                long t0 = System.nanoTime();
                verdict = RealTimeVerdict.of(prefix, reference.modelConfig(), Linearizability.DEFAULT_MAX_STATES);
                millis[round] = (System.nanoTime() - t0) / 1e6;
            }
            Arrays.sort(millis);
            double median = millis[millis.length / 2];
            System.out.printf(Locale.ROOT, "%-12d %12.1f %14.0f %12d %12.4f  %s%n", prefix.operations().size(), median,
                    prefix.operations().size() / (median / 1000), verdict.linearizability().states(), median / prefix.operations().size(),
                    verdict.passed() ? "linearizable" : verdict.sentence().lines().findFirst().orElse(""));
        }
        System.out.printf("   a prefix is every operation invoked up to the n-th (those still in flight with their completions), without"
                + " the rows read at the end%n");
    }

    /** A real-time history as JSON: what a campaign keeps and a recheck reads. */
    private static final ObjectMapper HISTORY_JSON = ModelJson.register(new ObjectMapper());

    /** {@code fencecheck.implementation}, the reference when not given (the benchmark profile passes it empty). */
    private static LeaseProtocol implementation() {
        String name = System.getProperty("fencecheck.implementation", "");
        return Implementations.select(name.isBlank() ? "reference" : name);
    }

    /**
     * Keeps a history that did not pass as JSON under {@code target/fencecheck/realtime/}, so its verdict can be
     * studied and checked again ({@code -Dbenchmark.parts=recheck -Dfencecheck.realtime.history=FILE}).
     */
    private static void keep(RealTimeRun.Result r, int run) {
        try {
            Path folder = Paths.target().resolve("fencecheck").resolve("realtime");
            Files.createDirectories(folder);
            Path file = folder.resolve("campaign-run-" + run + ".json");
            HISTORY_JSON.writeValue(file.toFile(), r.history());
            System.out.println("      kept as " + Paths.fromRoot(file));
        } catch (IOException | RuntimeException e) {
            System.out.println("      not kept: " + e.getMessage());
        }
    }

    /** {@code fencecheck.realtime.maxStates} when given (the benchmark profile passes it empty otherwise), else {@code otherwise}. */
    private static long statesOr(long otherwise) {
        String given = System.getProperty("fencecheck.realtime.maxStates", "");
        return given.isBlank() ? otherwise : Long.parseLong(given.strip());
    }

    /** Checks a kept history again, with {@code fencecheck.realtime.maxStates} (5 000 000 by default), and prints the verdict. */
    static void recheck() throws IOException {
        String file = System.getProperty("fencecheck.realtime.history");
        if (file == null || file.isBlank()) {
            System.out.println("recheck: name a kept history with -Dfencecheck.realtime.history=FILE");
            return;
        }
        RealTimeHistory history = HISTORY_JSON.readValue(Path.of(file).toFile(), RealTimeHistory.class);
        long maxStates = statesOr(5_000_000);
        LeaseProtocol protocol = implementation();
        long started = System.nanoTime();
        RealTimeVerdict verdict;
        try {
            verdict = RealTimeVerdict.of(history, protocol.modelConfig(), maxStates);
        } catch (OutOfMemoryError e) {
            System.out.printf(Locale.ROOT, "recheck of %s: the search ran out of memory after %d ms: give the JVM more"
                    + " (-Dbenchmark.jvmArgs=-Xmx16g) or a smaller -Dfencecheck.realtime.maxStates%n", file,
                    (System.nanoTime() - started) / 1_000_000);
            return;
        }
        System.out.printf(Locale.ROOT, "recheck of %s (%d operations): %s, in %d ms%n", file, history.operations().size(),
                verdict.sentence().lines().findFirst().orElse(""), (System.nanoTime() - started) / 1_000_000);
    }

    /** The reference under load, run after run, for {@code fencecheck.realtime.minutes}: no verdict but linearizable is expected. */
    static void campaign(Database database) throws SQLException {
        double minutes = Double.parseDouble(System.getProperty("fencecheck.realtime.minutes", "10"));
        LeaseProtocol protocol = implementation();
        long seconds = Long.getLong("fencecheck.realtime.runSeconds", 10);
        // the property's budget by default; -Dfencecheck.realtime.maxStates to try another
        long maxStates = statesOr(Linearizability.DEFAULT_MAX_STATES);
        System.out.printf(Locale.ROOT, "%n7. real-time campaign: %s, 4 workers, 2 keys, %d s per run, for %.1f min; every fault on;"
                + " search budget %d states per key%n", protocol.name(), seconds, minutes, maxStates);
        System.out.printf(Locale.ROOT, "%-5s %10s %8s %8s %10s %10s %9s %8s  %s%n", "run", "operations", "unknown", "ms run", "ms check",
                "states", "clock us", "load", "verdict");
        long end = System.nanoTime() + (long) (minutes * 60e9);
        int runs = 0;
        int passed = 0;
        int refused = 0;
        int undecided = 0;
        long operations = 0;
        long checkMillis = 0;
        Random seeds = new Random(Long.getLong("fencecheck.seed", System.nanoTime()));
        while (System.nanoTime() < end) {
            // an instance per run, as the property makes one per try (LeaseProtocol's lifecycle)
            protocol = implementation();
            RealTimeRun.Result r = RealTimeRun.runAndCheck(database, protocol,
                    RealTimeSettings.quick(seconds * 1000, seeds.nextLong()).withShrinkMillis(30_000).withMaxStates(maxStates));
            runs++;
            operations += r.history().operations().size();
            checkMillis += r.checkMillis();
            if (r.passed()) {
                passed++;
            } else if (r.verdict().undecided()) {
                undecided++;
            } else {
                refused++;
            }
            System.out.printf(Locale.ROOT, "%-5d %10d %8d %8d %10d %10d %9d %8.2f  %s%n", runs, r.history().operations().size(),
                    r.history().operations().stream().filter(o -> o.unknown()).count(), r.runMillis(), r.checkMillis(),
                    r.verdict().linearizability().states(), r.history().uncertainty(), load(),
                    r.passed() ? "linearizable, invariants hold" : r.verdict().sentence().lines().findFirst().orElse(""));
            if (!r.passed()) {
                keep(r, runs);
            }
            if (!r.passed() && r.shrunk() != null) {
                System.out.print(RealTimeChecks.report(r).lines().skip(1).map(l -> "      " + l + "\n").reduce("", String::concat));
            }
        }
        System.out.printf(Locale.ROOT, "campaign: %d runs, %d operations, %d linearizable, %d refused, %d undecided; checker %.0f operations/s"
                + " overall%n", runs, operations, passed, refused, undecided, operations / Math.max(0.001, checkMillis / 1000.0));
    }

    private static double load() {
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }
}
