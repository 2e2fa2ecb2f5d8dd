package fencecheck.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

class ReportRendererTest {

    @TempDir
    Path folder;

    private String index(List<RunResult> runs) throws IOException {
        return Files.readString(ReportRenderer.render(runs, folder));
    }

    /** The part of the page from {@code <section id="ID">} to the end of that section. */
    static String section(String html, String id) {
        int start = html.indexOf("<section id=\"" + id + "\"");
        assertThat(start).as("section %s", id).isNotNegative();
        return html.substring(start, html.indexOf("</section>", start) + "</section>".length());
    }

    @Test
    void theVerdictComesFirstAndCountsEachKindOfRun() throws IOException {
        String html = index(List.of(IndexSamples.referencePassed(), IndexSamples.variantCaught(), IndexSamples.variantMissed(),
                IndexSamples.referenceFailed()));
        assertThat(html.indexOf("<section id=\"verdict\"")).as("the verdict is the first section")
                .isLessThan(html.indexOf("<section id=\"runs\"")).isGreaterThan(html.indexOf("<main>"));
        String verdict = section(html, "verdict");
        assertThat(verdict).contains("class=\"index-verdict bad\"")
                .contains("failed: 1 finding, 1 known bug missed (1 of 2 properties failed)")
                .contains("<li class=\"unexpected\"><strong>1</strong> finding")
                .contains("<li class=\"missed\"><strong>1</strong> known bug missed")
                .contains("<li class=\"passed\"><strong>1</strong> property passed")
                .contains("<li class=\"caught\"><strong>1</strong> known bug caught");
        assertThat(verdict).as("the run to look at first is the unexpected failure, linked to its page")
                .containsPattern("Look first at <a href=\"failures/\\d\\d-FaultProperties\\.networkFaultsAndRestarts-reference\\.html\">");
    }

    @Test
    void aMissedKnownBugAloneMakesTheVerdictRed() throws IOException {
        String verdict = section(index(List.of(IndexSamples.referencePassed(), IndexSamples.variantMissed())), "verdict");
        assertThat(verdict).contains("index-verdict bad").contains("failed: 1 known bug missed")
                .contains("renew-ignores-token").contains("a built-in variant that passed the property that declares it");
    }

    @Test
    void runsAsExpectedGiveAGreenHeadline() throws IOException {
        String verdict = section(index(List.of(IndexSamples.referencePassed(), IndexSamples.variantCaught(),
                IndexSamples.jobReferencePassed())), "verdict");
        assertThat(verdict).contains("index-verdict ok")
                .contains("passed: 2 properties, 600 tries, coverage met; 1 known bug caught, none missed.")
                .doesNotContain("Look first");
    }

    @Test
    void aVariantThatFailedWithoutATraceIsAnUnexpectedFailureNotACatch() throws IOException {
        String html = index(List.of(IndexSamples.variantErrored(), IndexSamples.referencePassed()));
        assertThat(section(html, "verdict")).contains("<li class=\"unexpected\"><strong>1</strong> known-buggy variant failed without a finding")
                .doesNotContain("class=\"caught").contains("failed without a finding (an error)");
        assertThat(section(html, "runs")).contains("<span class=\"badge unexpected error\">error</span>")
                .contains("an error, not a catch").doesNotContain(">caught<");
    }

    @Test
    void aCaughtVariantShowsAsCaughtNeverAsFailed() throws IOException {
        String html = index(List.of(IndexSamples.variantCaught()));
        assertThat(html).contains("<span class=\"badge caught\">caught</span>")
                .doesNotContain("badge failed").doesNotContain(">failed<").doesNotContain("class=\"run failed");
        assertThat(section(html, "verdict")).contains("index-verdict ok");
    }

    @Test
    void theRunsTableOrdersUnexpectedMissedPassedCaughtAndKeepsEachPageWithItsRun() throws IOException {
        String runs = section(index(IndexSamples.mixed()), "runs");
        List<String> badges = all(runs, "<td><span class=\"badge ([^\"]+)\">");
        assertThat(badges).containsExactly("unexpected failed", "missed", "unexpected error", "passed", "passed",
                "caught", "caught", "caught");
        // every failure's link sits under its own row: the page is named after the run's implementation
        Matcher rows = Pattern.compile("<strong>([^<]+)</strong>(?:(?!<tr class=\"run).)*?<a class=\"failure-link\" href=\"([^\"]+)\"",
                Pattern.DOTALL).matcher(runs);
        int links = 0;
        while (rows.find()) {
            assertThat(rows.group(2)).as("the page of %s", rows.group(1)).endsWith("-" + rows.group(1) + ".html");
            links++;
        }
        assertThat(links).isEqualTo(5);
        assertThat(runs.indexOf("failed (1)")).isLessThan(runs.indexOf("known bugs missed (1)"));
        assertThat(runs.indexOf("known bugs missed (1)")).isLessThan(runs.indexOf("passed (2)"));
        assertThat(runs.indexOf("passed (2)")).isLessThan(runs.indexOf("known bugs caught (3)"));
    }

    @Test
    void theRunsTableMergesTriesAndShrinkingAndSaysASharedDatabaseOnce() throws IOException {
        String runs = section(index(List.of(IndexSamples.referencePassed(), IndexSamples.variantCaught())), "runs");
        assertThat(runs).contains("every run used</span> PostgreSQL 18.1 (embedded, linux-amd64)");
        assertThat(runs.split("PostgreSQL 18\\.1 \\(embedded", -1)).hasSize(2);
        assertThat(runs).contains("37 tries<div class=\"small muted shrunk\">shrunk to 8 of 41 steps (21 shrinking steps)</div>")
                .contains(">300 tries</td>").contains("1 min 35 s").contains("8675309").contains("-4242");
        assertThat(all(runs, "<th[^>]*>([^<]+)</th>")).contains("outcome", "implementation · property", "tries · shrunk", "duration", "seed");
    }

    @Test
    void runsOnDifferentDatabasesSayTheirsInTheirRow() throws IOException {
        RunResult other = IndexSamples.withMonitoring(new RunResult(RunResult.SCHEMA_VERSION, "LeaseProtocolProperties.databaseAgreesWithModel",
                "reference", "", false, new RunResult.DatabaseInfo("container", "PostgreSQL 17.2 in a container", null),
                RunResult.Status.PASSED, 300, 300, "5", "2026-11-30T09:00:00Z", 1000, 0, null, null, null, null), null);
        String runs = section(index(List.of(IndexSamples.referencePassed(), other)), "runs");
        assertThat(runs).doesNotContain("every run used").contains("PostgreSQL 17.2 in a container").contains("PostgreSQL 18.1 (embedded, linux-amd64)");
    }

    @Test
    void theHeaderLinksToEverySection() throws IOException {
        String html = index(IndexSamples.mixed());
        for (String id : List.of("verdict", "runs", "coverage", "monitoring")) {
            assertThat(html).contains("<a href=\"#" + id + "\">").contains("<section id=\"" + id + "\"");
        }
    }

    @Test
    void nothingFromAResultIsLeftUnescapedAndNothingIsFetched() throws IOException {
        String html = index(IndexSamples.mixed());
        assertThat(html).doesNotContain(SampleResults.NASTY).doesNotContain("<what is stored>")
                .contains("&lt;b&gt;A&amp;B&lt;/b&gt;").contains("&lt;what is stored&gt;");
        assertThat(html).doesNotContain("<script").doesNotContain("http://").doesNotContain("https://")
                .doesNotContain("NaN").doesNotContain("Infinity");
    }

    @Test
    void anEmptyRunStillGivesAnIndex() throws IOException {
        String html = index(List.of());
        assertThat(html).contains("No property ran").contains("<section id=\"verdict\"").contains("</html>");
    }

    @Test
    void renderingAgainReplacesTheOldPages() throws IOException {
        ReportRenderer.render(List.of(SampleResults.failing()), folder);
        ReportRenderer.render(List.of(SampleResults.passing()), folder);
        try (Stream<Path> pages = Files.list(folder.resolve("failures"))) {
            assertThat(pages).isEmpty();
        }
    }

    static List<String> all(String html, String regex) {
        Matcher m = Pattern.compile(regex).matcher(html);
        List<String> found = new ArrayList<>();
        while (m.find()) {
            found.add(m.group(1));
        }
        return found;
    }
}
