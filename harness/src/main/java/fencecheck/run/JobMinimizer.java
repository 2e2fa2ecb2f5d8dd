package fencecheck.run;

import fencecheck.trace.JobStep;

import java.util.ArrayList;
import java.util.List;

/**
 * The deterministic pass after the property engine's shrinking, for job
 * traces: drops the steps after the divergence, then single steps for as long
 * as the trace still fails, then pairs of steps (two steps can matter only
 * together, e.g. a grant of another key and the clock moved to its expiry,
 * which together only let time pass), up to {@value #MOST_STEPS_FOR_PAIRS} steps.
 */
public final class JobMinimizer {

    static final int MOST_STEPS_FOR_PAIRS = 40;

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
        while (true) {
            JobTryResult fewer = withoutSingleSteps(runner, best);
            JobTryResult pairless = fewer.steps() <= MOST_STEPS_FOR_PAIRS ? withoutAPair(runner, fewer) : fewer;
            if (pairless == best) {
                return best;
            }
            best = pairless;
        }
    }

    private static JobTryResult withoutSingleSteps(JobRunner runner, JobTryResult failing) {
        JobTryResult best = failing;
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

    /** The first pair whose removal still fails, or the trace as it was. */
    private static JobTryResult withoutAPair(JobRunner runner, JobTryResult failing) {
        List<JobStep> steps = failing.trace().steps();
        for (int i = steps.size() - 1; i >= 1; i--) {
            for (int j = i - 1; j >= 0; j--) {
                List<JobStep> fewer = new ArrayList<>(steps);
                fewer.remove(i);
                fewer.remove(j);
                JobTryResult attempt = runner.run(failing.trace().withSteps(fewer));
                if (!attempt.passed()) {
                    return attempt;
                }
            }
        }
        return failing;
    }
}
