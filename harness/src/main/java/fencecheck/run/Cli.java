package fencecheck.run;

import fencecheck.db.Databases;
import fencecheck.protocol.Implementations;
import fencecheck.protocol.LeaseProtocol;
import fencecheck.trace.JobTrace;
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
            String text = TraceFiles.text(file);
            if (TraceFiles.isJobTrace(text, file.toString())) {
                return replayJob(TraceFiles.parseJob(text, file.toString()), args.size() == 4 ? args.get(3) : null, out);
            }
            Trace trace = TraceFiles.parse(text, file.toString());
            String implementation = args.size() == 4 ? args.get(3) : trace.implementation();
            LeaseProtocol protocol = Implementations.select(implementation);
            try (TraceRunner runner = new TraceRunner(Databases.shared(), protocol, trace.needsFaultProxies())) {
                TryResult result = runner.run(trace.withImplementation(protocol.name()));
                out.println("implementation: " + protocol.name() + " on " + runner.database().describe());
                out.println(result.verdict().sentence());
                out.print(TraceTable.render(result));
                return result.verdict().passed() ? 0 : 1;
            }
        } catch (TraceFiles.BadTraceFile | IllegalArgumentException e) {
            err.println("fencecheck: " + e.getMessage());
            return 2;
        } catch (RuntimeException e) {
            err.println("fencecheck: " + e.getMessage());
            return 2;
        }
    }

    private static int replayJob(JobTrace trace, String implementation, PrintStream out) {
        LeaseProtocol protocol = Implementations.select(implementation != null ? implementation : trace.implementation());
        try (JobRunner runner = new JobRunner(Databases.shared(), protocol, trace.needsFaultProxies())) {
            JobTryResult result = runner.run(new JobTrace(trace.schemaVersion(), trace.kind(), protocol.name(), trace.leaseTtl(), trace.steps()));
            out.println("implementation: " + protocol.name() + " on " + runner.database().describe());
            out.println(result.verdict());
            out.print(JobTraceTable.render(result));
            return result.passed() ? 0 : 1;
        }
    }
}
