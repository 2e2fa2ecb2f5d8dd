package fencecheck.realtime;

import fencecheck.api.Check;
import fencecheck.api.Outcome.Granted;
import fencecheck.api.Outcome.Renewed;
import fencecheck.check.RealTimeHistory;
import fencecheck.check.TimedOperation;
import fencecheck.model.Command.Acquire;
import fencecheck.model.Command.Renew;
import fencecheck.model.Command.Write;
import fencecheck.run.Situation;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The situations of {@link Check#REAL_TIME} a run reached (and {@link Situation#FAILOVER}), read from its history alone. */
public final class RealTimeSituations {

    private RealTimeSituations() {
    }

    public static Set<Situation> of(RealTimeHistory history) {
        Set<Situation> reached = EnumSet.noneOf(Situation.class);
        List<TimedOperation> ops = history.operations();
        if (ops.stream().anyMatch(TimedOperation::unknown)) {
            reached.add(Situation.UNKNOWN_OUTCOME);
        }
        if (ops.stream().anyMatch(o -> o.note().contains("zombie"))) {
            reached.add(Situation.ZOMBIE_OPERATION);
        }
        if (ops.stream().anyMatch(o -> o.note().contains(Worker.CUT_BY_FAILOVER))) {
            // a failover cut a worker's session and took its answer: counted, though not a floor of the real-time group
            reached.add(Situation.FAILOVER);
        }
        if (overlap(ops)) {
            reached.add(Situation.OVERLAPPING_OPERATIONS);
        }
        // the latest end each process was told for each (key, token): by its grant, then its renewals
        Map<String, Long> until = new HashMap<>();
        Map<String, TimedOperation> lastGrant = new HashMap<>();
        for (TimedOperation o : ops.stream().sorted(Comparator.comparingLong(TimedOperation::complete)).toList()) {
            if (o.command() instanceof Acquire a && o.outcome() instanceof Granted g) {
                TimedOperation before = lastGrant.get(a.key());
                if (before != null && !before.process().equals(o.process()) && ((Granted) before.outcome()).token() < g.token()) {
                    Long end = until.get(before.process() + " " + a.key() + " " + ((Granted) before.outcome()).token());
                    if (end != null && end < o.invoke()) {
                        reached.add(Situation.TAKEOVER_AFTER_REAL_EXPIRY);
                    }
                }
                lastGrant.put(a.key(), o);
                until.merge(o.process() + " " + a.key() + " " + g.token(), g.until(), Math::max);
            } else if (o.command() instanceof Renew r && o.outcome() instanceof Renewed rn) {
                until.merge(o.process() + " " + r.key() + " " + r.token(), rn.until(), Math::max);
            } else if (o.command() instanceof Write w && o.note().contains("after pause") && !o.unknown()) {
                Long end = until.get(o.process() + " " + w.key() + " " + w.token());
                if (end != null && end < o.invoke()) {
                    reached.add(Situation.WRITE_AFTER_PAUSE_PAST_LEASE);
                }
            }
        }
        return reached;
    }

    /** Two processes' operations on one key whose intervals overlap. */
    private static boolean overlap(List<TimedOperation> ops) {
        Map<String, List<TimedOperation>> byKey = new HashMap<>();
        ops.forEach(o -> byKey.computeIfAbsent(o.key(), k -> new ArrayList<>()).add(o));
        for (List<TimedOperation> key : byKey.values()) {
            key.sort(Comparator.comparingLong(TimedOperation::invoke));
            for (int i = 1; i < key.size(); i++) {
                TimedOperation a = key.get(i - 1);
                TimedOperation b = key.get(i);
                if (!a.process().equals(b.process()) && b.invoke() < a.complete()) {
                    return true;
                }
            }
        }
        return false;
    }
}
