package fencecheck.run;

import fencecheck.api.LeaseProtocol;
import fencecheck.db.Databases;
import fencecheck.protocol.Implementations;
import fencecheck.trace.Trace;
import fencecheck.trace.TraceFiles;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * The command line: {@code replay TRACE.json [--implementation NAME]} runs a
 * saved trace again, step by step, and prints the verdict and the table.
 * Exit code 0: the trace passes; 1: it fails (the failure reproduced);
 * 2: bad input, explained in one line.
 */
public final class Cli {

    static final String USAGE = "usage: replay TRACE.json [--implementation NAME]";

    private Cli() {
    }

    public static void main(String[] args) {
        int code = run(Arrays.asList(args), System.out, System.err);
        System.exit(code);
    }

    static int run(List<String> args, PrintStream out, PrintStream err) {
        try {
            if (args.size() < 2 || !args.get(0).equals("replay")) {
                err.println("fencecheck: " + USAGE);
                return 2;
            }
            if (!(args.size() == 2 || (args.size() == 4 && args.get(2).equals("--implementation")))) {
                err.println("fencecheck: " + USAGE);
                return 2;
            }
            Path file = Path.of(args.get(1));
            Trace trace = TraceFiles.read(file);
            LeaseProtocol protocol = Implementations.select(args.size() == 4 ? args.get(3) : trace.implementation());
            try (TraceRunner runner = new TraceRunner(Databases.shared(), protocol, trace.needsFaultProxies())) {
                TryResult result = runner.run(trace.withImplementation(protocol.name()));
                out.println("implementation: " + protocol.name() + " on " + runner.database().describe());
                out.println(result.verdict());
                out.print(TraceTable.render(result));
                return result.passed() ? 0 : 1;
            }
        } catch (TraceFiles.BadTraceFile | IllegalArgumentException e) {
            err.println("fencecheck: " + e.getMessage());
            return 2;
        } catch (RuntimeException e) {
            err.println("fencecheck: " + e.getMessage());
            return 2;
        }
    }
}
