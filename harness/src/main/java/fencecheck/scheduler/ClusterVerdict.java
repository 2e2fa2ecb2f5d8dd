package fencecheck.scheduler;

import fencecheck.nodes.NemesisAction;
import fencecheck.check.RealTimeHistory;
import fencecheck.scheduler.ClusterFinding.Kind;
import fencecheck.scheduler.ClusterRecords.Emit;
import fencecheck.scheduler.ClusterRecords.FinalRow;
import fencecheck.scheduler.ClusterRecords.Firing;
import fencecheck.scheduler.ClusterRecords.OutboxRow;
import fencecheck.scheduler.ClusterRecords.Run;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * A cluster run judged on its results, per job key: invariant 1 (no stale acceptance), invariant 4 (no acknowledged
 * write lost), invariant 5 (each outbox business key takes effect exactly once, {@link OutboxVerdict}), and runs that
 * overlapped on the database's clock (a note, a finding where the adapter claims exclusive execution). Each finding is
 * one sentence naming the node, its pause, the runs and their tokens; the history draws the runs as the report draws a
 * real-time run.
 */
public record ClusterVerdict(List<ClusterFinding> findings, List<ClusterFinding> notes, RealTimeHistory history) {

    public ClusterVerdict {
        findings = List.copyOf(findings);
        notes = List.copyOf(notes);
    }

    public boolean passed() {
        return findings.isEmpty();
    }

    public static ClusterVerdict of(ClusterRecords records, List<NemesisAction> nemesisLog, ClusterClaims claims) {
        return of(records.runs(), records.firings(), records.finalRows(), records.emits(), records.outbox(), nemesisLog, claims);
    }

    /** The verdict of runs that emitted nothing. */
    public static ClusterVerdict of(List<Run> runs, List<Firing> firings, List<FinalRow> finalRows, List<NemesisAction> nemesisLog,
                                    ClusterClaims claims) {
        return of(runs, firings, finalRows, List.of(), List.of(), nemesisLog, claims);
    }

    public static ClusterVerdict of(List<Run> runs, List<Firing> firings, List<FinalRow> finalRows, List<Emit> emits,
                                    List<OutboxRow> outbox, List<NemesisAction> nemesisLog, ClusterClaims claims) {
        Map<String, List<Run>> byKey = runs.stream().collect(Collectors.groupingBy(Run::jobKey, TreeMap::new, Collectors.toList()));
        Map<String, FinalRow> rows = finalRows.stream().collect(Collectors.toMap(FinalRow::jobKey, r -> r));
        Map<String, List<Firing>> firingsByKey = firings.stream().collect(Collectors.groupingBy(Firing::jobKey));
        List<ClusterFinding> findings = new ArrayList<>();
        List<ClusterFinding> notes = new ArrayList<>();
        byKey.forEach((key, ofKey) -> {
            ofKey.sort(Comparator.comparingLong(Run::start).thenComparingLong(Run::id));
            staleAcceptances(ofKey, firingsByKey.getOrDefault(key, List.of()), nemesisLog, findings);
            lostWrite(key, ofKey, rows.get(key), nemesisLog).ifPresent(findings::add);
            overlaps(ofKey, nemesisLog, claims.exclusiveExecution() ? findings : notes);
        });
        findings.addAll(OutboxVerdict.findings(runs, emits, outbox, nemesisLog));
        return new ClusterVerdict(findings, notes, ClusterHistory.of(runs, firings, finalRows, emits, nemesisLog));
    }

    /**
     * Invariant 1: an accepted write whose token is below one already accepted for its key (written before it was
     * invoked), or, at a current-fence sink, below one granted before it was invoked (the firing's instant is read after
     * its fence row was taken, so a write that reads the fence later waits for the firing and sees its token).
     */
    private static void staleAcceptances(List<Run> ofKey, List<Firing> firings, List<NemesisAction> log, List<ClusterFinding> out) {
        for (Run run : ofKey) {
            if (run.write() == null || !run.write().accepted()) {
                continue;
            }
            long invoke = run.write().invoke();
            Optional<Run> newer = ofKey.stream()
                    .filter(o -> o.write() != null && o.write().accepted() && o.token() > run.token()
                            && o.write().complete() != null && o.write().complete() < invoke)
                    .max(Comparator.comparingLong(Run::token));
            if (newer.isPresent()) {
                Run other = newer.get();
                out.add(new ClusterFinding(Kind.STALE_ACCEPTANCE, run.jobKey(), List.of(run.id(), other.id()),
                        whoIn(run, log) + ", wrote after node " + other.node() + "'s run " + other.id() + " with token "
                                + other.token() + " had written: " + run.write().answer()));
                continue;
            }
            if ("fenced".equals(run.write().sink())) {
                firings.stream().filter(f -> f.token() > run.token() && f.at() < invoke).max(Comparator.comparingLong(Firing::token))
                        .ifPresent(f -> out.add(new ClusterFinding(Kind.STALE_ACCEPTANCE, run.jobKey(), List.of(run.id()),
                                whoIn(run, log) + ", wrote after firing " + f.firingId() + " was granted token " + f.token()
                                        + ": " + run.write().answer())));
            }
        }
    }

    /** Invariant 4: the key ends with its highest-token acknowledged write's result (or a higher token's). */
    private static Optional<ClusterFinding> lostWrite(String key, List<Run> ofKey, FinalRow row, List<NemesisAction> log) {
        Optional<Run> highest = ofKey.stream().filter(r -> r.write() != null && r.write().accepted())
                .max(Comparator.comparingLong(Run::token).thenComparingLong(r -> r.write().invoke()));
        if (highest.isEmpty()) {
            return Optional.empty();
        }
        Run acked = highest.get();
        if (row != null && (row.token() > acked.token()
                || row.token() == acked.token() && row.payload().equals(acked.write().result()))) {
            return Optional.empty();
        }
        String lost = "node " + acked.node() + "'s run " + acked.id() + " with token " + acked.token()
                + " had its write acknowledged (" + acked.write().answer() + ")";
        if (row == null) {
            return Optional.of(new ClusterFinding(Kind.ACKNOWLEDGED_WRITE_LOST, key, List.of(acked.id()),
                    "job " + key + " ends with no result, though " + lost + ": the acknowledged write was lost"));
        }
        Optional<Run> writer = ofKey.stream().filter(r -> r.write() != null && r.token() == row.token()
                && row.payload().equals(r.write().result())).max(Comparator.comparing(r -> r.write().accepted()));
        String by = writer.map(w -> ", written by " + whoIn(w, log)).orElse(", a result no recorded run wrote");
        List<Long> named = writer.map(w -> List.of(w.id(), acked.id())).orElse(List.of(acked.id()));
        return Optional.of(new ClusterFinding(Kind.ACKNOWLEDGED_WRITE_LOST, key, named,
                "job " + key + " ends with token " + row.token() + "'s result" + by + ", though " + lost
                        + ": the acknowledged write was lost"));
    }

    /** Runs of one key whose lives (start to end, or to the last instant a run that never ended recorded) overlapped. */
    private static void overlaps(List<Run> ofKey, List<NemesisAction> log, List<ClusterFinding> out) {
        for (int i = 0; i < ofKey.size(); i++) {
            for (int j = i + 1; j < ofKey.size(); j++) {
                Run a = ofKey.get(i);
                Run b = ofKey.get(j);
                long overlap = Math.min(a.lastKnown(), b.lastKnown()) - Math.max(a.start(), b.start());
                if (overlap > 0) {
                    out.add(new ClusterFinding(Kind.OVERLAPPING_RUNS, a.jobKey(), List.of(a.id(), b.id()),
                            "runs " + a.id() + " (" + nodeIn(a, log) + ", token " + a.token() + ") and " + b.id() + " ("
                                    + nodeIn(b, log) + ", token " + b.token() + ") of job " + a.jobKey() + " overlapped for "
                                    + seconds(overlap) + " on the database's clock"));
                }
            }
        }
    }

    /** "node 1, paused 9.8 s in run 14 of job J with token 3" (without the pause when the nemesis left the run alone). */
    static String whoIn(Run run, List<NemesisAction> log) {
        return whoIn(run, run.write() != null ? run.write().invoke() : run.lastKnown(), log);
    }

    /** The same, with what the nemesis did up to {@code until} (e.g. an emit's invocation). */
    static String whoIn(Run run, long until, List<NemesisAction> log) {
        String pauses = pausesIn(run, until, log);
        return "node " + run.node() + ", " + (pauses.isEmpty() ? "" : pauses + " ") + "in run " + run.id() + " of job " + run.jobKey()
                + " with token " + run.token();
    }

    /** "node 1" or "node 1 paused 9.8 s". */
    private static String nodeIn(Run run, List<NemesisAction> log) {
        String pauses = pausesIn(run, log);
        return "node " + run.node() + (pauses.isEmpty() ? "" : " " + pauses);
    }

    /** What the nemesis did to the run's node while the run lived, up to its write (or its last known instant). */
    static String pausesIn(Run run, List<NemesisAction> log) {
        return pausesIn(run, run.write() != null ? run.write().invoke() : run.lastKnown(), log);
    }

    /** What the nemesis did to the run's node from the run's start up to {@code until}. */
    static String pausesIn(Run run, long until, List<NemesisAction> log) {
        return log.stream().filter(a -> a.node() == run.node() && a.startMicros() < until && a.endMicros() > run.start())
                .map(NemesisAction::what).collect(Collectors.joining(" and "));
    }

    static String seconds(long micros) {
        // an overlap of a few milliseconds would read "0.0 s"
        return micros < 100_000 ? String.format(Locale.ROOT, "%d ms", Math.max(1, micros / 1_000))
                : String.format(Locale.ROOT, "%.1f s", micros / 1e6);
    }
}
