package fencecheck.check;

import fencecheck.api.ModelConfig;

import java.util.Locale;

/**
 * How fast the {@link ModelExplorer} goes on one core: the reference (2 workers, 1 key, leases of 4 units) to a depth
 * (the first argument, 13 by default), printing the new states, the total and the states per second at each depth.
 * Run it from the repository's root after {@code mvn -pl model compile}:
 * {@code java -cp model/target/classes fencecheck.check.ExplorerBenchmark 13}.
 */
public final class ExplorerBenchmark {

    private ExplorerBenchmark() {
    }

    public static void main(String[] args) {
        int depth = args.length > 0 ? Integer.parseInt(args[0]) : 13;
        ExplorationScope scope = new ExplorationScope(ModelConfig.reference(), 2, 1, depth, 4);
        // a first, shorter run lets the JIT compile the search before the measured one
        ModelExplorer.explore(scope.withDepth(Math.min(depth, 9)));
        ModelExplorer.Report report = ModelExplorer.explore(scope);
        System.out.println("model exploration: " + scope.describe());
        System.out.printf(Locale.ROOT, "%5s %12s %12s %10s %14s%n", "depth", "new states", "states", "cpu ms", "states/s");
        long total = report.perDepth().get(0);
        for (int d = 1; d < report.perDepth().size(); d++) {
            total += report.perDepth().get(d);
            long ms = report.elapsed().get(d - 1);
            System.out.printf(Locale.ROOT, "%5d %,12d %,12d %,10d %,14.0f%n", d, report.perDepth().get(d), total, ms,
                    total * 1000.0 / Math.max(ms, 1));
        }
        System.out.printf(Locale.ROOT, "%,d states, %,d answers explored, %s%n", report.states(), report.edges(),
                report.finding().map(f -> "finding: " + f.problem()).orElse("no finding"));
    }
}
