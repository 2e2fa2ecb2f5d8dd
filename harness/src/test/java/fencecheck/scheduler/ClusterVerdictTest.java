package fencecheck.scheduler;

import fencecheck.nodes.NemesisAction;
import fencecheck.api.KeyState;
import fencecheck.api.Outcome;
import fencecheck.api.SinkKind;
import fencecheck.api.StoredResult;
import fencecheck.check.RealTimeHistory;
import fencecheck.check.TimedOperation;
import fencecheck.model.Command;
import fencecheck.scheduler.ClusterFinding.Kind;
import fencecheck.scheduler.ClusterRecords.Emit;
import fencecheck.scheduler.ClusterRecords.FinalRow;
import fencecheck.scheduler.ClusterRecords.Firing;
import fencecheck.scheduler.ClusterRecords.OutboxRow;
import fencecheck.scheduler.ClusterRecords.Run;
import fencecheck.scheduler.ClusterRecords.RunWrite;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/** The article's scenario, crafted: node 1 paused in run 14 past the scheduler's detection, node 2's run 15 recovers the job. */
class ClusterVerdictTest {

    private static final long T = 1_000_000_000L;
    private static final ClusterClaims NO_CLAIM = new ClusterClaims(false);
    private static final ClusterClaims EXCLUSIVE = new ClusterClaims(true);

    private static final List<Firing> FIRINGS = List.of(new Firing("J", "n1-14", 3, at(0.0)), new Firing("J", "n2-15", 4, at(8.0)));
    private static final List<NemesisAction> PAUSE = List.of(new NemesisAction(1, "paused 9.8 s", at(0.2), at(10.0)));
    private static final Run RUN_15 = new Run(15, 2, "J", "n2-15", 4, at(8.1), write("latest", "r15", 8.2, "Applied", 8.3), at(8.4));

    @Test
    void aPausedRunsLatePlainUpsertIsAStaleAcceptanceAndLosesTheRecoveredRunsResult() {
        Run late = new Run(14, 1, "J", "n1-14", 3, at(0.1), write("unfenced", "r14", 10.1, "Applied", 10.2), at(10.3));
        Run recovered = new Run(15, 2, "J", "n2-15", 4, at(8.1), write("unfenced", "r15", 8.2, "Applied", 8.3), at(8.4));

        ClusterVerdict verdict = ClusterVerdict.of(List.of(late, recovered), FIRINGS, List.of(new FinalRow("J", 3, "r14")), PAUSE, NO_CLAIM);

        assertThat(verdict.passed()).isFalse();
        assertThat(verdict.findings()).containsExactly(
                new ClusterFinding(Kind.STALE_ACCEPTANCE, "J", List.of(14L, 15L), "node 1, paused 9.8 s in run 14 of job J with"
                        + " token 3, wrote after node 2's run 15 with token 4 had written: Applied"),
                new ClusterFinding(Kind.ACKNOWLEDGED_WRITE_LOST, "J", List.of(14L, 15L), "job J ends with token 3's result, written"
                        + " by node 1, paused 9.8 s in run 14 of job J with token 3, though node 2's run 15 with token 4 had its"
                        + " write acknowledged (Applied): the acknowledged write was lost"));
        assertThat(verdict.notes()).containsExactly(new ClusterFinding(Kind.OVERLAPPING_RUNS, "J", List.of(14L, 15L),
                "runs 14 (node 1 paused 9.8 s, token 3) and 15 (node 2, token 4) of job J overlapped for 0.3 s on the"
                        + " database's clock"));
    }

    @Test
    void withTheKitsSinkTheLateWriteIsRefusedAndTheRunPassesWithItsOverlapNoted() {
        Run late = new Run(14, 1, "J", "n1-14", 3, at(0.1), write("latest", "r14", 10.1, "Stale", 10.2), at(10.3));
        List<FinalRow> rows = List.of(new FinalRow("J", 4, "r15"));

        ClusterVerdict verdict = ClusterVerdict.of(List.of(late, RUN_15), FIRINGS, rows, PAUSE, NO_CLAIM);

        assertThat(verdict.passed()).isTrue();
        assertThat(verdict.notes()).extracting(ClusterFinding::kind).containsExactly(Kind.OVERLAPPING_RUNS);

        ClusterVerdict claimed = ClusterVerdict.of(List.of(late, RUN_15), FIRINGS, rows, PAUSE, EXCLUSIVE);

        assertThat(claimed.passed()).isFalse();
        assertThat(claimed.notes()).isEmpty();
        assertThat(claimed.findings()).extracting(ClusterFinding::kind).containsExactly(Kind.OVERLAPPING_RUNS);
        assertThat(claimed.findings().getFirst().words()).isEqualTo(verdict.notes().getFirst().words());
    }

    @Test
    void anOverlapOfAFewMillisecondsSaysSoInMilliseconds() {
        Run first = new Run(14, 1, "J", "n1-14", 3, at(0.1), write("latest", "r14", 0.2, "Applied", 0.3), at(8.105));
        Run second = new Run(15, 2, "J", "n2-15", 4, at(8.1), write("latest", "r15", 8.2, "Applied", 8.3), at(8.4));

        ClusterVerdict verdict = ClusterVerdict.of(List.of(first, second), FIRINGS, List.of(new FinalRow("J", 4, "r15")), List.of(),
                NO_CLAIM);

        assertThat(verdict.notes()).singleElement().extracting(ClusterFinding::words).asString()
                .endsWith("overlapped for 5 ms on the database's clock");
    }

    @Test
    void aCleanRunPassesWithNothingToNote() {
        Run first = new Run(14, 1, "J", "n1-14", 3, at(0.1), write("latest", "r14", 0.2, "Applied", 0.3), at(0.4));
        Run second = new Run(15, 2, "J", "n2-15", 4, at(8.1), write("latest", "r15", 8.2, "Applied", 8.3), at(8.4));

        ClusterVerdict verdict = ClusterVerdict.of(List.of(first, second), FIRINGS, List.of(new FinalRow("J", 4, "r15")), List.of(),
                EXCLUSIVE);

        assertThat(verdict.findings()).isEmpty();
        assertThat(verdict.notes()).isEmpty();
    }

    @Test
    void aLateWriteThatOverlappedTheNewerOneIsNoStaleAcceptanceButItsLossIsFound() {
        // invoked before run 15's write was answered: not after it, so invariant 1 cannot say which came first
        Run late = new Run(14, 1, "J", "n1-14", 3, at(0.1), write("unfenced", "r14", 8.25, "Applied", 8.35), at(8.5));
        Run recovered = new Run(15, 2, "J", "n2-15", 4, at(8.1), write("unfenced", "r15", 8.2, "Applied", 8.3), at(8.4));

        ClusterVerdict verdict = ClusterVerdict.of(List.of(late, recovered), FIRINGS, List.of(new FinalRow("J", 3, "r14")), PAUSE,
                NO_CLAIM);

        assertThat(verdict.findings()).extracting(ClusterFinding::kind).containsExactly(Kind.ACKNOWLEDGED_WRITE_LOST);
    }

    @Test
    void aWriteAcceptedAtTheCurrentFenceAfterANewerFiringIsAStaleAcceptance() {
        Run late = new Run(14, 1, "J", "n1-14", 3, at(0.1), write("fenced", "r14", 10.1, "Applied", 10.2), at(10.3));

        ClusterVerdict verdict = ClusterVerdict.of(List.of(late), FIRINGS, List.of(), PAUSE, NO_CLAIM);

        assertThat(verdict.findings()).extracting(ClusterFinding::words).containsExactly(
                "node 1, paused 9.8 s in run 14 of job J with token 3, wrote after firing n2-15 was granted token 4: Applied",
                "job J ends with no result, though node 1's run 14 with token 3 had its write acknowledged (Applied): the"
                        + " acknowledged write was lost");
    }

    @Test
    void aWriteWhoseAnswerWasNeverRecordedIsNeitherAcceptedNorLost() {
        Run killed = new Run(16, 1, "J", "n1-16", 5, at(12.0), write("latest", "r16", 12.1, null, null), null);

        ClusterVerdict verdict = ClusterVerdict.of(List.of(RUN_15, killed), FIRINGS, List.of(new FinalRow("J", 4, "r15")), List.of(),
                EXCLUSIVE);

        assertThat(verdict.findings()).isEmpty();
        TimedOperation unknown = verdict.history().operations().getLast();
        assertThat(unknown.unknown()).isTrue();
        assertThat(unknown.note()).isEqualTo("no answer recorded");
    }

    @Test
    void theHistoryDrawsEachFiringAsAGrantEachWriteWithItsAnswerAndThePauseAsMarks() {
        Run late = new Run(14, 1, "J", "n1-14", 3, at(0.1), write("unfenced", "r14", 10.1, "Applied", 10.2), at(10.3));

        RealTimeHistory history = ClusterVerdict.of(List.of(late, RUN_15), FIRINGS, List.of(new FinalRow("J", 3, "r14")), PAUSE,
                NO_CLAIM).history();

        assertThat(history.operations()).extracting(TimedOperation::id, TimedOperation::process, TimedOperation::command,
                        TimedOperation::outcome)
                .containsExactly(
                        tuple(1, "node1", new Command.Acquire("J", "node1", at(10.3) - at(0.0)),
                                new Outcome.Granted(3, at(10.3))),
                        tuple(2, "node2", new Command.Acquire("J", "node2", at(8.4) - at(8.0)),
                                new Outcome.Granted(4, at(8.4))),
                        tuple(3, "node2", new Command.Write(SinkKind.LATEST_TOKEN_WINS, "J",
                                4, "run-15", "r15"), new Outcome.Applied()),
                        tuple(4, "node1", new Command.Write(SinkKind.LATEST_TOKEN_WINS, "J",
                                3, "run-14", "r14"), new Outcome.Applied()));
        assertThat(history.operations().getLast().note()).isEqualTo("a plain upsert, no token checked; paused 9.8 s");
        assertThat(history.marks()).containsExactly(new RealTimeHistory.Mark("node1", at(0.2), "paused 9.8 s"),
                new RealTimeHistory.Mark("node1", at(10.0), "resumed"));
        assertThat(history.finalRows()).containsEntry("J", KeyState.EMPTY.withLatest(new StoredResult(3, "r14")));
        assertThat(history.start()).isEqualTo(at(0.0));
        assertThat(history.uncertainty()).isZero();
    }

    @Test
    void aBusinessKeyBothThePausedRunAndItsSuccessorStoredTookEffectTwice() {
        // the successor emits the firing's business key at 8.2 s; the paused run, resumed, emits it again at 10.1 s
        Run late = new Run(14, 1, "J", "n1-14", 3, at(0.1), null, at(10.3));
        List<Emit> emits = List.of(new Emit(1, 15, "K", "unfenced", "m", at(8.2), "Applied", at(8.3)),
                new Emit(2, 14, "K", "unfenced", "m", at(10.1), "Applied", at(10.2)));
        List<OutboxRow> outbox = List.of(new OutboxRow(1, "J", "K", 4, "m", 15, false, at(8.25)),
                new OutboxRow(2, "J", "K", 3, "m", 14, false, at(10.15)));

        ClusterVerdict verdict = ClusterVerdict.of(List.of(late, RUN_15), FIRINGS, List.of(new FinalRow("J", 4, "r15")), emits, outbox,
                PAUSE, NO_CLAIM);

        assertThat(verdict.findings()).containsExactly(new ClusterFinding(Kind.EXACTLY_ONCE_EFFECT, "J", List.of(14L, 15L),
                "business key K took effect twice: by node 1, paused 9.8 s in run 14 of job J with token 3, and by node 2's run 15"
                        + " with token 4"));
    }

    @Test
    void aKeyStoredThreeTimesNamesEveryRun() {
        Run third = new Run(16, 3, "J", "n3-16", 5, at(9.0), null, at(9.5));
        List<OutboxRow> outbox = List.of(new OutboxRow(1, "J", "K", 4, "m", 15, false, at(8.25)),
                new OutboxRow(2, "J", "K", 5, "m", 16, false, at(9.2)), new OutboxRow(3, "J", "K", 3, "m", 14, false, at(10.15)));
        Run late = new Run(14, 1, "J", "n1-14", 3, at(0.1), null, at(10.3));

        ClusterVerdict verdict = ClusterVerdict.of(List.of(late, RUN_15, third), FIRINGS, List.of(new FinalRow("J", 4, "r15")), List.of(),
                outbox, PAUSE, NO_CLAIM);

        assertThat(verdict.findings()).extracting(ClusterFinding::kind, ClusterFinding::runs, ClusterFinding::words)
                .containsExactly(tuple(Kind.EXACTLY_ONCE_EFFECT, List.of(14L, 15L, 16L), "business key K took effect 3 times: by"
                        + " node 1, paused 9.8 s in run 14 of job J with token 3, by node 2's run 15 with token 4, and by node 3's"
                        + " run 16 with token 5"));
    }

    @Test
    void anAcknowledgedEmitWhoseBusinessKeyHasNoEffectIsFound() {
        List<Emit> emits = List.of(new Emit(1, 15, "K", "outbox", "m", at(8.2), "Applied", at(8.3)));

        ClusterVerdict verdict = ClusterVerdict.of(List.of(RUN_15), FIRINGS, List.of(new FinalRow("J", 4, "r15")), emits, List.of(),
                List.of(), NO_CLAIM);

        assertThat(verdict.findings()).containsExactly(new ClusterFinding(Kind.EXACTLY_ONCE_EFFECT, "J", List.of(15L),
                "business key K never took effect, though node 2, in run 15 of job J with token 4, had its emit acknowledged"
                        + " (Applied): the acknowledged message was lost"));
    }

    @Test
    void withTheFencedOutboxTheLateEmitIsRefusedAndEachKeyTakesEffectOnce() {
        Run late = new Run(14, 1, "J", "n1-14", 3, at(0.1), write("latest", "r14", 10.1, "Stale", 10.2), at(10.3));
        List<Emit> emits = List.of(new Emit(1, 15, "K", "outbox", "m", at(8.2), "Applied", at(8.3)),
                new Emit(2, 14, "K", "outbox", "m", at(10.15), "Stale", at(10.25)),
                // a stale emit or one never answered is no acknowledged one: no effect is owed
                new Emit(3, 14, "L", "outbox", "m", at(10.26), "Stale", at(10.27)),
                new Emit(4, 15, "M", "outbox", "m", at(8.35), null, null));
        List<OutboxRow> outbox = List.of(new OutboxRow(1, "J", "K", 4, "m", 15, true, at(8.25)));

        ClusterVerdict verdict = ClusterVerdict.of(List.of(late, RUN_15), FIRINGS, List.of(new FinalRow("J", 4, "r15")), emits, outbox,
                PAUSE, NO_CLAIM);

        assertThat(verdict.passed()).isTrue();
        assertThat(verdict.history().operations()).filteredOn(o -> o.command() instanceof Command.Write w
                        && w.sink() == SinkKind.CURRENT_FENCE)
                .extracting(TimedOperation::process, TimedOperation::command, TimedOperation::outcome, TimedOperation::note)
                .containsExactly(
                        tuple("node2", new Command.Write(SinkKind.CURRENT_FENCE, "J", 4, "run-15 emit K", "m"), new Outcome.Applied(),
                                "outbox message of business key K"),
                        tuple("node2", new Command.Write(SinkKind.CURRENT_FENCE, "J", 4, "run-15 emit M", "m"), null,
                                "outbox message of business key M; no answer recorded"),
                        tuple("node1", new Command.Write(SinkKind.CURRENT_FENCE, "J", 3, "run-14 emit K", "m"), new Outcome.Stale(),
                                "outbox message of business key K; paused 9.8 s"),
                        tuple("node1", new Command.Write(SinkKind.CURRENT_FENCE, "J", 3, "run-14 emit L", "m"), new Outcome.Stale(),
                                "outbox message of business key L; paused 9.8 s"));
    }

    @Test
    void aCleanSequenceOfEmitsPasses() {
        Run first = new Run(14, 1, "J", "n1-14", 3, at(0.1), write("latest", "r14", 0.2, "Applied", 0.3), at(0.4));
        Run second = new Run(15, 2, "J", "n2-15", 4, at(8.1), write("latest", "r15", 8.2, "Applied", 8.3), at(8.4));
        List<Emit> emits = List.of(new Emit(1, 14, "K14", "outbox", "m", at(0.35), "Applied", at(0.36)),
                new Emit(2, 15, "K15", "outbox", "m", at(8.35), "Applied", at(8.36)),
                new Emit(3, 15, "K15", "outbox", "m", at(8.37), "Replayed", at(8.38)));
        List<OutboxRow> outbox = List.of(new OutboxRow(1, "J", "K14", 3, "m", 14, true, at(0.355)),
                new OutboxRow(2, "J", "K15", 4, "m", 15, true, at(8.355)));

        ClusterVerdict verdict = ClusterVerdict.of(List.of(first, second), FIRINGS, List.of(new FinalRow("J", 4, "r15")), emits, outbox,
                List.of(), EXCLUSIVE);

        assertThat(verdict.findings()).isEmpty();
        assertThat(verdict.notes()).isEmpty();
    }

    private static long at(double seconds) {
        return T + Math.round(seconds * 1_000_000);
    }

    private static RunWrite write(String sink, String result, double invoke, String answer, Double complete) {
        return new RunWrite(sink, result, at(invoke), answer, complete == null ? null : at(complete));
    }
}
