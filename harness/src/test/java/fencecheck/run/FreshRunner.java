package fencecheck.run;

import fencecheck.db.Databases;
import fencecheck.protocol.Implementations;
import fencecheck.trace.Step;
import fencecheck.trace.Trace;

import java.util.List;

/** One trace on a runner of its own for a named implementation, closed after the try. */
final class FreshRunner {

    private FreshRunner() {
    }

    static TryResult run(String implementation, List<Step> steps) {
        try (TraceRunner runner = new TraceRunner(Databases.shared(), Implementations.select(implementation))) {
            return runner.run(Trace.of(implementation, steps));
        }
    }
}
