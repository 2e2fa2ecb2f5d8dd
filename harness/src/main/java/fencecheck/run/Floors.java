package fencecheck.run;

import fencecheck.api.Check;
import fencecheck.api.LeaseProtocol;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Which coverage floors apply to a run of an implementation: a floor holds only for a situation the
 * implementation's claimed semantics and its points between statements can produce. A floor that does not apply
 * is said in one line and never fails the build; one that applies and is missed is the generator's defect.
 *
 * @param applying the situations whose floor applies
 * @param lifted   in one line each, the floors that do not apply and why
 */
public record Floors(List<Situation> applying, List<String> lifted) {

    /** Each situation must occur in at least this share of tries, or the generator has gone blind. */
    public static final double PERCENT = 5.0;

    public Floors {
        applying = List.copyOf(applying);
        lifted = List.copyOf(lifted);
    }

    /**
     * The floors of {@code group} for {@code implementation} over the situations each of its tries reached.
     * {@link Situation#BETWEEN_STATEMENTS} needs a split to meet a call of several statements: when that happened
     * in fewer than {@link #PERCENT} of the tries (the implementation's points between statements sit on calls
     * the traces rarely make), no generator of these traces can reach the floor, and it is lifted. So is
     * {@link Situation#FAILOVER_WITH_TAKEOVER_WAITING} for an implementation under which statements waited for a
     * row lock in fewer than {@link #PERCENT} of the tries: a takeover waits only for a lock an open transaction holds.
     */
    public static Floors of(Check group, LeaseProtocol implementation, List<Set<Situation>> tries) {
        List<Situation> applying = new ArrayList<>(Situation.floored(group, implementation));
        List<String> lifted = new ArrayList<>();
        if (applying.contains(Situation.BETWEEN_STATEMENTS) && Situation.of(group).contains(Situation.CALL_STOPPED)) {
            long stopped = tries.stream().filter(t -> t.contains(Situation.CALL_STOPPED)).count();
            if (share(stopped, tries.size()) < PERCENT) {
                applying.remove(Situation.BETWEEN_STATEMENTS);
                lifted.add("floor of \"" + Situation.BETWEEN_STATEMENTS.label() + "\" lifted for " + implementation.name()
                        + ": a split met a call of several statements in " + stopped + " of " + tries.size() + " tries ("
                        + String.format(Locale.ROOT, "%.1f", share(stopped, tries.size())) + " %, under " + PERCENT
                        + " %): its points between statements sit on calls these traces rarely make");
            }
        }
        if (applying.contains(Situation.FAILOVER_WITH_TAKEOVER_WAITING)) {
            long waited = tries.stream().filter(t -> t.contains(Situation.WAIT_OBSERVED)).count();
            if (share(waited, tries.size()) < PERCENT) {
                applying.remove(Situation.FAILOVER_WITH_TAKEOVER_WAITING);
                lifted.add("floor of \"" + Situation.FAILOVER_WITH_TAKEOVER_WAITING.label() + "\" lifted for "
                        + implementation.name() + ": a statement waited for a row lock in " + waited + " of " + tries.size()
                        + " tries (" + String.format(Locale.ROOT, "%.1f", share(waited, tries.size())) + " %, under " + PERCENT
                        + " %): its open transactions hold no lock a takeover waits for");
            }
        }
        return new Floors(applying, lifted);
    }

    /** Whether a situation reached in {@code percent} of the tries meets its floor, or has none here. */
    public boolean met(Situation situation, double percent) {
        return !applying.contains(situation) || percent >= PERCENT;
    }

    private static double share(long count, int of) {
        return of == 0 ? 100.0 : 100.0 * count / of;
    }
}
