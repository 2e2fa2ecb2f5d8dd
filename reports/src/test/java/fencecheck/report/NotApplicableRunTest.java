package fencecheck.report;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** A run refused before its first try (a crash property on a database fencecheck did not start) neither passes nor fails. */
class NotApplicableRunTest {

    static RunResult refusedCrashRun() {
        RunResult passing = SampleResults.passing();
        return new RunResult(RunResult.SCHEMA_VERSION, "FaultProperties.databaseCrashes", "reference", "", false,
                new RunResult.DatabaseInfo("url", "url PostgreSQL: crashes need the embedded server fencecheck starts", Map.of()),
                RunResult.Status.NOT_APPLICABLE, 0, 0, null, passing.startedAt(), 0, 0, null, null, null, null);
    }

    @Test
    void itIsNeitherAFailureNorAPass() {
        RunResult refused = refusedCrashRun();
        assertThat(refused.failed()).isFalse();
        assertThat(refused.findings()).isEmpty();
        assertThat(BuildVerdict.of(List.of(SampleResults.passing(), refused))).as("counted as if it had not been there")
                .isEqualTo(BuildVerdict.of(List.of(SampleResults.passing())));
    }

    @Test
    void theVerdictNamesItApartBeforeTheVerdictLine() {
        List<String> lines = ConsoleSummary.verdictLines(List.of(SampleResults.passing(), refusedCrashRun()), "target/x/index.html");
        assertThat(lines).hasSize(3);
        assertThat(lines.get(0)).isEqualTo("fencecheck: not applicable here, not run: FaultProperties.databaseCrashes");
        assertThat(lines.get(1)).startsWith("fencecheck verdict: ");
        assertThat(ConsoleSummary.verdictLines(List.of(SampleResults.passing()), "target/x/index.html")).hasSize(2);
    }

    @Test
    void theIndexShowsItAsNotApplicable() {
        List<IndexRun> runs = IndexRun.inReadingOrder(List.of(refusedCrashRun()), List.of());
        assertThat(runs.getFirst().outcome()).isEqualTo("not applicable");
    }
}
