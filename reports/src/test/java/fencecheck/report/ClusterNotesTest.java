package fencecheck.report;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** A scheduler cluster's notes (runs of one job that overlapped) are told apart from conformance notes. */
class ClusterNotesTest {

    private static final String OVERLAP = "runs 1 (node 1 paused 4.8 s, token 1) and 2 (node 3, token 2) of job J overlapped for 2.0 s"
            + " on the database's clock";

    private static RunResult clusterRun(List<RunResult.Note> notes) {
        RunResult passing = SampleResults.passing();
        return new RunResult(RunResult.SCHEMA_VERSION, "KitSinkTest.aPausedNodeOverwritesNoNewerResult", "KitSinkTest", "", false,
                passing.database(), RunResult.Status.PASSED, 1, 1, "5", passing.startedAt(), 6_000, 0, null, null, null, null, List.of(),
                List.of(), notes);
    }

    @Test
    void theConsoleCountsOverlapsApartFromConformanceNotes() {
        RunResult.Note overlap = new RunResult.Note(RunResult.Note.OVERLAPPING_RUNS, OVERLAP, 0, 0, null, null);
        RunResult.Note conformance = new RunResult.Note("renew answered Renewed", "a renew after expiry revives it", 3, 4, "t.json", "mvn x");

        List<String> lines = ConsoleSummary.verdictLines(List.of(clusterRun(List.of(overlap)), clusterRun(List.of(conformance))), "index.html");

        assertThat(lines).contains("fencecheck: 1 note of runs of one job that overlapped (no guarantee broken), in the report")
                .contains("fencecheck: 1 conformance note (an answer the reference would not give that breaks no guarantee), in the report");
    }

    @Test
    void theIndexListsAClustersNoteAsANoteWithoutSteps() {
        RunResult.Note overlap = new RunResult.Note(RunResult.Note.OVERLAPPING_RUNS, OVERLAP, 0, 0, null, null);

        String html = IndexRunsTable.render(IndexRun.inReadingOrder(List.of(clusterRun(List.of(overlap))), List.of()));

        assertThat(html).contains("1 note (no guarantee broken)").doesNotContain("conformance note").contains("<li>" + Html.esc(OVERLAP) + "</li>")
                .doesNotContain("0 operations");
    }

    @Test
    void aClusterRunsFailureIsNotCalledShrunk() {
        RunResult failed = BuildVerdictTest.userPackInRealTime("safety");
        RunResult.RealTime rt = failed.failure().realTime();
        RunResult.RealTime whole = new RunResult.RealTime(rt.fullHistory() != null ? rt.fullHistory() : rt.history(),
                rt.fullHistory(), rt.failingOperation(), false, (rt.fullHistory() != null ? rt.fullHistory() : rt.history()).operations().size(),
                rt.runMillis(), 0, 0, 0, false, List.of(), "safety");
        RunResult.Failure f = failed.failure();
        RunResult cluster = new RunResult(RunResult.SCHEMA_VERSION, failed.property(), failed.implementation(), "", false, failed.database(),
                RunResult.Status.FAILED, 1, 1, "5", failed.startedAt(), 6_000, 0, null, null, null,
                new RunResult.Failure(f.verdict(), null, f.violations(), null, null, f.reproduce(), whole, f.finding(), null));

        String html = IndexRunsTable.render(IndexRun.inReadingOrder(List.of(cluster), List.of()));

        assertThat(html).contains("all " + whole.observedOperations() + " operations, not shrunk").doesNotContain("history shrunk");
    }
}
