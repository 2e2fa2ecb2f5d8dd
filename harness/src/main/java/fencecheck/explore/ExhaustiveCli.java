package fencecheck.explore;

import fencecheck.api.LeaseProtocol;
import fencecheck.db.Databases;
import fencecheck.protocol.Implementations;
import fencecheck.run.TraceRunner;
import fencecheck.run.TraceTable;
import fencecheck.trace.Trace;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;

/**
 * Exhaustive mode from the command line, without a property engine:
 * {@code IMPLEMENTATION [--depth N] [--workers N] [--keys N] [--actions a,b,...] [--budget SECONDS] [--traces DIR]}.
 * Prints the verdict and the figures of each depth, and for each finding its table and where its trace was saved
 * (it replays with {@code replay FILE}). Exit code 0: nothing found; 1: a finding; 2: bad input, explained in one line.
 */
public final class ExhaustiveCli {

    static final String USAGE = "usage: IMPLEMENTATION [--depth N] [--workers N] [--keys N] [--actions "
            + String.join(",", ExhaustiveScope.ACTIONS.keySet()) + "] [--budget SECONDS] [--traces DIR]";
    static final int DEFAULT_DEPTH = 8;
    static final Duration DEFAULT_BUDGET = Duration.ofMinutes(2);

    private ExhaustiveCli() {
    }

    public static void main(String[] args) {
        System.exit(run(Arrays.asList(args), System.out, System.err));
    }

    static int run(List<String> args, PrintStream out, PrintStream err) {
        ExhaustiveScope scope;
        Path traces = Path.of("target", "fencecheck", "traces");
        LeaseProtocol protocol;
        try {
            if (args.isEmpty() || args.size() % 2 == 0) {
                err.println("fencecheck: " + USAGE);
                return 2;
            }
            int depth = DEFAULT_DEPTH;
            int workers = 2;
            int keys = 1;
            List<String> actions = ExhaustiveScope.DEFAULT_ACTIONS;
            Duration budget = DEFAULT_BUDGET;
            for (int i = 1; i < args.size(); i += 2) {
                String value = args.get(i + 1);
                switch (args.get(i)) {
                    case "--depth" -> depth = number(args.get(i), value);
                    case "--workers" -> workers = number(args.get(i), value);
                    case "--keys" -> keys = number(args.get(i), value);
                    case "--actions" -> actions = List.of(value.split(","));
                    case "--budget" -> budget = Duration.ofSeconds(number(args.get(i), value));
                    case "--traces" -> traces = Path.of(value);
                    default -> throw new IllegalArgumentException("unknown option " + args.get(i) + ": " + USAGE);
                }
            }
            scope = new ExhaustiveScope(workers, keys, depth, actions, Trace.DEFAULT_LEASE_TTL, budget);
            protocol = Implementations.select(args.getFirst());
        } catch (IllegalArgumentException e) {
            err.println("fencecheck: " + e.getMessage());
            return 2;
        }
        try (TraceRunner runner = new TraceRunner(Databases.shared(), protocol, scope.needsFaultProxies())) {
            ExhaustiveResult result = new ExhaustiveRun(runner, scope, traces).run();
            out.println("implementation: " + protocol.name() + " on " + runner.database().describe());
            out.println(result.verdict());
            out.print(result.figures());
            for (ExhaustiveResult.Found found : result.findings()) {
                out.println();
                out.println(found.result().verdict());
                out.print(TraceTable.render(found.result()));
                out.println("saved: " + found.saved() + " (replay " + found.saved() + ")");
            }
            return result.passed() ? 0 : 1;
        } catch (IllegalArgumentException e) {
            err.println("fencecheck: " + e.getMessage());
            return 2;
        }
    }

    private static int number(String option, String value) {
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " takes a whole number, not '" + value + "'");
        }
    }
}
