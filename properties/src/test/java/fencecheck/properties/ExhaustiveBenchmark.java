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
 * run; the time each depth takes; and a state's cost against a plain JDBC replay ({@link RawLoop}) of the statements
 * its tries sent. Each round runs the three, which goes first turning round by round, so a change of the machine's
 * load weighs on all alike.
 */
final class ExhaustiveBenchmark {

    private static final Duration BUDGET = Duration.ofMinutes(30);

    private ExhaustiveBenchmark() {
    }

    static void run(Database database, int depth, int rounds) throws SQLException {
        SqlLeaseProtocol reference = (SqlLeaseProtocol) Implementations.select(SqlLeaseProtocol.REFERENCE);
        ExhaustiveScope scope = ExhaustiveScope.of(depth, BUDGET);
        System.out.printf("%n6. exhaustive mode, reference, depth %d (%s), %d rounds of 1 thread, 2 threads and the JDBC replay%n", depth,
                scope.describe(), rounds);
        try (TraceRunner runner = new TraceRunner(database, reference); RawLoop raw = new RawLoop(database, reference)) {
            // warm-up: both ways, a few depths, until the JIT has seen the paths
            for (int threads = 1; threads <= 2; threads++) {
                new ExhaustiveRun(runner, scope.withDepth(Math.min(depth, 5)), null, threads).run();
            }
            // the statements of every try of the scope, from the runner's own histories, for the plain JDBC replay
            List<RawLoop.Script> scripts = new ArrayList<>();
            ExhaustiveRun collecting = new ExhaustiveRun(runner, scope, null, 1);
            collecting.onEveryTry(tried -> scripts.add(RawLoop.script(tried)));
            collecting.run();
            long statements = scripts.stream().mapToLong(RawLoop.Script::statements).sum();
            replay(raw, scripts);

            // rounds of three sides, which goes first turning round by round, so a change of the machine's load weighs on all
            List<List<ExhaustiveResult>> byThreads = List.of(new ArrayList<>(), new ArrayList<>());
            List<double[]> loads = List.of(new double[rounds], new double[rounds]);
            double[] rawSeconds = new double[rounds];
            for (int round = 0; round < rounds; round++) {
                for (int side = 0; side < 3; side++) {
                    int which = (side + round) % 3;
                    if (which == 2) {
                        rawSeconds[round] = replay(raw, scripts);
                        continue;
                    }
                    int threads = which + 1;
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
            double[] ratios = new double[rounds];
            for (int i = 0; i < rounds; i++) {
                speedups[i] = twoRate[i] / oneRate[i];
                ratios[i] = byThreads.get(0).get(i).nanos() / 1e9 / rawSeconds[i];
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
            double harness = median(byThreads.get(0).stream().mapToDouble(r -> r.nanos() / 1e9).toArray());
            double replayed = median(rawSeconds);
            System.out.printf("   a state's cost, 1 thread: %.0f us (%.2f s for %d states, %d tries, %d statements); the same"
                            + " statements replayed by a plain JDBC loop: %.0f us per state (%.2f s); ratio %.2f (per round: %s)%n",
                    harness * 1e6 / any.states(), harness, any.states(), any.tries(), statements,
                    replayed * 1e6 / any.states(), replayed, median(ratios), list2(ratios));
            System.out.printf("   (medians of the rounds; the harness side is the whole exploration: the tries with model and"
                    + " checks, fingerprints and the frontier; the replay sends only the tries' statements, one reset each)%n");
        }
    }

    /** Seconds a plain JDBC loop takes to send every script's statements. */
    private static double replay(RawLoop raw, List<RawLoop.Script> scripts) throws SQLException {
        long started = System.nanoTime();
        for (RawLoop.Script s : scripts) {
            raw.run(s);
        }
        return (System.nanoTime() - started) / 1e9;
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
