package fencecheck.check;

import fencecheck.api.KeyState;
import fencecheck.api.Lease;
import fencecheck.api.ModelConfig;
import fencecheck.api.Outcome;
import fencecheck.api.Outcome.Applied;
import fencecheck.api.Outcome.Busy;
import fencecheck.api.Outcome.Granted;
import fencecheck.api.Outcome.Renewed;
import fencecheck.api.SinkKind;
import fencecheck.api.StoredResult;
import fencecheck.model.Command;
import fencecheck.model.Command.Acquire;
import fencecheck.model.Command.Write;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Real-time verdicts as a reader meets them: no false alarm from an answer that was lost but whose
 * effect later answers reveal, a shrunk history that keeps the cause, and one time base.
 */
class RealTimeFindingsTest {

    private static final ModelConfig REFERENCE = ModelConfig.reference();
    /** The run's start on the server's clock: instants in messages count from here. */
    private static final long START = 1_795_000_000_000_000L;
    private static final long TTL = 100_000;

    private final List<TimedOperation> ops = new ArrayList<>();

    private void op(String process, Command c, double invokeMillis, double completeMillis, Outcome outcome) {
        ops.add(new TimedOperation(ops.size() + 1, process, c, START + (long) (invokeMillis * 1_000), START + (long) (completeMillis * 1_000),
                outcome, ""));
    }

    private RealTimeHistory history(Map<String, KeyState> finalRows) {
        return new RealTimeHistory(ops, finalRows, List.of(), START, 100);
    }

    private static long at(double millis) {
        return START + (long) (millis * 1_000);
    }

    /**
     * The false alarm: w2's acquire of K2 loses its answer ([970.150, 1075.238] ms) after w1.2's lease of token 8 ran
     * out, and w1.2's write with token 9 (a number it made up) is Applied inside that interval. The lost acquire
     * granted token 9 before the write, and the write's acceptance says so: linearizable, and no invariant broken.
     */
    @Test
    void aLostGrantThatALaterAnswerRevealsIsNoForgedToken() {
        for (int token = 1; token <= 8; token++) {
            String owner = token == 8 ? "w1.2" : "w" + (token % 2 + 1);
            double from = (token - 1) * 110.0;
            op(owner, new Acquire("K2", owner, TTL), from, from + 1, new Granted(token, at(from + 0.5) + TTL));
        }
        op("w2", new Acquire("K2", "w2", TTL), 970.150, 1075.238, null);
        op("w1.2", new Write(SinkKind.LATEST_TOKEN_WINS, "K2", 9, "w1.2-1", "w1.2#1"), 970.405, 974.953, new Applied());
        KeyState end = new KeyState(new Lease("w2", at(1000) + TTL, 9), new StoredResult(9, "w1.2#1"), new TreeMap<>());
        RealTimeVerdict verdict = RealTimeVerdict.of(history(Map.of("K2", end)), REFERENCE, 100_000);
        assertThat(verdict.passed()).as(verdict.sentence()).isTrue();
    }

    /**
     * A campaign's false alarm: w3's acquire loses its answer ([521.642, 644.350] ms, 299 ms asked), and w3's next
     * acquire is handed the same lease back, ending at 821.123 ms: 299 ms after an instant of the lost one, not 95
     * ms after its own. The lost grant ended its lease there, and the re-grant is no second grant of its token.
     */
    @Test
    void aReGrantTellsWhereALostGrantEndedItsLease() {
        op("w3", new Acquire("K1", "w3", 299_000), 521.642, 644.350, null);
        op("w3", new Acquire("K1", "w3", 95_000), 684.554, 696.820, new Granted(1, at(821.123)));
        RealTimeVerdict verdict = RealTimeVerdict.of(history(Map.of()), REFERENCE, 100_000);
        assertThat(verdict.passed()).as(verdict.sentence()).isTrue();
    }

    /** A lost write that took effect, then superseded an acknowledged one of a lower token: no acknowledged write lost. */
    @Test
    void aLostWriteThatSupersededAnAcknowledgedOneIsRead() {
        op("w1", new Acquire("K1", "w1", TTL), 0, 1, new Granted(1, at(0.5) + TTL));
        op("w1", new Write(SinkKind.LATEST_TOKEN_WINS, "K1", 1, "w1-1", "a"), 2, 3, new Applied());
        op("w2", new Acquire("K1", "w2", TTL), 150, 151, new Granted(2, at(150.5) + TTL));
        op("w2", new Write(SinkKind.LATEST_TOKEN_WINS, "K1", 2, "w2-1", "b"), 152, 160, null);
        KeyState end = new KeyState(new Lease("w2", at(150.5) + TTL, 2), new StoredResult(2, "b"), new TreeMap<>());
        RealTimeVerdict verdict = RealTimeVerdict.of(history(Map.of("K1", end)), REFERENCE, 100_000);
        assertThat(verdict.passed()).as(verdict.sentence()).isTrue();
    }

    /**
     * A lock whose owner value is shared between executions: w1's late renewal of its expired token 1 lengthens the
     * lock w2 took over with token 2, and is answered Renewed. Dropping w2's grant would leave "a renewal after
     * expiry answered Renewed", another bug: the shrunk history keeps it, and the verdict names it as the cause.
     * w1's own grant can go: the history then starts from token 1, granted before it.
     */
    @Test
    void shrinkingKeepsTheGrantWhoseLeaseALateRenewalTouched() {
        op("w1", new Acquire("K1", "w1", TTL), 0, 1, new Granted(1, at(0.5) + TTL));
        op("w3", new Acquire("K1", "w3", TTL), 10, 11, new Busy());
        op("w1", new Write(SinkKind.CURRENT_FENCE, "K1", 1, "w1-1", "a"), 20, 21, new Applied());
        op("w2", new Acquire("K1", "w2", TTL), 150, 151, new Granted(2, at(150.5) + TTL));
        op("w2", new Write(SinkKind.CURRENT_FENCE, "K1", 2, "w2-1", "b"), 160, 161, new Applied());
        op("w3", new Acquire("K1", "w3", TTL), 170, 171, new Busy());
        op("w1", new Command.Renew("K1", "w1", 1, TTL), 180, 181, new Renewed(at(180.5) + TTL));
        op("w3", new Acquire("K1", "w3", TTL), 190, 191, new Busy());
        RealTimeVerdict full = RealTimeVerdict.of(history(Map.of()), REFERENCE, 100_000);
        assertThat(full.passed()).isFalse();
        HistoryShrinker.Shrunk shrunk = HistoryShrinker.shrink(history(Map.of()), h -> RealTimeVerdict.of(h, REFERENCE, 100_000), 10_000);
        assertThat(shrunk.verdict().signature()).isEqualTo(full.signature());
        assertThat(shrunk.history().operations()).extracting(TimedOperation::id).containsExactly(4, 7);
        assertThat(shrunk.history().startRowsOf("K1").lease().token()).isEqualTo(1);
        assertThat(shrunk.verdict().cause()).containsExactly(7, 4);
        assertThat(shrunk.verdict().sentence()).contains("the lease of token 2 held by w2, granted by operation 4");
    }

    /**
     * A lock whose renew matches the owner alone, found free: w2 took the key over from w1 and released it while w1's
     * late renewal of token 1 was under way, and the renewal was answered Renewed. Without w2's release the history
     * fails the same way, so shrinking drops it; it is put back, as what the renewal's answer met. Another worker's
     * Busy and a write, which change nothing the renewal reads, stay out.
     */
    @Test
    void shrinkingPutsBackAnotherWorkersOverlappingReleaseThatTheFailingAnswerMet() {
        op("w1", new Acquire("K1", "w1", TTL), 0, 1, new Granted(1, at(0.5) + TTL));
        op("w2", new Acquire("K1", "w2", TTL), 150, 151, new Granted(2, at(150.5) + TTL));
        op("w2", new Write(SinkKind.CURRENT_FENCE, "K1", 2, "w2-1", "b"), 160, 161, new Applied());
        op("w2", new Command.Release("K1", "w2", 2), 200, 260, new Outcome.Released());
        op("w3", new Acquire("K1", "w3", TTL), 240, 262, new Busy());
        op("w1", new Command.Renew("K1", "w1", 1, TTL), 250, 255, new Renewed(at(254) + TTL));
        op("w2", new Write(SinkKind.LATEST_TOKEN_WINS, "K1", 2, "w2-2", "c"), 251, 253, new Applied());
        RealTimeVerdict full = RealTimeVerdict.of(history(Map.of()), REFERENCE, 100_000);
        assertThat(full.failingOperation()).as(full.sentence()).isEqualTo(6);

        HistoryShrinker.Shrunk shrunk = HistoryShrinker.shrink(history(Map.of()), h -> RealTimeVerdict.of(h, REFERENCE, 100_000), 10_000);

        assertThat(shrunk.verdict().signature()).isEqualTo(full.signature());
        assertThat(shrunk.overlapping()).containsExactly(4);
        assertThat(shrunk.history().operations()).as(shrunk.verdict().sentence()).extracting(TimedOperation::id)
                .contains(2, 4, 6).doesNotContain(5, 7);
    }

    /**
     * A latest-token sink that lets an equal token overwrite: w1's second result under token 1 is Applied where the
     * model says Conflict. The refusal is judged against the stored result too, so the write that stored it stays in
     * the shrunk history with the grant, and the noise around them goes.
     */
    @Test
    void aWriteIsShrunkWithTheWriteWhoseResultItMet() {
        op("w1", new Acquire("K1", "w1", TTL), 0, 1, new Granted(1, at(0.5) + TTL));
        for (int i = 0; i < 10; i++) {
            op("w2", new Acquire("K1", "w2", TTL), 2 + i, 2.5 + i, new Busy());
            op("w1", new Write(SinkKind.CURRENT_FENCE, "K1", 1, "f" + i, "f" + i), 2.6 + i, 2.9 + i, new Applied());
        }
        op("w1", new Write(SinkKind.LATEST_TOKEN_WINS, "K1", 1, "w1-1", "a"), 20, 21, new Applied());
        op("w2", new Acquire("K1", "w2", TTL), 22, 23, new Busy());
        op("w1", new Write(SinkKind.LATEST_TOKEN_WINS, "K1", 1, "w1-2", "b"), 30, 31, new Applied());
        RealTimeVerdict full = RealTimeVerdict.of(history(Map.of()), REFERENCE, 100_000);
        HistoryShrinker.Shrunk shrunk = HistoryShrinker.shrink(history(Map.of()), h -> RealTimeVerdict.of(h, REFERENCE, 100_000), 10_000);
        assertThat(shrunk.verdict().signature()).isEqualTo(full.signature());
        assertThat(shrunk.history().operations()).extracting(TimedOperation::id).containsExactly(1, 22, 24);
        assertThat(shrunk.verdict().cause()).containsExactly(24, 1, 22);
        assertThat(shrunk.verdict().sentence()).contains("the stored result written by operation 22");
    }

    /**
     * A holder renews its lease again and again, and then another worker is granted the key while it still holds:
     * the renewals that kept the lease alive before the last one can go, the history starting from the lease the
     * answer before that last renewal showed.
     */
    @Test
    void aLongChainOfRenewalsGoesAndTheHistoryStartsFromTheLeaseAnAnswerShowed() {
        op("w1", new Acquire("K1", "w1", TTL), 0, 1, new Granted(1, at(0.5) + TTL));
        for (int i = 1; i <= 12; i++) {
            op("w1", new Command.Renew("K1", "w1", 1, TTL), 50.0 * i, 50.0 * i + 1, new Renewed(at(50.0 * i + 0.5) + TTL));
        }
        op("w2", new Acquire("K1", "w2", TTL), 640, 641, new Granted(2, at(640.5) + TTL));
        RealTimeVerdict full = RealTimeVerdict.of(history(Map.of()), REFERENCE, 100_000);
        HistoryShrinker.Shrunk shrunk = HistoryShrinker.shrink(history(Map.of()), h -> RealTimeVerdict.of(h, REFERENCE, 100_000), 10_000);
        assertThat(shrunk.verdict().signature()).isEqualTo(full.signature());
        // the last renewal and the grant it did not stop; the renewal before it answered the lease they start from
        assertThat(shrunk.history().operations()).as(RealTimeVerdict.class.getSimpleName() + ": " + shrunk.verdict().sentence())
                .extracting(TimedOperation::id).containsExactly(13, 14);
        assertThat(shrunk.history().startRowsOf("K1").lease()).isEqualTo(new Lease("w1", at(550.5) + TTL, 1));
        assertThat(shrunk.history().startInWords("K1"))
                .isEqualTo("K1 starts from the lease of token 1 held by w1 until 650.500 ms, as an answer left out of this history showed");
    }

    /** Every instant in a real-time message counts from the run's start: never from the virtual clock's origin, never negative. */
    @Test
    void messagesCountTimeFromTheRunsStart() {
        op("w1", new Acquire("K1", "w1", TTL), 0, 1, new Granted(1, at(0.5) + TTL));
        op("w2", new Acquire("K1", "w2", TTL), 50, 51, new Granted(2, at(50.5) + TTL));
        RealTimeVerdict verdict = RealTimeVerdict.of(history(Map.of()), REFERENCE, 100_000);
        String words = verdict.sentence() + " " + verdict.violations();
        assertThat(verdict.violations()).isNotEmpty();
        assertThat(words).contains("until 100.500 ms").doesNotContain("-");
    }
}
