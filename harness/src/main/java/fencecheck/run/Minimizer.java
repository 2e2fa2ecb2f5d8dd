package fencecheck.run;

import fencecheck.trace.Step;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The last, deterministic pass after the property engine's shrinking, for
 * any kind of trace: drops the steps after the failure (they never ran),
 * then single steps for as long as the trace still fails, then pairs of steps
 * (two steps can matter only together, e.g. a grant of another key and the
 * clock moved to its expiry, which together only let time pass), up to
 * {@value #MOST_STEPS_FOR_PAIRS} steps. The engine shrinks the fragments a
 * trace was generated from; this pass can take a fragment apart.
 *
 * @param <S> a step
 * @param <R> the result of running a list of steps
 */
public final class Minimizer<S, R> {

    static final int MOST_STEPS_FOR_PAIRS = 40;

    private final Function<List<S>, R> run;
    private final Function<R, List<S>> stepsOf;
    private final Predicate<R> fails;

    /**
     * @param run     runs a list of steps
     * @param stepsOf the steps a result ran
     * @param fails   whether a result is a failure
     */
    public Minimizer(Function<List<S>, R> run, Function<R, List<S>> stepsOf, Predicate<R> fails) {
        this.run = run;
        this.stepsOf = stepsOf;
        this.fails = fails;
    }

    /** @param executed how many steps of {@code failing} ran before it failed */
    public R minimize(R failing, int executed) {
        if (!fails.test(failing)) {
            throw new IllegalArgumentException("only a failing try can be minimised");
        }
        R best = failing;
        List<S> steps = stepsOf.apply(best);
        if (executed < steps.size()) {
            R cut = run.apply(steps.subList(0, executed));
            if (fails.test(cut)) {
                best = cut;
            }
        }
        while (true) {
            R fewer = withoutSingleSteps(best);
            R pairless = stepsOf.apply(fewer).size() <= MOST_STEPS_FOR_PAIRS ? withoutAPair(fewer) : fewer;
            if (pairless == best) {
                return best;
            }
            best = pairless;
        }
    }

    private R withoutSingleSteps(R failing) {
        R best = failing;
        boolean removedOne = true;
        while (removedOne) {
            removedOne = false;
            for (int i = stepsOf.apply(best).size() - 1; i >= 0; i--) {
                List<S> fewer = new ArrayList<>(stepsOf.apply(best));
                fewer.remove(i);
                R attempt = run.apply(fewer);
                if (fails.test(attempt)) {
                    best = attempt;
                    removedOne = true;
                }
            }
        }
        return best;
    }

    /** The first pair whose removal still fails, or the trace as it was. */
    private R withoutAPair(R failing) {
        List<S> steps = stepsOf.apply(failing);
        for (int i = steps.size() - 1; i >= 1; i--) {
            for (int j = i - 1; j >= 0; j--) {
                List<S> fewer = new ArrayList<>(steps);
                fewer.remove(i);
                fewer.remove(j);
                R attempt = run.apply(fewer);
                if (fails.test(attempt)) {
                    return attempt;
                }
            }
        }
        return failing;
    }

    /** The smallest failing trace found from a failing try, each candidate run on {@code runner}. */
    public static TryResult minimize(TraceRunner runner, TryResult failing) {
        int executed = failing.divergent() != null ? failing.divergent().step() : failing.steps();
        return new Minimizer<Step, TryResult>(steps -> runner.run(failing.trace().withSteps(steps)),
                TryResult::stepsOf, r -> !r.passed()).minimize(failing, executed);
    }
}
