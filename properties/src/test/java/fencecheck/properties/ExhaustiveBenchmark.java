package fencecheck.properties;

import fencecheck.db.Database;
import fencecheck.explore.ExhaustiveResult;
import fencecheck.explore.ExhaustiveRun;
import fencecheck.explore.ExhaustiveScope;
import fencecheck.protocol.Implementations;
import fencecheck.protocol.SqlLeaseProtocol;
import fencecheck.run.TraceRunner;

import java.lang.management.ManagementFactory;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * The benchmark's exhaustive part, on the reference: states per second on 1 and 2 threads (databases) in the same
 * run, rounds alternating which goes first so a change of the machine's load weighs on both; the time each depth
 * takes; and a state's cost against a plain JDBC replay ({@link RawLoop}) of the statements its tries sent.
 */
final class ExhaustiveBenchmark {

    private static final Duration BUDGET = Duration.ofMinutes(30);

    private ExhaustiveBenchmark() {
    }

    static void run(Database database, int depth, int rounds) throws SQLException {
        SqlLeaseProtocol reference = (SqlLeaseProtocol) Implementations.select(SqlLeaseProtocol.REFERENCE);
        ExhaustiveScope scope = ExhaustiveScope.of(depth, BUDGET);
        System.out.printf("%n6. exhaustive mode, reference, depth %d (%s), %d rounds of 1 and 2 threads, alternating%n", depth,
                scope.describe(), rounds);
        try (TraceRunner runner = new TraceRunner(database, reference)) {
            // warm-up: both ways, a few depths, until the JIT has seen the paths
            for (int threads = 1; threads <= 2; threads++) {
                new ExhaustiveRun(runner, scope.withDepth(Math.min(depth, 5)), null, threads).run();
            }
            List<List<ExhaustiveResult>> byThreads = List.of(new ArrayList<>(), new ArrayList<>());
            List<double[]> loads = List.of(new double[rounds], new double[rounds]);
            for (int round = 0; round < rounds; round++) {
                for (int side = 0; side < 2; side++) {
                    int threads = (side + round) % 2 + 1;
                    ExhaustiveRun run = new ExhaustiveRun(runner, scope, null, threads);
                    ExhaustiveResult result = run.run();
                    if (run.threadsUsed() != threads || !result.passed()) {
                        throw new IllegalStateException("the exhaustive run on " + threads + " threads ran on " + run.threadsUsed()
                                + ": " + result.verdict());
                    }
                    byThreads.get(threads - 1).add(result);
                    loads.get(threads - 1)[round] = loadAverage();
                }
            }
            double[] oneRate = rates(byThreads.get(0));
            double[] twoRate = rates(byThreads.get(1));
            ExhaustiveResult any = byThreads.getFirst().getFirst();
            System.out.printf("%-12s %9s %9s %11s %11s  %-28s %s%n", "", "states", "tries", "states/s", "tries/s", "per round (states/s)",
                    "load (1 min)");
            for (int t = 1; t <= 2; t++) {
                List<ExhaustiveResult> results = byThreads.get(t - 1);
                double[] r = t == 1 ? oneRate : twoRate;
                System.out.printf("%-12s %9d %9d %11.0f %11.0f  %-28s %s%n", t + (t == 1 ? " thread" : " threads"), any.states(),
                        any.tries(), median(r), median(r) * any.tries() / any.states(), list(r), range(loads.get(t - 1)));
                if (results.stream().anyMatch(x -> x.states() != any.states() || x.tries() != any.tries())) {
                    throw new IllegalStateException("runs of the same scope reached different states");
                }
            }
            double[] speedups = new double[rounds];
            for (int i = 0; i < rounds; i++) {
                speedups[i] = twoRate[i] / oneRate[i];
            }
            System.out.printf("%-12s %.2fx (median of the rounds' 2-thread / 1-thread states/s: %s)%n", "2 / 1", median(speedups),
                    list2(speedups));

            ExhaustiveResult one = medianRun(byThreads.get(0));
            ExhaustiveResult two = medianRun(byThreads.get(1));
            System.out.printf("   each depth, the median round (seconds to complete it; tries and new states):%n");
            System.out.printf("   %5s %9s %9s %10s %10s %12s%n", "depth", "tries", "new", "1 thread", "2 threads", "cumulative 1");
            double cumulative = 0;
            for (int d = 0; d < one.depths().size(); d++) {
                ExhaustiveResult.Depth a = one.depths().get(d);
                ExhaustiveResult.Depth b = two.depths().get(d);
                cumulative += a.nanos() / 1e9;
                System.out.printf("   %5d %9d %9d %10.2f %10.2f %12.2f%n", a.depth(), a.tries(), a.newStates(), a.nanos() / 1e9,
                        b.nanos() / 1e9, cumulative);
            }
            replay(database, reference, runner, scope);
        }
    }

    /** One more run on one thread, its tries' statements then replayed with plain JDBC: what a state costs over them. */
    private static void replay(Database database, SqlLeaseProtocol reference, TraceRunner runner, ExhaustiveScope scope)
            throws SQLException {
        List<RawLoop.Script> scripts = new ArrayList<>();
        ExhaustiveRun run = new ExhaustiveRun(runner, scope, null, 1);
        run.onEveryTry(tried -> scripts.add(RawLoop.script(tried)));
        ExhaustiveResult result = run.run();
        long statements = scripts.stream().mapToLong(RawLoop.Script::statements).sum();
        try (RawLoop raw = new RawLoop(database, reference)) {
            for (RawLoop.Script s : scripts) {
                raw.run(s);
            }
            double[] seconds = new double[3];
            for (int i = 0; i < seconds.length; i++) {
                long started = System.nanoTime();
                for (RawLoop.Script s : scripts) {
                    raw.run(s);
                }
                seconds[i] = (System.nanoTime() - started) / 1e9;
            }
            double rawSeconds = median(seconds);
            double harnessSeconds = result.nanos() / 1e9;
            System.out.printf("   a state's cost, 1 thread: %.0f us (%.2f s for %d states, %d tries, %d statements); the same"
                            + " statements replayed by a plain JDBC loop: %.0f us per state (%.2f s, median of 3); ratio %.2f; load %.2f%n",
                    harnessSeconds * 1e6 / result.states(), harnessSeconds, result.states(), result.tries(), statements,
                    rawSeconds * 1e6 / result.states(), rawSeconds, harnessSeconds / rawSeconds, loadAverage());
            System.out.printf("   (the harness side is the whole exploration: the tries with model and checks, fingerprints"
                    + " and the frontier; the replay sends only the tries' statements, one reset each)%n");
        }
    }

    private static double[] rates(List<ExhaustiveResult> results) {
        return results.stream().mapToDouble(r -> r.states() / (r.nanos() / 1e9)).toArray();
    }

    private static ExhaustiveResult medianRun(List<ExhaustiveResult> results) {
        List<ExhaustiveResult> sorted = results.stream().sorted(Comparator.comparingLong(ExhaustiveResult::nanos)).toList();
        return sorted.get(sorted.size() / 2);
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

    private static String list2(double[] values) {
        StringBuilder s = new StringBuilder();
        for (double v : values) {
            s.append(s.isEmpty() ? "" : " ").append(String.format("%.2f", v));
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
}
