package fencecheck.trace;

import fencecheck.model.SinkKind;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TraceFilesTest {

    @Test
    void everyActionSurvivesAJsonRoundTrip() {
        Trace trace = Trace.of("reference", List.of(
                Step.worker(1, new Action.Acquire("K1", true)),
                Step.worker(2, new Action.Renew()),
                Step.worker(3, new Action.Release()),
                Step.worker(4, new Action.Write(SinkKind.LATEST_TOKEN_WINS, TokenSource.OTHER_KEY, "r2", "<&\"'>")),
                Step.zombie(1, new Action.Write(SinkKind.CURRENT_FENCE, TokenSource.ABOVE_FENCE, "r1", "x")),
                Step.worker(1, new Action.RolledBackWrite(SinkKind.CURRENT_FENCE, "r1", "y")),
                Step.clock(new Action.AdvanceBy(5)),
                Step.clock(new Action.AdvanceToExpiry("K2", -1)),
                Step.nemesis(new Action.Pause("w1")),
                Step.nemesis(new Action.Resume("w1")),
                Step.nemesis(new Action.Restart("w2", true)),
                Step.nemesis(new Action.Duplicate("w3"))));
        assertThat(TraceFiles.parse(TraceFiles.toJson(trace), "test")).isEqualTo(trace);
    }

    @Test
    void aStepWhoseActorCannotDoItsActionIsRejectedWithOneLine() {
        String json = """
                {"schemaVersion": 1, "implementation": "reference", "leaseTtl": 10,
                 "steps": [{"actor": "clock", "action": {"do": "renew"}}]}""";
        assertThatThrownBy(() -> TraceFiles.parse(json, "t.json"))
                .isInstanceOf(TraceFiles.BadTraceFile.class)
                .hasMessageContaining("t.json is not a valid trace")
                .hasMessageContaining("actor 'clock' cannot do");
    }

    @Test
    void anUnknownActionIsRejected() {
        String json = """
                {"schemaVersion": 1, "implementation": "reference", "leaseTtl": 10,
                 "steps": [{"actor": "w1", "action": {"do": "teleport"}}]}""";
        assertThatThrownBy(() -> TraceFiles.parse(json, "t.json"))
                .isInstanceOf(TraceFiles.BadTraceFile.class)
                .hasMessageContaining("teleport");
    }
}
