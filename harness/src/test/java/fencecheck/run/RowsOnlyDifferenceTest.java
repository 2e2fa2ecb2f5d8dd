package fencecheck.run;

import fencecheck.api.Conformance;
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
 * In lock step, rows that differ from the model's while every answer agrees and no invariant breaks (a released lease
 * stored as ended a day back, where the pack claims exact rows) are a note held to safety and a conformance difference
 * held to strict: never a safety finding.
 */
class RowsOnlyDifferenceTest {

    private static final String EXACT_ROWS_FAR_BACK = "sql:classpath:/packs/release-far-back-claiming-exact-rows";

    private static final List<Step> RELEASE_THEN_TAKEOVER = List.of(
            Step.worker(1, new Action.Acquire("K1")),
            Step.worker(1, new Action.Write(SinkKind.CURRENT_FENCE, TokenSource.HELD, "r1", "first")),
            Step.worker(1, new Action.Release()),
            Step.worker(2, new Action.Acquire("K1")));

    private static TryResult run(Conformance level) {
        try (TraceRunner runner = new TraceRunner(Databases.shared(), Implementations.select(EXACT_ROWS_FAR_BACK), false, level)) {
            return runner.run(Trace.of(EXACT_ROWS_FAR_BACK, RELEASE_THEN_TAKEOVER));
        }
    }

    @Test
    void rowsThatDifferAloneAreANoteUnderSafetyAndAConformanceDifferenceUnderStrict() {
        TryResult safety = run(Conformance.SAFETY);
        String table = safety.verdict() + "\n" + TraceTable.render(safety);
        assertThat(safety.passed()).as(table).isTrue();
        assertThat(safety.notes()).as(table).singleElement().satisfies(n -> {
            assertThat(n.step()).isEqualTo(3);
            assertThat(n.outcomeDiffers()).as("the answers agree").isFalse();
            assertThat(n.rowsDiffer()).isTrue();
        });

        TryResult strict = run(Conformance.STRICT);
        assertThat(strict.passed()).isFalse();
        assertThat(strict.safetyFinding()).as(strict.verdict()).isFalse();
        assertThat(FindingKinds.of(strict)).extracting(FindingKind::severity).containsExactly(Severity.CONFORMANCE);
    }
}
