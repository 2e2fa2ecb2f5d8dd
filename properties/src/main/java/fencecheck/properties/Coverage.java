package fencecheck.properties;

import fencecheck.protocol.LeaseProtocol;
import fencecheck.run.Situation;
import net.jqwik.api.statistics.Statistics;

/**
 * Per try, labels each situation of a property's group as reached or not, and
 * asks jqwik to fail the property when one is reached in fewer tries than
 * the floor: a property that never generates what it claims to test is a defect.
 * jqwik judges the floors only of a property that passed its tries, so a run with
 * findings is not judged on coverage.
 */
final class Coverage {

    /** Each situation must occur in at least this share of tries, or the generator has gone blind. */
    static final double FLOOR_PERCENT = 5.0;

    private Coverage() {
    }

    /**
     * Labels every situation of the group; only those that apply to {@code implementation} have the floor
     * ({@link Situation.Group#floored}): a pack of one statement per file never stops between statements.
     */
    static void collect(java.util.Set<Situation> reached, Situation.Group group, LeaseProtocol implementation) {
        java.util.List<Situation> floored = group.floored(implementation);
        for (Situation situation : Situation.of(group)) {
            Statistics.label(situation.label()).collect(reached.contains(situation));
            if (floored.contains(situation)) {
                Statistics.label(situation.label()).coverage(c -> c.check(true).percentage(p -> p >= FLOOR_PERCENT));
            }
        }
    }
}
