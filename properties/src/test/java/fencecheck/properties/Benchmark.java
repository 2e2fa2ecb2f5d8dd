package fencecheck.properties;

import fencecheck.api.LeaseProtocol;
import fencecheck.db.Database;
import fencecheck.db.Databases;
import fencecheck.protocol.FaultVariants;
import fencecheck.protocol.Implementations;
import fencecheck.protocol.SqlLeaseProtocol;
import fencecheck.run.FaultTimings;
import fencecheck.run.TraceRunner;
import fencecheck.run.TryResult;
import fencecheck.trace.Step;
import fencecheck.trace.Trace;
import net.jqwik.api.RandomGenerator;
import net.jqwik.api.sessions.JqwikSession;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;

import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.logging.Level;
import java.util.logging.Logger;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;

/**
 * How fast the harness runs, against what the database itself allows, on the
 * embedded database and virtual time. Prints a table; asserts nothing.
 *
 * <ol>
 *   <li>raw: {@link RawLoop} replays the statements the runner sent for a set
 *       of generated traces, with plain JDBC;</li>
 *   <li>harness: {@link TraceRunner} runs the same traces, with model,
 *       comparison, row checks and history;</li>
 *   <li>the ratio of the two (raw and harness alternate every few tries, each
 *       figure is the median over rounds), the reset's cost, and one more
 *       harness round with its sessions timed, to show where a try's time goes;
 *       then the main property itself through jqwik, against the reference;</li>
 *   <li>for each known-buggy variant, the property that catches it (the main
 *       property, or a fault property for the variants only faults reveal)
 *       through the JUnit Platform test kit with pinned seeds: tries and seconds
 *       to the first failure, seconds of the remaining tries and of shrinking every
 *       kind found, and of the whole run (median over the seeds);</li>
 *   <li>how to measure {@code mvn verify} (printed, not run);</li>
 *   <li>exhaustive mode on the reference ({@link ExhaustiveBenchmark}): states per second on 1 and 2 threads, each
 *       depth's time, and a state's cost against a plain JDBC replay of its tries' statements.</li>
 * </ol>
 *
 * <p>Settings (system properties): {@code benchmark.traces} (traces per round,
 * 300), {@code benchmark.rounds} (5), {@code benchmark.seeds} (5; seeds 1..N),
 * {@code benchmark.variants} (comma-separated names, default all),
 * {@code benchmark.parts} ({@code throughput,property,variants,exhaustive}), {@code benchmark.propertyTries} (300),
 * {@code benchmark.exhaustiveDepth} (7), {@code benchmark.exhaustiveRounds} (3).
 */
final class Benchmark {

    private static final long TRACE_SEED = 20_261_130L;
    private static final int GEN_SIZE = 1000;
    /** Tries run back to back by one side before the other side runs the same ones. */
    private static final int CHUNK = 20;

    /** Held, so the level set on it stays: jqwik's engine logs a line per test kit run otherwise. */
    private static final Logger JQWIK_LOG = Logger.getLogger("net.jqwik");

    private Benchmark() {
    }

    public static void main(String[] args) throws Exception {
        Locale.setDefault(Locale.ROOT);
        JQWIK_LOG.setLevel(Level.WARNING);
        int traceCount = Integer.getInteger("benchmark.traces", 300);
        int rounds = Integer.getInteger("benchmark.rounds", 5);
        int seeds = Integer.getInteger("benchmark.seeds", 5);
        String parts = System.getProperty("benchmark.parts", "throughput,property,variants,exhaustive");
        String variantNames = System.getProperty("benchmark.variants", "");

        Database database = Databases.shared();
        System.out.printf("%nfencecheck benchmark: %s, virtual time, %d CPUs, Java %s, load %s%n",
                database.describe(), Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"), load());

        if (parts.contains("throughput")) {
            throughput(database, traceCount, rounds);
        }
        if (parts.contains("property")) {
            property(Integer.getInteger("benchmark.propertyTries", 300));
        }
        if (parts.contains("variants")) {
            variants(seeds, variantNames);
        }
        if (parts.contains("checker")) {
            RealTimeBenchmark.checker(database);
        }
        if (parts.contains("recheck")) {
            RealTimeBenchmark.recheck();
        }
        if (parts.contains("campaign")) {
            RealTimeBenchmark.campaign(database);
        }
        System.out.printf("%n5. mvn verify wall time (not run here): on a quiet machine, with a warm Maven cache,%n"
                + "   time mvn -B -o verify%n");
        if (parts.contains("exhaustive")) {
            ExhaustiveBenchmark.run(database, Integer.getInteger("benchmark.exhaustiveDepth", 7),
                    Integer.getInteger("benchmark.exhaustiveRounds", 3));
        }
        System.exit(0);
    }

    // --- 1-3: raw against harness ----------------------------------------------------------------------------

    private static void throughput(Database database, int traceCount, int rounds) throws SQLException {
        SqlLeaseProtocol reference = (SqlLeaseProtocol) Implementations.select(SqlLeaseProtocol.REFERENCE);
        List<Trace> traces = generate(reference.name(), traceCount, TRACE_SEED);
        List<Trace> warmupTraces = generate(reference.name(), traceCount, TRACE_SEED + 1);
        long steps = traces.stream().mapToLong(t -> t.steps().size()).sum();

        try (TraceRunner runner = new TraceRunner(database, reference); RawLoop raw = new RawLoop(database, reference)) {
            // warm-up: both paths, on other traces, until the JIT has seen them a few times
            long warmupEnd = System.nanoTime() + 15_000_000_000L;
            int warmups = 0;
            do {
                List<RawLoop.Script> scripts = new ArrayList<>();
                for (Trace t : warmupTraces) {
                    scripts.add(RawLoop.script(runner.run(t)));
                }
                for (RawLoop.Script s : scripts) {
                    raw.run(s);
                }
                warmups++;
            } while (warmups < 2 || (warmups < 4 && System.nanoTime() < warmupEnd));

            // the statements of the measured traces, from the runner's own histories
            List<RawLoop.Script> scripts = new ArrayList<>();
            int divergent = 0;
            for (Trace t : traces) {
                TryResult r = runner.run(t);
                divergent += r.passed() ? 0 : 1;
                scripts.add(RawLoop.script(r));
            }
            long statements = scripts.stream().mapToLong(RawLoop.Script::statements).sum();
            long restarts = scripts.stream().mapToLong(RawLoop.Script::restarts).sum();
            long dbSteps = scripts.stream().mapToLong(s -> s.ops().size()).sum();
            long clockSteps = scripts.stream().flatMap(s -> s.ops().stream()).filter(o -> o.kind() == RawLoop.Kind.CLOCK).count();
            System.out.printf("%ntraces: %d per round, generated by Traces.interleavings() (genSize %d, seed %d): "
                            + "%d steps (%.1f per try), %d of them sent to the database (%d clock moves); %d statements"
                            + " per round (reset, operation + row inspection, clock update); %d restarts%s%n",
                    traceCount, GEN_SIZE, TRACE_SEED, steps, steps / (double) traceCount, dbSteps, clockSteps, statements, restarts,
                    divergent == 0 ? "" : "; WARNING: " + divergent + " tries diverged on the reference");

            double[] rawSteps = new double[rounds];
            double[] harnessSteps = new double[rounds];
            double[] loads = new double[rounds];
            List<Long> resets = new ArrayList<>();
            // rounds of small chunks, raw and harness alternating chunk by chunk (and which goes first),
            // so a change of the machine's load in the middle of a round weighs on both alike
            for (int round = 0; round < rounds; round++) {
                long rawNanos = 0;
                long harnessNanos = 0;
                for (int from = 0; from < traces.size(); from += CHUNK) {
                    int to = Math.min(from + CHUNK, traces.size());
                    boolean rawFirst = (from / CHUNK + round) % 2 == 0;
                    for (int side = 0; side < 2; side++) {
                        long started = System.nanoTime();
                        if ((side == 0) == rawFirst) {
                            for (int i = from; i < to; i++) {
                                resets.add(raw.run(scripts.get(i)));
                            }
                            rawNanos += System.nanoTime() - started;
                        } else {
                            for (int i = from; i < to; i++) {
                                runner.run(traces.get(i));
                            }
                            harnessNanos += System.nanoTime() - started;
                        }
                    }
                }
                rawSteps[round] = steps / (rawNanos / 1e9);
                harnessSteps[round] = steps / (harnessNanos / 1e9);
                loads[round] = loadAverage();
            }
            double perTry = steps / (double) traceCount;
            double rawMedian = median(rawSteps);
            double harnessMedian = median(harnessSteps);
            long[] resetNanos = resets.stream().mapToLong(Long::longValue).sorted().toArray();

            System.out.printf("%n%-42s %10s %10s %14s %12s  %s%n", "", "steps/s", "tries/s", "reset p50 us", "connections", "load (1 min)");
            System.out.printf("%-42s %10.0f %10.0f %14.0f %12s  %s%n", "1. raw JDBC loop (same statements)",
                    rawMedian, rawMedian / perTry, resetNanos[resetNanos.length / 2] / 1e3,
                    "1+" + raw.connections(), range(loads));
            System.out.printf("%-42s %10.0f %10.0f %14s %12s  %s%n", "2. harness: TraceRunner, model, checks",
                    harnessMedian, harnessMedian / perTry, "(same reset)", "1+pool", range(loads));
            double[] ratios = new double[rounds];
            for (int round = 0; round < rounds; round++) {
                ratios[round] = harnessSteps[round] / rawSteps[round];
            }
            System.out.printf("%-42s %10.2f   (per round: %s)%n", "3. harness / raw (steps/s)", harnessMedian / rawMedian,
                    String.join(" ", Arrays.stream(ratios).mapToObj(r -> String.format("%.2f", r)).toList()));
            System.out.printf("   median of %d rounds, raw and harness alternating every %d tries; per round raw %s,"
                    + " harness %s steps/s%n", rounds, CHUNK, list(rawSteps), list(harnessSteps));
            System.out.printf("   reset (TestBed.reset, one round trip): p50 %.0f us, p90 %.0f us, over %d resets%n",
                    resetNanos[resetNanos.length / 2] / 1e3, resetNanos[(int) (resetNanos.length * 0.9)] / 1e3, resetNanos.length);
            System.out.printf("   a new session (the runner opens one after each restart): p50 %.0f us%n", connectMicros(database));
        }
        split(database, reference, traces, warmupTraces, steps);
    }

    /** One more harness round, its sessions instrumented: where the time of a try goes. */
    private static void split(Database database, SqlLeaseProtocol reference, List<Trace> traces, List<Trace> warmupTraces,
                              long steps) {
        TimedDatabase timed = new TimedDatabase(database);
        try (TraceRunner runner = new TraceRunner(timed, reference)) {
            for (Trace t : warmupTraces) {
                runner.run(t);
            }
            timed.clear();
            long started = System.nanoTime();
            for (Trace t : traces) {
                runner.run(t);
            }
            double total = (System.nanoTime() - started) / 1e3 / traces.size();
            double executing = timed.executionNanos / 1e3 / traces.size();
            double connecting = timed.connectNanos / 1e3 / traces.size();
            double other = timed.otherNanos / 1e3 / traces.size();
            double rest = total - executing - connecting - other;
            System.out.printf("   harness time per try, one more round with instrumented sessions (%.0f steps/s, load %s):%n"
                            + "     %6.0f us total = %.0f us in %.1f statement executions + %.0f us opening %.2f new sessions"
                            + " (%.0f us each) + %.0f us in commit/rollback/close + %.0f us in the harness itself (%.1f us per step)%n",
                    steps / (total * traces.size() / 1e6), load(), total, executing, timed.executions / (double) traces.size(),
                    connecting, timed.connects / (double) traces.size(),
                    timed.connects == 0 ? 0 : timed.connectNanos / 1e3 / timed.connects, other, rest,
                    rest * traces.size() / steps);
        }
    }

    private static double connectMicros(Database database) throws SQLException {
        double[] micros = new double[20];
        for (int i = 0; i < micros.length; i++) {
            long started = System.nanoTime();
            try (Connection c = database.connect()) {
                c.getAutoCommit();
            }
            micros[i] = (System.nanoTime() - started) / 1e3;
        }
        return median(micros);
    }

    /** Traces from the property's own generator, made reproducible by a fixed seed. */
    static List<Trace> generate(String implementation, int count, long seed) {
        List<Trace> traces = new ArrayList<>(count);
        JqwikSession.start();
        try {
            RandomGenerator<List<Step>> generator = Traces.interleavings().generator(GEN_SIZE);
            Random random = new Random(seed);
            for (int i = 0; i < count; i++) {
                traces.add(Trace.of(implementation, generator.next(random).value()));
            }
        } finally {
            JqwikSession.finish();
        }
        return traces;
    }

    // --- 2b: the property itself, through jqwik ---------------------------------------------------------------

    /** The main property against the reference (it passes): the runner plus generation, statistics and reports. */
    private static void property(int tries) {
        Target main = new Target(VariantSearch.class, "databaseAgreesWithModel");
        runOnce(Implementations.select(SqlLeaseProtocol.REFERENCE), 2, tries, main);
        Run run = runOnce(Implementations.select(SqlLeaseProtocol.REFERENCE), 1, tries, main);
        report("2b. the property, reference, through jqwik", run);
        Target jobs = new Target(JobVariantSearch.class, "interleavedTransactionsAgreeWithModel");
        runOnce(Implementations.select(SqlLeaseProtocol.REFERENCE), 2, 0, jobs);
        report("2c. interleaved transactions, reference", runOnce(Implementations.select(SqlLeaseProtocol.REFERENCE), 1, 0, jobs));
    }

    private static void report(String label, Run run) {
        if (run.timing != null) {
            double seconds = (run.ended - run.timing.started) / 1e9;
            System.out.printf("%n%-42s %10.0f %10.0f  (%s, %d tries, %d steps in %.2f s; jqwik's generation and"
                            + " statistics and the result file included)  load %s%n", label,
                    run.timing.stepsToFailure / seconds, run.timing.triesToFailure / seconds, run.timing.status,
                    run.timing.triesToFailure, run.timing.stepsToFailure, seconds, load());
            double perTry = seconds * 1e6 / run.timing.triesToFailure;
            double inTries = run.timing.nanosInTries / 1e3 / run.timing.triesToFailure;
            System.out.printf("   per try: %.0f us, of which %.0f us in the property method (runner, statistics) and %.0f us"
                    + " in jqwik around it (generation, hooks)%n", perTry, inTries, perTry - inTries);
        }
    }

    // --- 4: the known-buggy variants -------------------------------------------------------------------------

    private static void variants(int seeds, String names) {
        System.out.printf("%n4. known-buggy variants: each against the property that catches it (the suite's jqwik settings,"
                + " shrinking FULL), through the test kit, seeds 1..%d; median over the seeds%n", seeds);
        System.out.printf("%-28s %8s %8s %10s %10s %12s %10s %6s %9s  %s%n", "variant", "found", "tries", "s to fail",
                "s on", "s shrinking", "s in all", "kinds", "shrunk to", "load");
        for (LeaseProtocol variant : Implementations.variants()) {
            if (selected(variant, names)) {
                variant(variant, seeds, new Target(VariantSearch.class, "databaseAgreesWithModel"));
            }
        }
        for (LeaseProtocol variant : Implementations.faultVariants()) {
            if (selected(variant, names)) {
                variant(variant, seeds, new Target(FaultVariantSearch.class,
                        variant.name().equals(FaultVariants.ASYNC_COMMIT) ? "databaseCrashes" : "networkFaultsAndRestarts"));
            }
        }
        for (LeaseProtocol variant : Implementations.jobVariants()) {
            if (selected(variant, names)) {
                variant(variant, seeds, new Target(JobVariantSearch.class, "interleavedTransactionsAgreeWithModel"));
            }
        }
        System.out.printf("   tries: up to and including the first failing one; s on: the property's remaining tries after it"
                + " (a property goes on after a finding); s shrinking: fencecheck's shrinking of every kind found;%n"
                + "   s in all: the whole property run, through the test kit, the failure report included; kinds: distinct"
                + " findings; shrunk to: the longest shrunk trace, in steps;%n"
                + "   variants caught only by a fault property are marked *, by the interleaved transactions **%n");
    }

    private static boolean selected(LeaseProtocol variant, String names) {
        return names.isBlank() || Arrays.asList(names.split(",")).contains(variant.name());
    }

    /** A property method of a container class that times its tries with {@link SearchClock}. */
    private record Target(Class<?> container, String method) {
    }

    private static void variant(LeaseProtocol variant, int seeds, Target target) {
        List<double[]> runs = new ArrayList<>();
        int found = 0;
        int shrunkSteps = 0;
        double loadBefore = loadAverage();
        for (int seed = 1; seed <= seeds; seed++) {
            Run run = runOnce(variant, seed, 0, target);
            if (run.timing != null && run.timing.failed()) {
                found++;
                shrunkSteps = Math.max(shrunkSteps, run.shrunkSteps);
                runs.add(new double[]{run.timing.triesToFailure, run.timing.secondsToFailure(), run.timing.secondsShrinking(),
                        run.shrinkMillis / 1e3, (run.ended - run.timing.started) / 1e9, run.kinds});
            }
        }
        String name = variant.name() + (target.container == VariantSearch.class ? ""
                : target.container == JobVariantSearch.class ? " **" : " *");
        FaultTimings restarts = Harnesses.runnerFor(variant).faultTimings();
        System.out.printf("%-28s %5d/%-2d %8s %10s %10s %12s %10s %6s %9s  %s%s%n", name, found, seeds,
                medianOf(runs, 0, "%.0f"), medianOf(runs, 1, "%.2f"), medianOf(runs, 2, "%.2f"), medianOf(runs, 3, "%.2f"),
                medianOf(runs, 4, "%.2f"), medianOf(runs, 5, "%.0f"),
                found == 0 ? "-" : "<=" + shrunkSteps, range(new double[]{loadBefore, loadAverage()}),
                restarts.databaseRestarts() == 0 ? "" : String.format("  (%d database crash-restarts, %.0f ms each on average)",
                        restarts.databaseRestarts(), restarts.meanRestartMillis()));
    }

    /** One property run: its timing, when the test kit returned, and what fencecheck's shrinking made of its findings. */
    private record Run(SearchClock.Timing timing, long ended, int shrunkSteps, int kinds, long shrinkMillis) {
    }

    /** @param tries the number of tries, or 0 for the property's own setting */
    private static Run runOnce(LeaseProtocol variant, int seed, int tries, Target target) {
        String previousImplementation = System.getProperty(Implementations.PROPERTY);
        String previousSeed = System.getProperty(Seeds.PROPERTY);
        String previousTries = System.getProperty(FencecheckDefaults.TRIES_KEY);
        System.setProperty(Implementations.PROPERTY, variant.name());
        System.setProperty(Seeds.PROPERTY, Integer.toString(seed));
        if (tries > 0) {
            // as a user gives it: fencecheck's own default of tries gives way only to a setting of the user's
            System.setProperty(FencecheckDefaults.TRIES_KEY, Integer.toString(tries));
        }
        PrintStream out = System.out;
        System.setOut(new PrintStream(OutputStream.nullOutputStream()));
        try {
            List<Event> finished = EngineTestKit.engine("jqwik")
                    .configurationParameters(configuration(tries))
                    .selectors(selectMethod(target.container, target.method, List.class.getName()))
                    .execute()
                    .testEvents().finished().list();
            long ended = System.nanoTime();
            boolean failed = finished.stream()
                    .anyMatch(e -> e.getPayload(TestExecutionResult.class).flatMap(TestExecutionResult::getThrowable).isPresent());
            List<PropertyFindings.Saved> findings = failed ? PropertyFindings.saved() : List.of();
            int shrunk = findings.stream().mapToInt(f -> f.finding().shrunk().steps()).max().orElse(0);
            return new Run(SearchClock.last(), ended, shrunk, findings.size(), PropertyFindings.shrinkMillis());
        } finally {
            System.setOut(out);
            restore(Implementations.PROPERTY, previousImplementation);
            restore(Seeds.PROPERTY, previousSeed);
            restore(FencecheckDefaults.TRIES_KEY, previousTries);
        }
    }

    private static void restore(String key, String value) {
        if (value == null) {
            System.clearProperty(key);
        } else {
            System.setProperty(key, value);
        }
    }

    /** The settings the known-buggy variants suite searches with, quieter, and with the benchmark's tries. */
    private static Map<String, String> configuration(int tries) {
        Map<String, String> configuration = VariantSearchSettings.configuration();
        configuration.put("jqwik.reporting.onlyfailures", "true");
        if (tries > 0) {
            configuration.put("jqwik.tries.default", Integer.toString(tries));
        }
        return configuration;
    }

    // --- figures ---------------------------------------------------------------------------------------------

    private static String medianOf(List<double[]> runs, int column, String format) {
        if (runs.isEmpty()) {
            return "-";
        }
        return String.format(format, median(runs.stream().mapToDouble(r -> r[column]).toArray()));
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    private static String list(double[] values) {
        StringBuilder s = new StringBuilder();
        for (double v : values) {
            s.append(s.isEmpty() ? "" : " ").append(Math.round(v));
        }
        return s.toString();
    }

    private static String range(double[] loads) {
        double min = Arrays.stream(loads).min().orElse(0);
        double max = Arrays.stream(loads).max().orElse(0);
        return min == max ? String.format("%.1f", min) : String.format("%.1f-%.1f", min, max);
    }

    private static double loadAverage() {
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }

    private static String load() {
        return String.format("%.2f", loadAverage());
    }
}
