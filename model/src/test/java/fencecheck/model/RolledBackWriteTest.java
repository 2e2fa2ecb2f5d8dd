package fencecheck.model;

import static fencecheck.model.Scenario.TTL;
import static fencecheck.model.Scenario.fencedWrite;
import static fencecheck.model.Scenario.latestWrite;
import static org.assertj.core.api.Assertions.assertThat;

import fencecheck.api.Outcome;
import fencecheck.api.Outcome.Applied;
import fencecheck.api.Outcome.Conflict;
import fencecheck.api.Outcome.Forged;
import fencecheck.api.Outcome.Replayed;
import fencecheck.api.Outcome.RolledBack;
import fencecheck.api.Outcome.Stale;
import fencecheck.api.SinkKind;
import fencecheck.model.Command.Write;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class RolledBackWriteTest {

    private static Write write(SinkKind sink, long token, String payload) {
        return sink == SinkKind.LATEST_TOKEN_WINS
                ? latestWrite("job", token, payload)
                : fencedWrite("job", token, "r1", payload);
    }

    @ParameterizedTest
    @EnumSource(SinkKind.class)
    void rolledBackWriteThatWouldApplyLeavesNoTrace(SinkKind sink) {
        Scenario s = Scenario.reference();
        s.acquire("job", "a");
        ProtocolState before = s.state();

        assertThat(s.rolledBack(write(sink, 1, "p"))).isEqualTo(new RolledBack(new Applied()));
        assertThat(s.state()).isEqualTo(before);
        assertThat(s.key("job").latest()).isNull();
        assertThat(s.key("job").fenced()).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(SinkKind.class)
    void theSameWriteCommittedAfterARollbackIsApplied(SinkKind sink) {
        Scenario s = Scenario.reference();
        s.acquire("job", "a");
        s.rolledBack(write(sink, 1, "p"));

        assertThat(s.step(write(sink, 1, "p"))).isEqualTo(new Applied());
        assertThat(s.rolledBack(write(sink, 1, "p"))).isEqualTo(new RolledBack(new Replayed()));
    }

    @ParameterizedTest
    @EnumSource(SinkKind.class)
    void aRolledBackPayloadDoesNotConflictWithALaterOne(SinkKind sink) {
        Scenario s = Scenario.reference();
        s.acquire("job", "a");
        s.rolledBack(write(sink, 1, "p"));

        assertThat(s.step(write(sink, 1, "q"))).isEqualTo(new Applied());
    }

    @ParameterizedTest
    @EnumSource(SinkKind.class)
    void rolledBackWriteReportsEveryRejectionItSaw(SinkKind sink) {
        Scenario s = Scenario.reference();
        s.acquire("job", "a");
        s.step(write(sink, 1, "p"));
        ProtocolState held = s.state();

        assertThat(s.rolledBack(write(sink, 1, "p"))).isEqualTo(new RolledBack(new Replayed()));
        assertThat(s.rolledBack(write(sink, 1, "q"))).isEqualTo(new RolledBack(new Conflict()));
        assertThat(s.rolledBack(write(sink, 2, "p"))).isEqualTo(new RolledBack(new Forged()));
        assertThat(s.state()).isEqualTo(held);

        s.at(TTL + 1);
        s.acquire("job", "b");
        s.step(write(sink, 2, "from b"));
        ProtocolState takenOver = s.state();

        assertThat(s.rolledBack(write(sink, 1, "late"))).isEqualTo(new RolledBack(new Stale()));
        assertThat(s.state()).isEqualTo(takenOver);
    }

    @Test
    void rolledBackIsNeverSuccessEvenWhenTheWriteWouldHaveBeen() {
        assertThat(Outcome.isSuccess(new RolledBack(new Applied()))).isFalse();
        assertThat(Outcome.isSuccess(new RolledBack(new Replayed()))).isFalse();
    }
}
