package fencecheck.report;

import fencecheck.api.Check;
import fencecheck.run.Situation;
import org.junit.jupiter.api.Test;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class CoverageSectionTest {

    private static String coverage(RunResult... runs) {
        List<RunResult> list = List.of(runs);
        return CoverageSection.render(IndexRun.inReadingOrder(list, list.stream().map(r -> (String) null).toList()));
    }

    /** A passed reference run of the lease property: its own situations at {@code own}, every other one at 0. */
    private static RunResult leaseRun(String implementation, boolean variant, RunResult.Status status, boolean judged, int own) {
        Map<Situation, Integer> counts = new EnumMap<>(Situation.class);
        Situation.of(Check.LEASES).forEach(s -> counts.put(s, own));
        RunResult.Statistics st = RunResult.Statistics.of(100, 5.0, Check.LEASES, judged, counts);
        return new RunResult(RunResult.SCHEMA_VERSION, "LeaseProtocolProperties.databaseAgreesWithModel", implementation, "", variant,
                SampleResults.database(), status, 100, 100, "1", "2026-11-30T09:00:00Z", 1000, 0, null, st, null, null);
    }

    @Test
    void aSituationWithoutADeclaredFloorIsNeverRedEvenAtZero() {
        // every network and crash situation is at 0 %, but the lease property declares no floor for them
        String html = coverage(leaseRun("reference", false, RunResult.Status.PASSED, true, 30));
        assertThat(html).doesNotContain("class=\"below\"").doesNotContain("below floor");
        assertThat(html).as("only the property's own situations get a column")
                .contains("takeover happened").doesNotContain(">" + Situation.REQUEST_LOST.label() + "<")
                .contains("Also counted, without a floor for this property: "
                        + (Situation.values().length - Situation.of(Check.LEASES).size())
                        + " situations of other properties, none reached.");
    }

    @Test
    void aJudgedRunBelowADeclaredFloorIsRed() {
        String html = coverage(leaseRun("reference", false, RunResult.Status.PASSED, true, 3));
        assertThat(html.split("<td class=\"below\">", -1)).as("one red cell per declared situation")
                .hasSize(Situation.of(Check.LEASES).size() + 1);
        assertThat(html).contains("3 · 3.0% <strong>below floor</strong>").contains("floor 5.0%");
    }

    @Test
    void aRunThatWasNotJudgedIsMutedAndNeverRed() {
        String html = coverage(leaseRun("sink-ignores-token", true, RunResult.Status.FAILED, false, 0));
        assertThat(html).doesNotContain("class=\"below\"").contains("<tr class=\"not-judged\">")
                .contains("not judged: the run stopped at a failing try");
    }

    @Test
    void onlyTheFloorsOfTheRunsOwnPropertyCount() {
        // the network property: its own situations at 50 %, the lease interleavings (no floor here) at 0
        RunResult network = IndexSamples.withStatistics(IndexSamples.referencePassed(), IndexSamples.faultStatistics(20, true));
        String html = coverage(network);
        assertThat(html).doesNotContain("class=\"below\"").contains(Situation.REQUEST_LOST.label())
                .doesNotContain(">" + Situation.TAKEOVER.label() + "<");
    }

    @Test
    void oneTablePerPropertyWithAStickyFirstColumnInItsOwnScrollBox() {
        String html = coverage(leaseRun("reference", false, RunResult.Status.PASSED, true, 30),
                IndexSamples.variantCaught(), IndexSamples.jobReferencePassed());
        assertThat(html.split("<table class=\"coverage\">", -1)).hasSize(3);
        assertThat(html.split("<div class=\"scroll-x\">", -1)).hasSize(3);
        assertThat(html).contains("<h3 class=\"mono\">LeaseProtocolProperties.databaseAgreesWithModel</h3>")
                .contains("<h3 class=\"mono\">" + IndexSamples.JOB_PROPERTY + "</h3>")
                .contains("a statement waited for a row lock").contains("79 · 26.3%")
                .contains("The floor is the share a property declares it must reach");
        assertThat(html.indexOf("<strong>reference</strong>")).as("the reference before the variant")
                .isLessThan(html.indexOf("<strong>sink-ignores-token</strong>"));
        assertThat(IndexStyle.CSS).contains("position: sticky; left: 0; background: var(--card)");
    }

    @Test
    void runsWithoutStatisticsLeaveANote() {
        assertThat(coverage(IndexSamples.variantErrored())).contains("No run reported how often it reached each situation.");
    }
}
