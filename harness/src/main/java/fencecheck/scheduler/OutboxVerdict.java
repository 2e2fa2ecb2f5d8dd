package fencecheck.scheduler;

import fencecheck.nodes.NemesisAction;
import fencecheck.scheduler.ClusterFinding.Kind;
import fencecheck.scheduler.ClusterRecords.Emit;
import fencecheck.scheduler.ClusterRecords.OutboxRow;
import fencecheck.scheduler.ClusterRecords.Run;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Invariant 5 over a cluster's outbox: each business key of a job key takes effect at the consumer exactly once. The
 * kit's outbox stands for the consumer's effects (a consumer applies each message it is handed), so a business key with
 * two stored messages took effect twice, and an emit the outbox acknowledged whose business key has no message took
 * none.
 */
final class OutboxVerdict {

    private OutboxVerdict() {
    }

    /** The findings, business keys in the order their first message was stored, then acknowledged emits that took no effect. */
    static List<ClusterFinding> findings(List<Run> runs, List<Emit> emits, List<OutboxRow> outbox, List<NemesisAction> log) {
        Map<Long, Run> byId = runs.stream().collect(Collectors.toMap(Run::id, Function.identity(), (a, b) -> a));
        Map<List<String>, List<OutboxRow>> effects = outbox.stream().sorted(Comparator.comparingLong(OutboxRow::id))
                .collect(Collectors.groupingBy(r -> List.of(r.jobKey(), r.businessKey()), LinkedHashMap::new,
                        Collectors.toList()));
        List<ClusterFinding> out = new ArrayList<>();
        effects.forEach((key, rows) -> {
            if (rows.size() > 1) {
                out.add(twice(key.get(0), key.get(1), rows, byId, emits, log));
            }
        });
        for (Emit emit : emits) {
            Run run = byId.get(emit.runId());
            if (emit.accepted() && run != null && !effects.containsKey(List.of(run.jobKey(), emit.businessKey()))) {
                out.add(new ClusterFinding(Kind.EXACTLY_ONCE_EFFECT, run.jobKey(), List.of(run.id()), "business key "
                        + emit.businessKey() + " never took effect, though " + ClusterVerdict.whoIn(run, emit.invoke(), log)
                        + ", had its emit acknowledged (" + emit.answer() + "): the acknowledged message was lost"));
            }
        }
        return out;
    }

    /**
     * "business key K took effect twice: by node 1, paused 9.8 s in run 14 of job J with token 3, and by node 2's run 15
     * with token 4".
     */
    private static ClusterFinding twice(String jobKey, String businessKey, List<OutboxRow> rows, Map<Long, Run> runs,
                                        List<Emit> emits, List<NemesisAction> log) {
        // the faulty one first: the lowest token's message, which a newer firing's run should have kept out
        List<OutboxRow> ordered = rows.stream().sorted(Comparator.comparingLong(OutboxRow::token).thenComparingLong(OutboxRow::id))
                .toList();
        List<String> by = new ArrayList<>();
        for (int i = 0; i < ordered.size(); i++) {
            by.add("by " + storer(ordered.get(i), runs, emits, log, i == 0));
        }
        String times = ordered.size() == 2 ? "twice" : ordered.size() + " times";
        String named = by.size() == 2 ? by.get(0) + ", and " + by.get(1)
                : String.join(", ", by.subList(0, by.size() - 1)) + ", and " + by.getLast();
        List<Long> runIds = ordered.stream().map(OutboxRow::runId).distinct().toList();
        return new ClusterFinding(Kind.EXACTLY_ONCE_EFFECT, jobKey, runIds, "business key " + businessKey + " took effect " + times
                + ": " + named);
    }

    /** The run that stored a message, named in full the first time and briefly after, with its pause before its emit. */
    private static String storer(OutboxRow row, Map<Long, Run> runs, List<Emit> emits, List<NemesisAction> log, boolean first) {
        Run run = runs.get(row.runId());
        if (run == null) {
            return "run " + row.runId() + " with token " + row.token() + ", which no recorded run is";
        }
        long until = emits.stream().filter(e -> e.runId() == run.id() && e.businessKey().equals(row.businessKey()))
                .mapToLong(Emit::invoke).min().orElse(row.at());
        String pauses = ClusterVerdict.pausesIn(run, until, log);
        if (first) {
            return ClusterVerdict.whoIn(run, until, log);
        }
        return pauses.isEmpty() ? "node " + run.node() + "'s run " + run.id() + " with token " + run.token()
                : "node " + run.node() + ", " + pauses + " in run " + run.id() + " with token " + run.token();
    }
}
