package fencecheck.run;

import fencecheck.api.Conformance;
import fencecheck.api.LeaseProtocol;
import fencecheck.api.SinkKind;
import fencecheck.db.Databases;
import fencecheck.protocol.Implementations;
import fencecheck.trace.Action;
import fencecheck.trace.NetworkFault;
import fencecheck.trace.Step;
import fencecheck.trace.TokenSource;
import fencecheck.trace.Trace;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The two levels of verdict: under safety an answer the reference would not give but that breaks no guarantee
 * is a note and the try goes on from what it said; under strict it fails; an unsafe answer fails under both.
 */
class ConformanceLevelsTest {

    /** Answers that differ from the reference's and are all admissible: see the pack's fencecheck.properties. */
    static final String CONSERVATIVE = "sql:classpath:/packs/conservative-leases";

    static final List<Step> TRUNCATED_REGRANTED_REVIVED = List.of(
            Step.clock(new Action.AdvanceBy(1_500)),
            Step.worker(1, new Action.Acquire("K1")),
            Step.clock(new Action.AdvanceBy(1_000)),
            Step.worker(1, new Action.Acquire("K1")),
            Step.clock(new Action.AdvanceToExpiry("K1", 1)),
            Step.worker(1, new Action.Renew()),
            Step.worker(2, new Action.Acquire("K1")),
            Step.worker(1, new Action.Write(SinkKind.CURRENT_FENCE, TokenSource.HELD, "r1", "a")));

    private static TryResult run(String implementation, Conformance level, List<Step> steps) {
        return run(implementation, level, steps, false);
    }

    private static TryResult run(String implementation, Conformance level, List<Step> steps, boolean throughFaultProxies) {
        LeaseProtocol protocol = Implementations.select(implementation);
        try (TraceRunner runner = new TraceRunner(Databases.shared(), protocol, throughFaultProxies, level)) {
            return runner.run(Trace.of(implementation, steps));
        }
    }

    /** The revival again, with its answer lost: the rows settle what the renew did. */
    static final List<Step> REVIVED_ANSWER_LOST = List.of(
            Step.worker(1, new Action.Acquire("K1")),
            Step.clock(new Action.AdvanceToExpiry("K1", 1)),
            Step.nemesis(new Action.Network("w1", NetworkFault.RESPONSE_LOST, 1)),
            Step.worker(1, new Action.Renew()));

    @Test
    void underSafetyTheRowsOfACallWhoseAnswerWasLostSettleAnAdmissibleEffectAsANote() {
        TryResult r = run(CONSERVATIVE, Conformance.SAFETY, REVIVED_ANSWER_LOST, true);
        String table = r.verdict() + "\n" + TraceTable.render(r);
        assertThat(r.passed()).as(table).isTrue();
        assertThat(r.notes()).as("the revival, not a difference of rows: " + table).singleElement()
                .satisfies(n -> assertThat(n.difference()).contains("revives it"));
        assertThat(run(CONSERVATIVE, Conformance.STRICT, REVIVED_ANSWER_LOST, true).passed()).as("under strict it differs").isFalse();
    }

    @Test
    void underSafetyAdmissibleAnswersAreNotesAndTheTryGoesOnFromWhatTheySaid() {
        assertThat(Implementations.select(CONSERVATIVE).conformance()).as("the pack claims it").isEqualTo(Conformance.SAFETY);
        TryResult r = run(CONSERVATIVE, Conformance.SAFETY, TRUNCATED_REGRANTED_REVIVED);
        String table = r.verdict() + "\n" + TraceTable.render(r);
        assertThat(r.passed()).as(table).isTrue();
        assertThat(r.notes()).as(table).extracting(HistoryEntry::step).containsExactly(2, 4, 6);
        assertThat(r.notes().get(0).difference()).contains("shorter than the reference's");
        assertThat(r.notes().get(1).difference()).startsWith("a re-grant");
        assertThat(r.notes().get(2).difference()).contains("revives it");
        assertThat(r.history()).filteredOn(e -> e.step() == 7 && e.kind() == HistoryEntry.Kind.STATEMENT)
                .singleElement().satisfies(e -> assertThat(e.level()).as("w2 is refused: w1's revived lease holds").isNull());
        assertThat(r.verdict()).startsWith("no guarantee broken; 3 conformance notes, the first at step 2");
    }

    @Test
    void underStrictTheFirstDifferenceFails() {
        TryResult r = run(CONSERVATIVE, Conformance.STRICT, TRUNCATED_REGRANTED_REVIVED);
        assertThat(r.passed()).isFalse();
        assertThat(r.safetyFinding()).isFalse();
        assertThat(r.divergent().step()).isEqualTo(2);
        assertThat(r.verdict()).startsWith("conformance difference (strict conformance claimed) at step 2");
    }

    @Test
    void anUnsafeAnswerFailsUnderSafetyToo() {
        List<Step> staleWrite = List.of(
                Step.worker(1, new Action.Acquire("K1")),
                Step.clock(new Action.AdvanceToExpiry("K1", 1)),
                Step.worker(2, new Action.Acquire("K1")),
                Step.worker(1, new Action.Write(SinkKind.CURRENT_FENCE, TokenSource.HELD, "r1", "late")));
        TryResult r = run("sink-ignores-token", Conformance.SAFETY, staleWrite);
        assertThat(r.passed()).isFalse();
        assertThat(r.safetyFinding()).isTrue();
        assertThat(r.divergent().step()).isEqualTo(4);
        assertThat(r.verdict()).startsWith("safety finding at step 4");
    }
}
