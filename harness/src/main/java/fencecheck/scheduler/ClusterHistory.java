package fencecheck.scheduler;

import fencecheck.nodes.NemesisAction;
import fencecheck.api.KeyState;
import fencecheck.api.Outcome;
import fencecheck.api.Outcome.Granted;
import fencecheck.api.SinkKind;
import fencecheck.api.StoredResult;
import fencecheck.check.RealTimeHistory;
import fencecheck.check.RealTimeHistory.Mark;
import fencecheck.check.TimedOperation;
import fencecheck.model.Command;
import fencecheck.scheduler.ClusterRecords.Emit;
import fencecheck.scheduler.ClusterRecords.FinalRow;
import fencecheck.scheduler.ClusterRecords.Firing;
import fencecheck.scheduler.ClusterRecords.Run;
import fencecheck.scheduler.ClusterRecords.RunWrite;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.LongStream;
import java.util.stream.Stream;

/**
 * A cluster run as a real-time history, for the report's timeline: each firing an acquire granted its token (held, as
 * the scheduler sees it, until its run ended), each run's write a write with its answer, each outbox emit a write to the
 * current-fence sink whose result id names the run and the business key (the model's outbox is idempotent by business
 * key as that sink is by result id), the nemesis' actions as marks
 * on their nodes. Every instant was read on the database's clock, so its uncertainty is zero.
 */
final class ClusterHistory {

    /** The process of a firing no run took up. */
    static final String SCHEDULER = "scheduler";

    private ClusterHistory() {
    }

    static String process(int node) {
        return "node" + node;
    }

    /** The result id an emit is drawn with: {@code run-14 emit K}. */
    static String emitId(long runId, String businessKey) {
        return "run-" + runId + " emit " + businessKey;
    }

    static RealTimeHistory of(List<Run> runs, List<Firing> firings, List<FinalRow> finalRows, List<Emit> emits,
                              List<NemesisAction> log) {
        long last = Stream.of(runs.stream().mapToLong(Run::lastKnown), firings.stream().mapToLong(Firing::at),
                        log.stream().mapToLong(NemesisAction::endMicros),
                        emits.stream().mapToLong(e -> e.complete() != null ? e.complete() : e.invoke()))
                .flatMapToLong(s -> s).max().orElse(0);
        List<Pending> pending = new ArrayList<>();
        for (Firing f : firings) {
            Optional<Run> run = runs.stream().filter(r -> r.jobKey().equals(f.jobKey()) && r.firingId().equals(f.firingId())
                    && r.token() == f.token()).findFirst();
            long until = run.map(Run::lastKnown).orElse(f.at());
            String process = run.map(r -> process(r.node())).orElse(SCHEDULER);
            pending.add(new Pending(process, new Command.Acquire(f.jobKey(), process, until - f.at()), f.at(), f.at(),
                    new Granted(f.token(), until), "firing " + f.firingId()));
        }
        for (Run r : runs) {
            RunWrite w = r.write();
            if (w == null) {
                continue;
            }
            SinkKind sink = "fenced".equals(w.sink()) ? SinkKind.CURRENT_FENCE : SinkKind.LATEST_TOKEN_WINS;
            String pauses = ClusterVerdict.pausesIn(r, log);
            String note = String.join("; ", Stream.of("unfenced".equals(w.sink()) ? "a plain upsert, no token checked" : "",
                    pauses, w.answer() == null ? "no answer recorded" : "").filter(s -> !s.isEmpty()).toList());
            pending.add(new Pending(process(r.node()), new Command.Write(sink, r.jobKey(), r.token(), "run-" + r.id(), w.result()),
                    w.invoke(), w.complete() != null ? w.complete() : Math.max(last, w.invoke()), outcome(w.answer()), note));
        }
        for (Emit e : emits) {
            Optional<Run> run = runs.stream().filter(r -> r.id() == e.runId()).findFirst();
            if (run.isEmpty()) {
                continue;
            }
            Run r = run.get();
            String pauses = ClusterVerdict.pausesIn(r, e.invoke(), log);
            String note = String.join("; ", Stream.of("outbox message of business key " + e.businessKey(),
                    "unfenced".equals(e.sink()) ? "a plain insert, no token or business key checked" : "",
                    pauses, e.answer() == null ? "no answer recorded" : "").filter(s -> !s.isEmpty()).toList());
            pending.add(new Pending(process(r.node()), new Command.Write(SinkKind.CURRENT_FENCE, r.jobKey(), r.token(),
                    emitId(r.id(), e.businessKey()), e.payload()), e.invoke(),
                    e.complete() != null ? e.complete() : Math.max(last, e.invoke()), outcome(e.answer()), note));
        }
        pending.sort(Comparator.comparingLong(Pending::invoke).thenComparingLong(Pending::complete));
        List<TimedOperation> operations = new ArrayList<>();
        for (int i = 0; i < pending.size(); i++) {
            Pending p = pending.get(i);
            operations.add(new TimedOperation(i + 1, p.process, p.command, p.invoke, p.complete, p.outcome, p.note));
        }
        List<Mark> marks = new ArrayList<>();
        for (NemesisAction a : log) {
            marks.add(new Mark(process(a.node()), a.startMicros(), a.what()));
            if (a.endMicros() > a.startMicros()) {
                marks.add(new Mark(process(a.node()), a.endMicros(), a.what().startsWith("paused") ? "resumed" : "end of: " + a.what()));
            }
        }
        Map<String, KeyState> rows = new TreeMap<>();
        finalRows.forEach(r -> rows.put(r.jobKey(), KeyState.EMPTY.withLatest(new StoredResult(r.token(), r.payload()))));
        long start = LongStream.concat(pending.stream().mapToLong(Pending::invoke), log.stream().mapToLong(NemesisAction::startMicros))
                .min().orElse(0);
        return new RealTimeHistory(operations, rows, marks, start, 0);
    }

    private record Pending(String process, Command command, long invoke, long complete, Outcome outcome, String note) {
    }

    private static Outcome outcome(String answer) {
        if (answer == null) {
            return null;
        }
        return switch (answer) {
            case "Applied" -> new Outcome.Applied();
            case "Replayed" -> new Outcome.Replayed();
            case "Conflict" -> new Outcome.Conflict();
            case "Stale" -> new Outcome.Stale();
            case "Forged" -> new Outcome.Forged();
            default -> throw new IllegalStateException("a run recorded the unknown answer " + answer);
        };
    }
}
