package fencecheck.check;

import fencecheck.api.KeyState;
import fencecheck.api.Outcome;
import fencecheck.api.SinkKind;
import fencecheck.api.StoredResult;
import fencecheck.model.Command.Write;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class AcknowledgedWritesTest {

    private static Event latest(int step, long token, String payload, Outcome.WriteOutcome outcome) {
        return new Event(step, 0, new Write(SinkKind.LATEST_TOKEN_WINS, "K1", token, "r", payload), outcome);
    }

    private static Event fenced(int step, long token, String id, Outcome.WriteOutcome outcome) {
        return new Event(step, 0, new Write(SinkKind.CURRENT_FENCE, "K1", token, id, "p"), outcome);
    }

    private static Stored latestRow(int step, long token, String payload) {
        return new Stored(step, "K1", KeyState.EMPTY.withLatest(new StoredResult(token, payload)));
    }

    @Test
    void aWriteSupersededByAHigherTokenIsNotLost() {
        assertThat(AcknowledgedWrites.check(List.of(latest(1, 1, "a", new Outcome.Applied()), latest(2, 2, "b", new Outcome.Applied())),
                List.of(latestRow(1, 1, "a"), latestRow(2, 2, "b"), latestRow(3, 2, "b")))).isEmpty();
    }

    @Test
    void aWriteThatVanishesOrGoesBackIsLost() {
        List<Violation> gone = AcknowledgedWrites.check(List.of(latest(1, 2, "a", new Outcome.Applied())),
                List.of(latestRow(1, 2, "a"), new Stored(3, "K1", KeyState.EMPTY)));
        assertThat(gone).singleElement().satisfies(v -> {
            assertThat(v.invariant()).isEqualTo(Invariant.ACKNOWLEDGED_WRITE_KEPT);
            assertThat(v.step()).isEqualTo(3);
            assertThat(v.explanation()).isEqualTo("acknowledged write of K1 with token 2 is gone");
        });
        assertThat(AcknowledgedWrites.check(List.of(latest(1, 2, "a", new Outcome.Applied())), List.of(latestRow(2, 1, "x"))))
                .singleElement().extracting(Violation::explanation).isEqualTo("acknowledged write of K1 with token 2 is replaced by older token 1");
    }

    @Test
    void theSameTokenWithAnotherPayloadIsALoss() {
        assertThat(AcknowledgedWrites.check(List.of(latest(1, 1, "a", new Outcome.Applied())), List.of(latestRow(2, 1, "b"))))
                .singleElement().extracting(Violation::explanation)
                .isEqualTo("acknowledged write of K1 with token 1 is replaced by another payload under the same token");
    }

    @Test
    void onlyAcknowledgedWritesCount() {
        assertThat(AcknowledgedWrites.check(List.of(latest(1, 3, "a", new Outcome.Stale()), latest(2, 3, "a", new Outcome.Conflict())),
                List.of(new Stored(3, "K1", KeyState.EMPTY)))).isEmpty();
        assertThat(AcknowledgedWrites.check(List.of(latest(1, 3, "a", new Outcome.Replayed())), List.of(new Stored(3, "K1", KeyState.EMPTY))))
                .hasSize(1);
    }

    @Test
    void aFencedRowMustStayAsAcknowledged() {
        Stored kept = new Stored(2, "K1", KeyState.EMPTY.withFenced("r1", new StoredResult(1, "p")));
        Stored lost = new Stored(3, "K1", KeyState.EMPTY.withFenced("r2", new StoredResult(2, "p")));
        List<Violation> found = AcknowledgedWrites.check(List.of(fenced(1, 1, "r1", new Outcome.Applied()),
                fenced(3, 2, "r2", new Outcome.Applied())), List.of(kept, lost, new Stored(4, "K1", KeyState.EMPTY)));
        assertThat(found).extracting(Violation::step, Violation::explanation).containsExactly(
                Tuple.tuple(3, "acknowledged fenced write r1 of K1 (token 1) is gone"),
                Tuple.tuple(4, "acknowledged fenced write r2 of K1 (token 2) is gone"));
    }

    @Test
    void aFencedReplayAcknowledgesTheRowAnEarlierTokenWrote() {
        // token 1's write ran but its answer was lost; after a takeover, token 2 sends the same result and is told Replayed
        Stored writtenByTokenOne = new Stored(3, "K1", KeyState.EMPTY.withFenced("r1", new StoredResult(1, "p")));
        Stored overwritten = new Stored(4, "K1", KeyState.EMPTY.withFenced("r1", new StoredResult(2, "p")));
        List<Event> replayed = List.of(new Event(1, 0, new Write(SinkKind.CURRENT_FENCE, "K1", 1, "r1", "p"), null), fenced(3, 2, "r1", new Outcome.Replayed()));
        assertThat(AcknowledgedWrites.check(replayed, List.of(writtenByTokenOne, writtenByTokenOne))).isEmpty();
        assertThat(AcknowledgedWrites.check(replayed, List.of(writtenByTokenOne, overwritten)))
                .extracting(Violation::step, Violation::explanation)
                .containsExactly(Tuple.tuple(4, "acknowledged fenced write r1 of K1 (token 1) is now token 2 \"p\""));
        assertThat(AcknowledgedWrites.check(replayed, List.of(new Stored(3, "K1", KeyState.EMPTY))))
                .singleElement().extracting(Violation::explanation).isEqualTo("acknowledged fenced write r1 of K1 (token 2) is gone");
    }

    @Test
    void rowsOfOtherKeysAndRowsSeenBeforeTheAnswerSayNothing() {
        assertThat(AcknowledgedWrites.check(List.of(latest(2, 1, "a", new Outcome.Applied())),
                List.of(new Stored(1, "K1", KeyState.EMPTY), new Stored(3, "K2", KeyState.EMPTY)))).isEmpty();
    }
}
