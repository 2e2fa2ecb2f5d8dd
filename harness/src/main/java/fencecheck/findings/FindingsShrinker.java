package fencecheck.findings;

import fencecheck.run.TryResult;
import fencecheck.trace.Trace;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Shrinks one representative of each kind a property run found, most severe first, at most
 * {@value #MOST_KINDS_SHRUNK} kinds, each within its own {@link ShrinkBudget}; the kinds beyond are reported unshrunk.
 */
public final class FindingsShrinker {

    /** A run with more kinds than this has a bug that breaks everything, or several: the first few tell the story. */
    public static final int MOST_KINDS_SHRUNK = 5;

    /**
     * @param findings  the shrunk findings, most severe first
     * @param notShrunk the kinds found beyond {@value #MOST_KINDS_SHRUNK}, in the same order, unshrunk
     */
    public record Result(List<Finding> findings, List<FailingTries.Group> notShrunk) {
        public Result {
            findings = List.copyOf(findings);
            notShrunk = List.copyOf(notShrunk);
        }
    }

    private final TraceShrinker shrinker;
    private final ShrinkBudget budget;

    /** @param run runs a trace against the implementation under test, from a fresh start */
    public FindingsShrinker(Function<Trace, TryResult> run, ShrinkBudget budget) {
        this.shrinker = new TraceShrinker(run);
        this.budget = budget;
    }

    public Result shrink(FailingTries failing) {
        List<FailingTries.Group> groups = failing.groups();
        List<Finding> findings = new ArrayList<>();
        for (FailingTries.Group group : groups.subList(0, Math.min(MOST_KINDS_SHRUNK, groups.size()))) {
            TraceShrinker.Shrunk shrunk = shrinker.shrink(group.shortest(), group.kind(), budget);
            findings.add(new Finding(group.kind(), shrunk.result(), group.tries(), group.firstTry(), shrunk.originalSteps(),
                    shrunk.runs(), shrunk.cutShortBy()));
        }
        return new Result(findings, groups.subList(Math.min(MOST_KINDS_SHRUNK, groups.size()), groups.size()));
    }
}
