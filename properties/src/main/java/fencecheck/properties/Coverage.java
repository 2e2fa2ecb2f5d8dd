package fencecheck.properties;

import fencecheck.api.Check;
import fencecheck.api.LeaseProtocol;
import fencecheck.run.Floors;
import fencecheck.run.Situation;
import net.jqwik.api.statistics.Statistics;

import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Per try, labels each situation of a property's group as reached or not, and
 * asks jqwik to fail the property when one is reached in fewer tries than
 * the floor: a property that never generates what it claims to test is a defect.
 * jqwik judges the floors only of a property that passed its tries, so a run with
 * findings is not judged on coverage.
 */
final class Coverage {

    /** Each situation must occur in at least this share of tries, or the generator has gone blind. */
    static final double FLOOR_PERCENT = Floors.PERCENT;

    private Coverage() {
    }

    /**
     * Labels every situation of the group; only those that may apply to {@code implementation} get the floor
     * ({@link Check#floored}: a pack of one statement per file never stops between statements), and
     * whether it applies is decided once every try ran, from {@code tries}, the situations of each
     * ({@link Floors}): a floor the implementation's own shape keeps out of reach never fails the run.
     */
    static void collect(Set<Situation> reached, Check group, LeaseProtocol implementation,
                        Supplier<List<Set<Situation>>> tries) {
        List<Situation> floored = Situation.floored(group, implementation);
        for (Situation situation : Situation.of(group)) {
            Statistics.label(situation.label()).collect(reached.contains(situation));
            if (floored.contains(situation)) {
                Predicate<Double> met = p -> Floors.of(group, implementation, tries.get()).met(situation, p);
                Statistics.label(situation.label()).coverage(c -> c.check(true).percentage(met));
            }
        }
    }
}
