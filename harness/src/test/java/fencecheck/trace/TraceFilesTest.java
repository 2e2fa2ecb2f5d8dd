package fencecheck.trace;

import fencecheck.api.SinkKind;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
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
                Step.clock(new Action.AdvanceBy(5)),
                Step.clock(new Action.AdvanceToExpiry("K2", -1)),
                Step.nemesis(new Action.Pause("w1")),
                Step.nemesis(new Action.Resume("w1")),
                Step.nemesis(new Action.Restart("w2", true)),
                Step.nemesis(new Action.Duplicate("w3")),
                Step.nemesis(new Action.Split("w4", 2))));
        assertThat(TraceFiles.parse(TraceFiles.toJson(trace), "test")).isEqualTo(trace);
    }

    /** A split is a step of its own: a file written before there were splits reads as it did. */
    @Test
    void aTraceWithoutSplitsReadsAsBefore() {
        String json = """
                {"schemaVersion": 3, "implementation": "reference", "leaseTtl": 10,
                 "steps": [{"actor": "w1", "action": {"do": "acquire", "key": "K1", "receiptLost": false}},
                           {"actor": "nemesis", "action": {"do": "split", "worker": "w2", "afterStatements": 1}},
                           {"actor": "w2", "action": {"do": "renew"}}]}""";
        assertThat(TraceFiles.parse(json, "t.json").steps()).containsExactly(
                Step.worker(1, new Action.Acquire("K1")), Step.nemesis(new Action.Split("w2", 1)), Step.worker(2, new Action.Renew()));
        String before = """
                {"schemaVersion": 3, "implementation": "reference", "leaseTtl": 10,
                 "steps": [{"actor": "w1", "action": {"do": "acquire", "key": "K1", "receiptLost": false}}]}""";
        assertThat(TraceFiles.parse(before, "old.json").steps()).containsExactly(Step.worker(1, new Action.Acquire("K1")));
    }

    @Test
    void aSplitBeforeTheFirstStatementIsRejected() {
        String json = """
                {"schemaVersion": 3, "implementation": "reference", "leaseTtl": 10,
                 "steps": [{"actor": "nemesis", "action": {"do": "split", "worker": "w1", "afterStatements": 0}}]}""";
        assertThatThrownBy(() -> TraceFiles.parse(json, "t.json"))
                .isInstanceOf(TraceFiles.BadTraceFile.class)
                .hasMessageContaining("after at least its first statement");
    }

    @Test
    void aStepWhoseActorCannotDoItsActionIsRejectedWithOneLine() {
        String json = """
                {"schemaVersion": 3, "implementation": "reference", "leaseTtl": 10,
                 "steps": [{"actor": "clock", "action": {"do": "renew"}}]}""";
        assertThatThrownBy(() -> TraceFiles.parse(json, "t.json"))
                .isInstanceOf(TraceFiles.BadTraceFile.class)
                .hasMessageContaining("t.json is not a valid trace")
                .hasMessageContaining("needs a worker");
    }

    @Test
    void anUnknownActionIsRejected() {
        String json = """
                {"schemaVersion": 3, "implementation": "reference", "leaseTtl": 10,
                 "steps": [{"actor": "w1", "action": {"do": "teleport"}}]}""";
        assertThatThrownBy(() -> TraceFiles.parse(json, "t.json"))
                .isInstanceOf(TraceFiles.BadTraceFile.class)
                .hasMessageContaining("teleport");
    }

    @Test
    void everyStatementAndFaultSurvivesAFileRoundTrip() throws Exception {
        Trace trace = Trace.of("reference", List.of(
                new Step("w1", new Action.Acquire("K1", true)),
                new Step("w1", new Action.Begin()),
                new Step("w1", new Action.Claim()),
                new Step("w1", new Action.Write(SinkKind.LATEST_TOKEN_WINS, TokenSource.OTHER_KEY, "r1", "<&\"'>")),
                new Step("w1", new Action.BusinessRow("r1", "x")),
                new Step("w1", new Action.OutboxRow("r1", "x")),
                new Step("nemesis", new Action.Network("w1", NetworkFault.RESPONSE_LOST)),
                new Step("w1", new Action.Commit()),
                new Step("nemesis", new Action.Network("w1", NetworkFault.REQUEST_LOST, 2)),
                new Step("nemesis", new Action.Restart("w1", true)),
                new Step("nemesis", new Action.Resume("z1")),
                new Step("z1", new Action.Rollback()),
                new Step("nemesis", new Action.Pause("w2")),
                new Step("nemesis", new Action.Deliver("w2")),
                new Step("nemesis", new Action.Duplicate("w2")),
                new Step("w2", new Action.Retry()),
                new Step("nemesis", new Action.RestartCoordinator()),
                new Step("nemesis", new Action.CrashDatabase()),
                new Step("nemesis", new Action.StopStandby()),
                new Step("nemesis", new Action.HoldReplay()),
                new Step("nemesis", new Action.Failover()),
                new Step("relay", new Action.Relay(true)),
                new Step("relay", new Action.Redeliver()),
                new Step("clock", new Action.AdvanceBy(5)),
                new Step("clock", new Action.AdvanceToExpiry("K1", 1))));
        Path file = Files.createTempFile("job", ".json");
        TraceFiles.write(trace, file);
        assertThat(TraceFiles.read(file)).isEqualTo(trace);
    }

    /** A network step saved before a fault could be aimed at one statement of a call hit its first statement. */
    @Test
    void aNetworkStepThatNamesNoStatementHitsTheFirst() {
        String saved = """
                {"schemaVersion": 3, "implementation": "reference", "leaseTtl": 10,
                 "steps": [{"actor": "nemesis", "action": {"do": "network", "worker": "w1", "fault": "RESPONSE_LOST"}}]}""";
        assertThat(TraceFiles.parse(saved, "saved.json").steps())
                .containsExactly(new Step("nemesis", new Action.Network("w1", NetworkFault.RESPONSE_LOST, 1)));
    }

    @Test
    void aHeldOrResetCallIsNotAimedAtOneOfItsStatements() {
        String saved = """
                {"schemaVersion": 3, "implementation": "reference", "leaseTtl": 10,
                 "steps": [{"actor": "nemesis", "action": {"do": "network", "worker": "w1", "fault": "DELAYED", "statement": 2}}]}""";
        assertThatThrownBy(() -> TraceFiles.parse(saved, "held.json")).isInstanceOf(TraceFiles.BadTraceFile.class)
                .hasMessageContaining("DELAYED applies to a call as a whole");
    }

    @Test
    void tracesOfTheFormerTwoLanguagesSayWhichVersionTheyAre() {
        String lease = """
                {"schemaVersion": 1, "implementation": "reference", "leaseTtl": 10,
                 "steps": [{"actor": "w1", "action": {"do": "rolled-back-write", "sink": "CURRENT_FENCE", "resultId": "r1", "payload": "p"}}]}""";
        String job = """
                {"schemaVersion": 2, "kind": "job", "implementation": "reference", "leaseTtl": 10,
                 "steps": [{"actor": "w1", "action": {"do": "begin"}}]}""";
        assertThatThrownBy(() -> TraceFiles.parse(lease, "old.json"))
                .isInstanceOf(TraceFiles.BadTraceFile.class)
                .hasMessageNotContaining("\n")
                .hasMessageStartingWith("old.json has trace schema version 1 (a lease trace of fencecheck before lease and job"
                        + " traces became one language) but this fencecheck reads version 3");
        assertThatThrownBy(() -> TraceFiles.parse(job, "job.json"))
                .isInstanceOf(TraceFiles.BadTraceFile.class)
                .hasMessageNotContaining("\n")
                .hasMessageContaining("job.json has trace schema version 2 (a job trace");
    }
}
