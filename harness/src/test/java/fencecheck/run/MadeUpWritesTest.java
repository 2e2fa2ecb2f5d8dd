package fencecheck.run;

import fencecheck.api.Conformance;
import fencecheck.api.LeaseProtocol;
import fencecheck.api.SinkKind;
import fencecheck.db.Databases;
import fencecheck.findings.FindingKind;
import fencecheck.findings.FindingKinds;
import fencecheck.findings.Severity;
import fencecheck.protocol.Implementations;
import fencecheck.trace.Action;
import fencecheck.trace.Step;
import fencecheck.trace.TokenSource;
import fencecheck.trace.Trace;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A write fencecheck makes up with a token above the fence it knows is a finding only when a real process could have
 * made it: when the fence it passed was set by a grant some worker was told of. A fence moved by a grant no answer
 * carried (a revival numbered as a new lease) makes the made-up token the fence, and its acceptance a note.
 */
class MadeUpWritesTest {

    /** A renew after the lease ran out revives it under the next token, which its answer does not carry. */
    private static final String REVIVAL_TAKES_A_NEW_TOKEN = "sql:classpath:/packs/revival-takes-a-new-token";

    private static TryResult run(String implementation, Conformance level, List<Step> steps) {
        LeaseProtocol protocol = Implementations.select(implementation);
        try (TraceRunner runner = new TraceRunner(Databases.shared(), protocol, false, level)) {
            return runner.run(Trace.of(implementation, steps));
        }
    }

    private static List<Step> revivedThenMadeUp(SinkKind sink) {
        return List.of(
                Step.worker(1, new Action.Acquire("K1")),
                Step.clock(new Action.AdvanceToExpiry("K1", 1)),
                Step.worker(1, new Action.Renew()),
                Step.worker(1, new Action.Write(sink, TokenSource.ABOVE_FENCE, "r1", "made up")));
    }

    @Test
    void aMadeUpTokenThatIsAFenceNobodyWasToldOfIsANoteNotASafetyFinding() {
        for (SinkKind sink : SinkKind.values()) {
            TryResult r = run(REVIVAL_TAKES_A_NEW_TOKEN, Conformance.SAFETY, revivedThenMadeUp(sink));
            String table = sink + ": " + r.verdict() + "\n" + TraceTable.render(r);
            assertThat(r.passed()).as(table).isTrue();
            assertThat(r.violations()).as(table).isEmpty();
            assertThat(r.notes()).as(table).extracting(TryResult::note).anySatisfy(note -> assertThat(note)
                    .contains("token 2, made up above the last token a worker was told of (1), was accepted")
                    .contains("the database's fence is 2, set by a grant no answer carried"));
        }
    }

    @Test
    void underStrictConformanceTheSameWriteIsAConformanceDifference() {
        TryResult r = run(REVIVAL_TAKES_A_NEW_TOKEN, Conformance.STRICT, revivedThenMadeUp(SinkKind.CURRENT_FENCE).subList(0, 2));
        assertThat(r.passed()).as("nothing differs before the revival").isTrue();

        List<Step> steps = revivedThenMadeUp(SinkKind.CURRENT_FENCE);
        TryResult strict = run(REVIVAL_TAKES_A_NEW_TOKEN, Conformance.STRICT, steps);
        assertThat(FindingKinds.of(strict)).as(strict.verdict()).extracting(FindingKind::severity).containsOnly(Severity.CONFORMANCE);
    }

    /** The same made-up write, accepted by a sink that takes any token above the fence a worker was told of: a safety finding. */
    @Test
    void aMadeUpTokenAboveAFenceAWorkerWasToldOfIsASafetyFinding() {
        TryResult r = run("sink-trusts-token", Conformance.SAFETY, List.of(
                Step.worker(1, new Action.Acquire("K1")),
                Step.worker(1, new Action.Write(SinkKind.LATEST_TOKEN_WINS, TokenSource.ABOVE_FENCE, "r1", "made up"))));
        String table = r.verdict() + "\n" + TraceTable.render(r);
        assertThat(r.safetyFinding()).as(table).isTrue();
        assertThat(FindingKinds.of(r)).as(table).extracting(FindingKind::severity).contains(Severity.SAFETY);
        assertThat(r.notes()).as(table).isEmpty();
    }
}
