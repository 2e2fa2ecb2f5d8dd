package fencecheck.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

class FailurePageTest {

    @TempDir
    Path folder;

    @Test
    void theFailurePageShowsVerdictTimelineTraceRowsAndCommands() throws IOException {
        Path index = ReportRenderer.render(List.of(SampleResults.passing(), SampleResults.failing()), folder);
        Path page = onlyFailurePage();
        String html = Files.readString(page);

        assertThat(html).contains("<p class=\"verdict\">divergence at step 7");
        assertThat(html).contains("<svg class=\"timeline-svg\"");
        assertThat(html).contains("class=\"divergent\" data-step=\"7\"");
        assertThat(html).contains("data-lane=\"w1.1\"").contains("data-lane=\"w2.1\"");
        assertThat(html).contains("K1 &middot; t1").contains("K1 &middot; t2");
        assertThat(html).contains("class=\"shade paused\"");
        assertThat(html).contains("<tr class=\"divergent\" data-step=\"7\">");
        assertThat(html).contains("<td class=\"mono expected differs\">Stale</td>")
                .contains("<td class=\"mono observed differs\">Applied</td>");
        assertThat(html).contains("not run: the try stopped at the divergence");
        assertThat(html).contains("seed <code class=\"seed\">-4242</code>");
        assertThat(html).contains("exec:java -Dexec.args=&quot;replay " + page.getParent().toAbsolutePath());
        assertThat(html).contains("-Dfencecheck.seed=-4242");
        assertThat(html).contains("<h2>Rows the failing step touched</h2>");
        assertThat(html).contains("token 2 &middot; payload it&#39;s &quot;final&quot;")
                .contains("token 1 &middot; payload &lt;b&gt;A&amp;B&lt;/b&gt;");
        assertThat(html).contains("1. no stale acceptance");
        assertThat(Files.readString(index)).contains("href=\"failures/" + page.getFileName() + "\"");
        assertThat(page.resolveSibling(page.getFileName().toString().replace(".html", ".trace.json"))).exists();
    }

    @Test
    void everyStringFromATraceIsEscaped() throws IOException {
        ReportRenderer.render(List.of(SampleResults.failing(), SampleResults.passing()), folder);
        String index = Files.readString(folder.resolve("index.html"));
        String page = Files.readString(onlyFailurePage());
        for (String html : List.of(index, page)) {
            assertThat(html).doesNotContain(SampleResults.NASTY)
                    .doesNotContain("<b>")
                    .doesNotContain(SampleResults.QUOTED)
                    .doesNotContain("& overwrite <what")
                    .doesNotContain("it's");
        }
        assertThat(page).contains("&lt;b&gt;A&amp;B&lt;/b&gt;");
        assertThat(page).contains("it&#39;s \\&quot;final\\&quot;");
        String svg = page.substring(page.indexOf("<svg"), page.indexOf("</svg>"));
        assertThat(svg).contains("&lt;b&gt;A&amp;B&lt;/b&gt;").doesNotContain(SampleResults.NASTY);
    }

    @Test
    void aJobFailureShowsItsTraceTableAsText() throws IOException {
        RunResult failed = new RunResult(RunResult.SCHEMA_VERSION, "JobTransactionProperties.interleavedTransactionsAgreeWithModel",
                "check-then-write", "", true, SampleResults.database(), RunResult.Status.FAILED, 2, 2, "1", "2026-11-30T09:00:00Z",
                6_000, 0, null, null, null, RunResult.Failure.withoutTrace(
                        "divergence at step 4 (acquire K1): the model expected Waiting but the database answered Busy\n"
                                + ">>  4  w1  acquire K1  0.000000s  Waiting  Busy <b>", null));
        ReportRenderer.render(List.of(failed), folder);
        String page = Files.readString(onlyFailurePage());
        assertThat(page).contains("<p class=\"verdict\">divergence at step 4 (acquire K1): the model expected Waiting but the database answered Busy</p>")
                .contains("<pre class=\"trace-text\">&gt;&gt;  4  w1  acquire K1  0.000000s  Waiting  Busy &lt;b&gt;</pre>");
    }

    @Test
    void aFailureWithoutTraceGetsAPageWithItsMessage() throws IOException {
        RunResult coverage = new RunResult(RunResult.SCHEMA_VERSION, "P.coverage", "reference", "", false, null,
                RunResult.Status.FAILED, 300, 300, "1", "2026-11-30T09:00:00Z", 10, 0, null, null, null,
                RunResult.Failure.withoutTrace("Coverage of label 'stale write rejected' failed: <5%", null));
        ReportRenderer.render(List.of(coverage), folder);
        String page = Files.readString(onlyFailurePage());
        assertThat(page).contains("Coverage of label &#39;stale write rejected&#39; failed: &lt;5%").doesNotContain("<svg");
    }

    private Path onlyFailurePage() throws IOException {
        try (Stream<Path> pages = Files.list(folder.resolve("failures"))) {
            List<Path> html = pages.filter(p -> p.toString().endsWith(".html")).toList();
            assertThat(html).hasSize(1);
            return html.get(0);
        }
    }
}
