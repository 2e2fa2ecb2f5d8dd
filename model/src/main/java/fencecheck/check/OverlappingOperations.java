package fencecheck.check;

import fencecheck.api.Outcome;
import fencecheck.model.Command;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * What a shrunk real-time history puts back for its reader: the operations of other processes on the failing
 * operation's key whose intervals overlap the failing one's and that change what it reads. Shrinking drops such an
 * operation whenever the failure stays the same without it, yet it may have taken effect just before the failing one
 * and be what its answer met (another worker's release that a late renewal found, say).
 */
final class OverlappingOperations {

    private OverlappingOperations() {
    }

    /**
     * Puts back, one at a time, each such operation of {@code original} the best history lacks, with the grant its
     * token comes from when it needs it; each is kept only when {@code keep} accepts the history with it (it still fails
     * the same way, and then becomes the best).
     *
     * @param culprit   the failing operation, or null (nothing is put back)
     * @param grantUsed per operation, the grant its token comes from ({@link HistoryShrinker#dependencies})
     * @return the ids put back, in the order of their ids
     */
    static List<Integer> putBack(RealTimeHistory original, TimedOperation culprit, Supplier<RealTimeHistory> best,
                                 Map<Integer, Integer> grantUsed, Predicate<RealTimeHistory> keep, BooleanSupplier outOfTime) {
        List<Integer> putBack = new ArrayList<>();
        if (culprit == null) {
            return putBack;
        }
        for (TimedOperation o : original.operations()) {
            boolean overlapping = o.key().equals(culprit.key()) && !o.process().equals(culprit.process())
                    && original.earliest(o) <= original.latest(culprit) && original.latest(o) >= original.earliest(culprit);
            if (!overlapping || !changesWhatItReads(o, culprit) || best.get().operation(o.id()) != null || outOfTime.getAsBoolean()) {
                continue;
            }
            Set<Integer> with = ids(best.get());
            with.add(o.id());
            Integer grant = grantUsed.get(o.id());
            boolean kept = keep.test(from(original, with, best.get()))
                    || grant != null && with.add(grant) && keep.test(from(original, with, best.get()));
            if (kept) {
                putBack.add(o.id());
            }
        }
        return putBack;
    }

    /**
     * Whether {@code o} may change what {@code culprit} reads when it takes effect first: any grant, renewal or release
     * that took effect or whose answer was lost moves the key's lease; a write moves its sink, which only a write reads.
     */
    private static boolean changesWhatItReads(TimedOperation o, TimedOperation culprit) {
        if (!o.unknown() && !Outcome.isSuccess(o.outcome())) {
            return false;
        }
        return !(o.command() instanceof Command.Write w) || culprit.command() instanceof Command.Write c && c.sink() == w.sink();
    }

    /** The operations {@code ids} of {@code original}, from the rows and to the rows {@code best} has. */
    private static RealTimeHistory from(RealTimeHistory original, Set<Integer> ids, RealTimeHistory best) {
        return new RealTimeHistory(original.operations().stream().filter(o -> ids.contains(o.id())).toList(), best.finalRows(),
                best.marks(), best.start(), best.uncertainty(), best.startRows());
    }

    private static Set<Integer> ids(RealTimeHistory history) {
        Set<Integer> ids = new HashSet<>();
        history.operations().forEach(o -> ids.add(o.id()));
        return ids;
    }
}
