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

    @Test
    void everyJobActionSurvivesAJsonRoundTrip() throws Exception {
        JobTrace trace = JobTrace.of("reference", List.of(
                new JobStep("w1", new JobAction.Acquire("K1", true)),
                new JobStep("w1", new JobAction.Begin()),
                new JobStep("w1", new JobAction.Claim()),
                new JobStep("w1", new JobAction.Write(SinkKind.LATEST_TOKEN_WINS, TokenSource.OTHER_KEY, "r1", "<&\"'>")),
                new JobStep("w1", new JobAction.BusinessRow("r1", "x")),
                new JobStep("w1", new JobAction.OutboxRow("r1", "x")),
                new JobStep("nemesis", new JobAction.Network("w1", NetworkFault.RESPONSE_LOST)),
                new JobStep("w1", new JobAction.Commit()),
                new JobStep("nemesis", new JobAction.Restart("w1", true)),
                new JobStep("nemesis", new JobAction.Resume("z1")),
                new JobStep("z1", new JobAction.Rollback()),
                new JobStep("nemesis", new JobAction.Pause("w2")),
                new JobStep("nemesis", new JobAction.Deliver("w2")),
                new JobStep("nemesis", new JobAction.Duplicate("w2")),
                new JobStep("w2", new JobAction.Retry()),
                new JobStep("nemesis", new JobAction.RestartCoordinator()),
                new JobStep("nemesis", new JobAction.CrashDatabase()),
                new JobStep("relay", new JobAction.Relay(true)),
                new JobStep("relay", new JobAction.Redeliver()),
                new JobStep("clock", new JobAction.AdvanceBy(5)),
                new JobStep("clock", new JobAction.AdvanceToExpiry("K1", 1))));
        java.nio.file.Path file = java.nio.file.Files.createTempFile("job", ".json");
        TraceFiles.write(trace, file);
        assertThat(TraceFiles.readJob(file)).isEqualTo(trace);
    }

    @Test
    void aJobTraceOfTheFormerSchemaSaysWhichVersionItIs() {
        String json = """
                {"schemaVersion": 1, "kind": "job", "implementation": "reference", "leaseTtl": 10,
                 "steps": [{"actor": "w1", "action": {"do": "fenced-write", "resultId": "r1", "payload": "p"}}]}""";
        assertThatThrownBy(() -> TraceFiles.parseJob(json, "old.json"))
                .isInstanceOf(TraceFiles.BadTraceFile.class)
                .hasMessageNotContaining("\n")
                .hasMessage("old.json has job trace schema version 1 but this fencecheck reads version 2: replay it with the"
                        + " fencecheck version that wrote it");
    }
}
