package fencecheck.run;

import fencecheck.trace.JobStep;

import java.util.ArrayList;
import java.util.List;

/**
 * The deterministic pass after the property engine's shrinking, for job
 * traces: drops the steps after the divergence, then single steps for as long
 * as the trace still fails.
 */
public final class JobMinimizer {

    private JobMinimizer() {
    }

    public static JobTryResult minimize(JobRunner runner, JobTryResult failing) {
        if (failing.passed()) {
            throw new IllegalArgumentException("only a failing try can be minimised");
        }
        JobTryResult best = failing;
        if (best.divergent() != null && best.divergent().step() < best.steps()) {
            JobTryResult cut = runner.run(best.trace().withSteps(best.trace().steps().subList(0, best.divergent().step())));
            if (!cut.passed()) {
                best = cut;
            }
        }
        boolean removedOne = true;
        while (removedOne) {
            removedOne = false;
            for (int i = best.steps() - 1; i >= 0; i--) {
                List<JobStep> fewer = new ArrayList<>(best.trace().steps());
                fewer.remove(i);
                JobTryResult attempt = runner.run(best.trace().withSteps(fewer));
                if (!attempt.passed()) {
                    best = attempt;
                    removedOne = true;
                }
            }
        }
        return best;
    }
}
