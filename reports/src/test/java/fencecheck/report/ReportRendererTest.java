package fencecheck.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

class ReportRendererTest {

    @TempDir
    Path folder;

    @Test
    void theIndexListsFailuresFirstWithCoverageAndMonitoring() throws IOException {
        Path index = ReportRenderer.render(List.of(SampleResults.passing(), SampleResults.failing()), folder);
        String html = Files.readString(index);
        assertThat(html.indexOf("<tr class=\"failed\">")).isPositive().isLessThan(html.indexOf("<tr class=\"passed\">"));
        assertThat(html).contains("2 runs · 1 failed (1 of them known-buggy variants, which must fail) · 1 passed");
        assertThat(html).contains("known-buggy variant").contains("8675309").contains("-4242").contains("1 min 35 s");
        assertThat(html).contains("<h2>Coverage</h2>").contains("takeover happened").contains("forged token written");
        assertThat(html).contains("<td class=\"below\">");
        assertThat(html).contains("<h2>Monitoring figures</h2>").contains("stale-token rejections 52")
                .contains("conflicts 7").contains("duplicates delivered 19").contains("24.0 ms");
        assertThat(html).contains("8 of 41").contains("<td class=\"num\">420 / 133</td>").doesNotContain("http://").doesNotContain("https://").doesNotContain("<script");
    }

    @Test
    void anEmptyRunStillGivesAnIndex() throws IOException {
        Path index = ReportRenderer.render(List.of(), folder);
        assertThat(Files.readString(index)).contains("No property ran");
    }

    @Test
    void propertiesThatCountOtherSituationsGetACoverageTableOfTheirOwn() throws IOException {
        RunResult jobs = new RunResult(RunResult.SCHEMA_VERSION, "JobTransactionProperties.interleavedTransactionsAgreeWithModel",
                "reference", "", false, SampleResults.database(), RunResult.Status.PASSED, 150, 150, "1", "2026-11-30T09:00:00Z",
                6_000, 0, null, new RunResult.Statistics(150, 5.0, true, List.of(
                        new RunResult.SituationCount("WAIT_OBSERVED", "a statement waited for a row lock", 40, 5.0))), null, null);
        ReportRenderer.render(List.of(jobs, SampleResults.passing()), folder);
        String index = Files.readString(folder.resolve("index.html"));
        String coverage = index.substring(index.indexOf("<section id=\"coverage\">"), index.indexOf("<section id=\"monitoring\">"));
        assertThat(coverage.split("<table class=\"coverage\">", -1)).hasSize(3);
        assertThat(coverage).contains("a statement waited for a row lock").contains("40 · 26.7%")
                .contains(fencecheck.run.Situation.values()[0].label());
    }

    @Test
    void renderingAgainReplacesTheOldPages() throws IOException {
        ReportRenderer.render(List.of(SampleResults.failing()), folder);
        ReportRenderer.render(List.of(SampleResults.passing()), folder);
        try (Stream<Path> pages = Files.list(folder.resolve("failures"))) {
            assertThat(pages).isEmpty();
        }
    }
}
