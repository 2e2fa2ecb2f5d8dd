package fencecheck.findings;

import fencecheck.run.TryResult;
import fencecheck.trace.Step;
import fencecheck.trace.Trace;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Shrinks a failing trace toward the smallest one that still shows one {@link FindingKind kind} of finding, by delta
 * debugging over its steps: drop the steps after the one that failed (they never ran), then chunks of steps from
 * halves down to single steps; then, in turn, while one of them helps (and the chunks again after each): a worker's
 * transaction dropped whole, pairs of steps in a short trace (a grant of another key and the clock moved to its expiry
 * matter only together), a zombie resolved and single steps simplified ({@link StepSimplifier}), and in a short trace
 * two workers merged, a step done by another actor, two workers' names swapped from a step on or one actor's run of
 * steps moved elsewhere, when that lets more steps go ({@link Reshapes}). A candidate is kept only when it shows the same kind: one that
 * fails otherwise would trade one finding for another. Every sub-list of a trace is a trace (symbolic arguments
 * resolve when a step runs), so every candidate runs. Deterministic for a given runner, unless the time bound cuts it
 * short; a kind found in one try only is often one that needs several things at once, which is why the passes after
 * the deletions are there.
 */
public final class TraceShrinker {

    /** Pairs are tried only in traces this short: there are n(n-1)/2 of them. */
    static final int MOST_STEPS_FOR_PAIRS = 20;

    /**
     * @param result        the smallest trace found that shows the kind, as it ran
     * @param originalSteps the steps of the trace shrinking started from
     * @param runs          re-runs of candidates
     * @param cutShortBy    which bound stopped the shrinking before it was done, or empty when it finished
     */
    public record Shrunk(TryResult result, int originalSteps, int runs, Optional<String> cutShortBy) {
    }

    private final Function<Trace, TryResult> run;

    /** @param run runs a trace against the implementation under test, from a fresh start (a runner's {@code run}) */
    public TraceShrinker(Function<Trace, TryResult> run) {
        this.run = run;
    }

    public Shrunk shrink(TryResult failing, FindingKind kind, ShrinkBudget budget) {
        return shrink(failing, tried -> FindingKinds.shows(tried, kind), kind.toString(), budget);
    }

    /**
     * The smallest trace found that still shows what {@code shows} looks for (a finding's kind, a conformance note's),
     * named {@code what} in the error when the trace given does not show it.
     */
    public Shrunk shrink(TryResult showing, Predicate<TryResult> shows, String what, ShrinkBudget budget) {
        if (!shows.test(showing)) {
            throw new IllegalArgumentException("the trace to shrink does not show " + what);
        }
        Attempts attempts = new Attempts(shows, budget);
        return new Shrunk(shrink(showing, attempts), showing.steps(), attempts.runs, attempts.cutShortBy());
    }

    private TryResult shrink(TryResult failing, Attempts attempts) {
        TryResult best = withoutChunks(withoutTheUnrun(failing, attempts), attempts);
        while (true) {
            boolean shortTrace = steps(best).size() <= MOST_STEPS_FOR_PAIRS;
            TryResult changed = firstKept(best, Reshapes.withoutATransaction(steps(best)), attempts);
            if (changed == best && shortTrace) {
                changed = withoutAPair(best, attempts);
            }
            if (changed == best) {
                changed = reshapedWhole(best, attempts);
            }
            if (changed == best) {
                changed = simplified(best, attempts);
            }
            if (changed == best && shortTrace) {
                changed = doneByAnother(best, attempts);
            }
            if (changed == best && shortTrace) {
                changed = shorterAfter(best, Reshapes.withWorkersSwappedFrom(steps(best)), attempts);
            }
            if (changed == best && shortTrace) {
                changed = shorterAfter(best, Reshapes.withARunMoved(steps(best)), attempts);
            }
            if (changed == best) {
                return best;
            }
            // a pair gone or a step simpler may let single steps go that could not before
            best = withoutChunks(changed, attempts);
        }
    }

    /**
     * The first zombie resolved ({@link Reshapes#withoutZombies}), or else the first worker moved to a lower slot
     * ({@link Reshapes#withLowerWorkers}), that still shows the kind; or the trace as it was.
     */
    private TryResult reshapedWhole(TryResult failing, Attempts attempts) {
        List<List<Step>> candidates = new ArrayList<>(Reshapes.withoutZombies(steps(failing)));
        candidates.addAll(Reshapes.withLowerWorkers(steps(failing)));
        return firstKept(failing, candidates, attempts);
    }

    /** The first candidate that still shows the kind, or the trace as it was. */
    private TryResult firstKept(TryResult failing, List<List<Step>> candidates, Attempts attempts) {
        for (List<Step> candidate : candidates) {
            Optional<TryResult> kept = attempts.keeps(failing.trace(), candidate);
            if (kept.isPresent()) {
                return kept.get();
            }
        }
        return failing;
    }

    /**
     * The first of two workers merged, or else of a step done by another actor ({@link Reshapes}), after which the
     * trace shrinks below its length; or the trace as it was. The right actor can let go the steps that only gave the
     * wrong one what it needed.
     */
    private TryResult doneByAnother(TryResult failing, Attempts attempts) {
        List<Step> steps = steps(failing);
        List<List<Step>> candidates = new ArrayList<>(Reshapes.withWorkersMerged(steps));
        for (int i = steps.size() - 1; i >= 0; i--) {
            for (Step other : Reshapes.byOtherActors(steps, i)) {
                List<Step> candidate = new ArrayList<>(steps);
                candidate.set(i, other);
                candidates.add(candidate);
            }
        }
        return shorterAfter(failing, candidates, attempts);
    }

    /**
     * The first candidate (no shorter than the trace) that still shows the kind and then shrinks below the trace's
     * length by deletions; or the trace as it was. A reshape kept only for itself would go round in circles.
     */
    private TryResult shorterAfter(TryResult failing, List<List<Step>> candidates, Attempts attempts) {
        for (List<Step> candidate : candidates) {
            Optional<TryResult> kept = attempts.keeps(failing.trace(), candidate);
            if (kept.isPresent()) {
                TryResult shorter = withoutChunks(kept.get(), attempts);
                if (shorter.steps() < failing.steps()) {
                    return shorter;
                }
            }
        }
        return failing;
    }

    /** A try stops at its first disagreement: the steps after it never ran. */
    private TryResult withoutTheUnrun(TryResult failing, Attempts attempts) {
        int ran = failing.divergent() == null ? failing.steps() : failing.divergent().step();
        if (ran >= failing.steps()) {
            return failing;
        }
        return attempts.keeps(failing.trace(), steps(failing).subList(0, ran)).orElse(failing);
    }

    /**
     * Zeller's ddmin, by complements only (a chunk on its own rarely fails): removes chunks of {@code 1/n} of the
     * steps, from the end, doubling {@code n} when none can go, down to single steps.
     */
    private TryResult withoutChunks(TryResult failing, Attempts attempts) {
        TryResult best = failing;
        int n = 2;
        while (steps(best).size() >= 2 && !attempts.exhausted()) {
            List<Step> steps = steps(best);
            int chunk = (steps.size() + n - 1) / n;
            Optional<TryResult> smaller = Optional.empty();
            for (int end = steps.size(); end > 0 && smaller.isEmpty() && !attempts.exhausted(); end -= chunk) {
                List<Step> candidate = new ArrayList<>(steps.subList(0, Math.max(0, end - chunk)));
                candidate.addAll(steps.subList(end, steps.size()));
                smaller = attempts.keeps(best.trace(), candidate);
            }
            if (smaller.isPresent()) {
                best = smaller.get();
                n = Math.max(n - 1, 2);
            } else if (chunk == 1) {
                return best;
            } else {
                n = Math.min(n * 2, steps.size());
            }
        }
        return best;
    }

    /** The first pair whose removal still shows the kind, or the trace as it was. */
    private TryResult withoutAPair(TryResult failing, Attempts attempts) {
        List<Step> steps = steps(failing);
        for (int i = steps.size() - 1; i >= 1; i--) {
            for (int j = i - 1; j >= 0 && !attempts.exhausted(); j--) {
                List<Step> fewer = new ArrayList<>(steps);
                fewer.remove(i);
                fewer.remove(j);
                Optional<TryResult> kept = attempts.keeps(failing.trace(), fewer);
                if (kept.isPresent()) {
                    return kept.get();
                }
            }
        }
        return failing;
    }

    /** Each step replaced by the simplest version of it that still shows the kind. */
    private TryResult simplified(TryResult failing, Attempts attempts) {
        TryResult best = failing;
        for (int i = 0; i < steps(best).size(); i++) {
            for (Step simpler : StepSimplifier.simpler(steps(best), i)) {
                List<Step> candidate = new ArrayList<>(steps(best));
                candidate.set(i, simpler);
                Optional<TryResult> kept = attempts.keeps(failing.trace(), candidate);
                if (kept.isPresent()) {
                    best = kept.get();
                    break;
                }
            }
        }
        return best;
    }

    private static List<Step> steps(TryResult result) {
        return result.trace().steps();
    }

    /** The re-runs of one shrinking, and its bounds. */
    private final class Attempts {
        private final Predicate<TryResult> shows;
        private final ShrinkBudget budget;
        private final long deadline;
        private int runs;
        private String cutShortBy;
        /** Candidates run that did not show the kind: the runner is deterministic, so running one again is waste. */
        private final Set<List<Step>> refused = new HashSet<>();

        Attempts(Predicate<TryResult> shows, ShrinkBudget budget) {
            this.shows = shows;
            this.budget = budget;
            this.deadline = System.nanoTime() + budget.time().toNanos();
        }

        /** Runs the candidate; its result when it shows the kind. Empty, without running, once a bound is reached. */
        Optional<TryResult> keeps(Trace of, List<Step> candidate) {
            if (refused.contains(candidate) || exhausted()) {
                return Optional.empty();
            }
            runs++;
            TryResult tried = run.apply(of.withSteps(candidate));
            if (shows.test(tried)) {
                return Optional.of(tried);
            }
            refused.add(List.copyOf(candidate));
            return Optional.empty();
        }

        /** Whether a bound is reached; asked only with a candidate still to try, so a bound reached is work cut short. */
        boolean exhausted() {
            if (cutShortBy == null && runs >= budget.runs()) {
                cutShortBy = "the bound of " + budget.runs() + " re-runs";
            } else if (cutShortBy == null && System.nanoTime() - deadline >= 0) {
                cutShortBy = "the time bound of " + budget.time().toSeconds() + " s";
            }
            return cutShortBy != null;
        }

        Optional<String> cutShortBy() {
            return Optional.ofNullable(cutShortBy);
        }
    }
}
