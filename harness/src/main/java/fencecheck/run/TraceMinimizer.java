package fencecheck.run;

import fencecheck.trace.Step;

import java.util.ArrayList;
import java.util.List;

/**
 * A last, deterministic pass after the property engine's shrinking: drops the
 * steps after the divergence (they never ran), then removes single steps, one
 * at a time, for as long as the trace still fails. The engine shrinks the
 * fragments a trace was generated from; this pass can take a fragment apart.
 */
public final class TraceMinimizer {

    private TraceMinimizer() {
    }

    public static TryResult minimize(TraceRunner runner, TryResult failing) {
        if (failing.verdict().passed()) {
            throw new IllegalArgumentException("only a failing try can be minimised");
        }
        TryResult best = failing;
        int executed = best.stepsExecuted();
        if (executed < best.trace().steps().size()) {
            TryResult cut = runner.run(best.trace().withSteps(best.trace().steps().subList(0, executed)));
            if (!cut.verdict().passed()) {
                best = cut;
            }
        }
        boolean removedOne = true;
        while (removedOne) {
            removedOne = false;
            for (int i = best.trace().steps().size() - 1; i >= 0; i--) {
                List<Step> fewer = new ArrayList<>(best.trace().steps());
                fewer.remove(i);
                TryResult attempt = runner.run(best.trace().withSteps(fewer));
                if (!attempt.verdict().passed()) {
                    best = attempt;
                    removedOne = true;
                }
            }
        }
        return best;
    }
}
