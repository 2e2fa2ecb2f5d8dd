package fencecheck.check;

import fencecheck.api.ModelConfig;
import fencecheck.check.Linearizability.Linearizable;
import fencecheck.check.Linearizability.Point;
import fencecheck.check.Linearizability.Verdict;

import java.util.HashSet;
import java.util.Set;

/**
 * The admissible answers of a key's witness that are needed: under safety alone, a witness keeps an admissible answer
 * only where no order explains the key's operations with the reference's answer there and no other admissible one.
 */
final class AdmittedPoints {

    private AdmittedPoints() {
    }

    /**
     * A witness of {@code part} in which each admissible answer is needed: the search takes the first order it finds,
     * which may explain an operation by an admissible answer where another order explains it by the reference's. So
     * each admissible point is refused in turn (the reference's answer alone, there, and at every operation the
     * witness explains by it), and a witness found without it replaces the one before; a point is kept only when no
     * order explains the key without it and without a new admissible answer elsewhere, the points kept so far staying
     * as they are. Its states are those of every search.
     */
    static Linearizable neededOnly(RealTimeHistory part, String key, ModelConfig config, long maxStates, long zero,
                                     Linearizable found) {
        long states = found.states();
        Verdict asReference = new KeySearch(part, key, config, false, Set.of(), maxStates, zero).run();
        states += asReference.states();
        if (asReference instanceof Linearizable r) {
            return new Linearizable(r.witness(), states);
        }
        Linearizable best = found;
        Set<Integer> needed = new HashSet<>();
        while (true) {
            Point next = best.admitted().stream().filter(p -> !needed.contains(p.operation())).findFirst().orElse(null);
            if (next == null) {
                return new Linearizable(best.witness(), states);
            }
            // the reference's answer alone there, and at every operation the witness explains by it: a witness
            // without this point that needs admissible answers elsewhere instead is no smaller
            Set<Integer> admitted = new HashSet<>();
            best.admitted().forEach(p -> admitted.add(p.operation()));
            admitted.remove(next.operation());
            Set<Integer> referenceOnly = new HashSet<>();
            part.operations().stream().map(TimedOperation::id).filter(id -> !admitted.contains(id)).forEach(referenceOnly::add);
            Verdict without = new KeySearch(part, key, config, true, Set.copyOf(referenceOnly), maxStates, zero).run();
            states += without.states();
            if (without instanceof Linearizable l) {
                best = l;
            } else {
                // refused (or undecided): no order shown without it
                needed.add(next.operation());
            }
        }
    }
}
