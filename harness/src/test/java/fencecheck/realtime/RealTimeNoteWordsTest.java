package fencecheck.realtime;

import fencecheck.api.Conformance;
import fencecheck.api.KeyState;
import fencecheck.api.Lease;
import fencecheck.api.ModelConfig;
import fencecheck.api.Outcome.Granted;
import fencecheck.api.Outcome.Renewed;
import fencecheck.check.RealTimeHistory;
import fencecheck.check.RealTimeVerdict;
import fencecheck.check.TimedOperation;
import fencecheck.model.Command;
import fencecheck.model.Command.Acquire;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A real-time note is shown with the values of its first operation, instants in ms from the run's start; its kind
 * leaves them out. The rows read at the end, when they alone differ and break no invariant, are a note of their own.
 */
class RealTimeNoteWordsTest {

    private static final ModelConfig SAFETY = ModelConfig.reference().withConformance(Conformance.SAFETY);
    private static final long START = 1_795_000_000_000_000L;
    private static final long TTL = 100_000;

    private static TimedOperation op(int id, Command c, long invokeMillis, long completeMillis, fencecheck.api.Outcome outcome) {
        return new TimedOperation(id, "w1", c, START + invokeMillis * 1_000, START + completeMillis * 1_000, outcome, "");
    }

    @Test
    void aRevivalAndRowsNumberedAboveTheModelsAreNotesWithTheirValues() {
        // w1's lease runs out at 100.500 ms; its renew at 200 ms revives it; the rows read at the end number it 2
        RealTimeHistory history = new RealTimeHistory(List.of(
                op(1, new Acquire("K1", "w1", TTL), 0, 1, new Granted(1, START + 100_500)),
                op(2, new Command.Renew("K1", "w1", 1, TTL), 200, 201, new Renewed(START + 300_500))),
                Map.of("K1", KeyState.EMPTY.withLease(new Lease("w1", START + 300_500, 2))), List.of(), START, 100);
        RealTimeVerdict verdict = RealTimeVerdict.of(history, SAFETY, 100_000);
        assertThat(verdict.passed()).as(verdict.sentence()).isTrue();

        List<RealTimeNotes.Note> notes = RealTimeNotes.of(history, verdict, SAFETY, 100_000);

        assertThat(notes).extracting(RealTimeNotes.Note::kind).containsExactly(
                "renew: a renew after the lease ran out at # revives it (nobody was granted the key meanwhile)",
                "the rows read at the end: every answer on K# is explained, but not the rows read at the end: the database holds"
                        + " lease token #, latest none, # fenced result(s) [], which no order of the answers ends with; invariants #-# hold");
        assertThat(notes.get(0).words())
                .isEqualTo("renew: a renew after the lease ran out at 100.500 ms revives it (nobody was granted the key meanwhile)");
        assertThat(notes.get(0).operation()).isEqualTo(2);
        assertThat(notes.get(1).words()).startsWith("the rows read at the end: every answer on K1 is explained")
                .contains("the database holds lease token 2").doesNotContain("#");
        assertThat(notes.get(1).operation()).as("the rows are no operation").isZero();
    }
}
