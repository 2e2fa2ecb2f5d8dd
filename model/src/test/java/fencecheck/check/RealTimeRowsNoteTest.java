package fencecheck.check;

import fencecheck.api.Conformance;
import fencecheck.api.KeyState;
import fencecheck.api.Lease;
import fencecheck.api.ModelConfig;
import fencecheck.api.Outcome;
import fencecheck.api.Outcome.Applied;
import fencecheck.api.Outcome.Granted;
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
 * A real-time history whose every answer is explained, and whose rows read at the end differ from the model's without
 * breaking an invariant (a lease numbered one above the model's, a grant no answer carried), is a note held to safety
 * and a conformance difference held to strict, never a safety finding; rows that lose an acknowledged write still fail.
 */
class RealTimeRowsNoteTest {

    private static final ModelConfig SAFETY = ModelConfig.reference().withConformance(Conformance.SAFETY);
    private static final ModelConfig STRICT = ModelConfig.reference().withConformance(Conformance.STRICT);
    private static final long START = 1_795_000_000_000_000L;
    private static final long TTL = 100_000;

    private final List<TimedOperation> ops = new ArrayList<>();

    private void op(String process, Command c, double invokeMillis, double completeMillis, Outcome outcome) {
        ops.add(new TimedOperation(ops.size() + 1, process, c, START + (long) (invokeMillis * 1_000), START + (long) (completeMillis * 1_000),
                outcome, ""));
    }

    private RealTimeHistory endingWith(KeyState rows) {
        return new RealTimeHistory(ops, Map.of("K1", rows), List.of(), START, 100);
    }

    private static long at(double millis) {
        return START + (long) (millis * 1_000);
    }

    @Test
    void rowsNumberedOneAboveTheModelsAreANoteHeldToSafety() {
        op("w1", new Acquire("K1", "w1", TTL), 0, 1, new Granted(1, at(0.5) + TTL));
        op("w1", new Write(SinkKind.LATEST_TOKEN_WINS, "K1", 1, "w1-1", "a"), 2, 3, new Applied());
        RealTimeHistory history = endingWith(new KeyState(new Lease("w1", at(0.5) + TTL, 2), new StoredResult(1, "a"),
                new TreeMap<>()));
        assertThat(Linearizability.check(history, SAFETY)).as("no order explains the rows").isInstanceOf(Linearizability.NotLinearizable.class);
        assertThat(Linearizability.check(history.withoutFinalRows(), SAFETY)).as("one explains the answers")
                .isInstanceOf(Linearizability.Linearizable.class);

        RealTimeVerdict safety = RealTimeVerdict.of(history, SAFETY, 100_000);
        assertThat(safety.passed()).as(safety.sentence()).isTrue();
        assertThat(safety.rowsDiffer()).isNotNull();
        assertThat(safety.sentence()).contains("but for the rows read at the end, which break none of them (a note)")
                .contains("every answer on K1 is explained, but not the rows read at the end: the database holds lease token 2");

        RealTimeVerdict strict = RealTimeVerdict.of(history, STRICT, 100_000);
        assertThat(strict.passed()).as("strict conformance holds the rows to the model's").isFalse();
        assertThat(strict.rowsDiffer()).isNull();
    }

    /**
     * A revival numbered as a new lease: w1's renew after its lease ran out revives it, and the lease row takes token 2,
     * which no answer carries. w1's write with token 2, a number it made up, is accepted: the fence is 2. Nobody holds
     * token 2, so held to safety that is a note, not a token never granted; strict conformance refuses it.
     */
    @Test
    void aMadeUpTokenAcceptedUnderAFenceNoAnswerToldOfIsANoteHeldToSafety() {
        op("w1", new Acquire("K1", "w1", TTL), 0, 1, new Granted(1, at(0.5) + TTL));
        op("w1", new Command.Renew("K1", "w1", 1, TTL), 200, 201, new Outcome.Renewed(at(200.5) + TTL));
        op("w1", new Write(SinkKind.CURRENT_FENCE, "K1", 2, "w1-1", "made up"), 210, 211, new Applied());
        TreeMap<String, StoredResult> fenced = new TreeMap<>(Map.of("w1-1", new StoredResult(2, "made up")));
        RealTimeHistory history = endingWith(new KeyState(new Lease("w1", at(200.5) + TTL, 2), null, fenced));

        RealTimeVerdict safety = RealTimeVerdict.of(history, SAFETY, 100_000);
        assertThat(safety.passed()).as(safety.sentence()).isTrue();
        assertThat(safety.madeUp()).singleElement().satisfies(m -> {
            assertThat(m.operation()).isEqualTo(3);
            assertThat(m.difference()).isEqualTo("token 2, made up above every token a worker was told of (1), was accepted: the rows"
                    + " read at the end hold fence 2, set by a grant no answer carried, so no real process holds this token");
        });
        assertThat(RealTimeVerdict.of(history, STRICT, 100_000).passed()).isFalse();
    }

    /** The same write, where the rows read at the end keep the fence a worker was told of: the sink took a token above it. */
    @Test
    void aMadeUpTokenAcceptedAboveAFenceAWorkerWasToldOfFailsHeldToSafety() {
        op("w1", new Acquire("K1", "w1", TTL), 0, 1, new Granted(1, at(0.5) + TTL));
        op("w1", new Write(SinkKind.CURRENT_FENCE, "K1", 2, "w1-1", "made up"), 10, 11, new Applied());
        TreeMap<String, StoredResult> fenced = new TreeMap<>(Map.of("w1-1", new StoredResult(2, "made up")));
        RealTimeHistory history = endingWith(new KeyState(new Lease("w1", at(0.5) + TTL, 1), null, fenced));

        RealTimeVerdict safety = RealTimeVerdict.of(history, SAFETY, 100_000);
        assertThat(safety.passed()).as(safety.sentence()).isFalse();
        assertThat(safety.madeUp()).isEmpty();
    }

    @Test
    void rowsThatLoseAnAcknowledgedWriteFailHeldToSafety() {
        op("w1", new Acquire("K1", "w1", TTL), 0, 1, new Granted(1, at(0.5) + TTL));
        op("w1", new Write(SinkKind.LATEST_TOKEN_WINS, "K1", 1, "w1-1", "a"), 2, 3, new Applied());
        RealTimeHistory history = endingWith(new KeyState(new Lease("w1", at(0.5) + TTL, 2), null, new TreeMap<>()));

        RealTimeVerdict safety = RealTimeVerdict.of(history, SAFETY, 100_000);
        assertThat(safety.passed()).as(safety.sentence()).isFalse();
        assertThat(safety.violations()).extracting(f -> f.violation().invariant()).contains(Invariant.ACKNOWLEDGED_WRITE_KEPT);
    }
}
