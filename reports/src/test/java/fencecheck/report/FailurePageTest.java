package fencecheck.report;

import fencecheck.trace.TraceFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

class FailurePageTest {

    @TempDir
    Path temp;

    /** A report folder inside the repository, as a property run writes it: its commands name paths from the repository root. */
    private Path inRepository(String name) throws IOException {
        Path folder = Path.of(System.getProperty("fencecheck.target", "target")).toAbsolutePath().resolve("failure-page-test").resolve(name);
        if (Files.exists(folder)) {
            try (Stream<Path> old = Files.walk(folder)) {
                old.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
        return folder;
    }

    @Test
    void theFailurePageShowsVerdictTimelineTraceRowsAndCommands() throws IOException {
        Path folder = inRepository("lease");
        Path index = ReportRenderer.render(List.of(SampleResults.passing(), SampleResults.failing()), folder);
        Path page = onlyFailurePage(folder);
        String html = Files.readString(page);

        assertThat(html).contains("<p class=\"verdict\">divergence at step 7");
        assertInOrder(html, "<section id=\"verdict\">", "<section id=\"timeline\">", "<svg class=\"timeline-svg wide\"", "<div class=\"legend\">",
                "<section id=\"reproduce\">", "<section id=\"trace\">", "<section id=\"rows\">", "<section id=\"invariants\">");
        assertThat(html).contains("class=\"divergent\" data-step=\"7\"");
        assertThat(html).contains("data-lane=\"w1\"").contains("data-lane=\"w2\"").doesNotContain("data-lane=\"nemesis\"");
        assertThat(html).contains("K1 &middot; t1").contains("K1 &middot; t2");
        // the pause shades the lane of the worker it stopped
        assertThat(html).contains("class=\"mark write accepted-stale\" data-step=\"7\"").contains("class=\"shade paused\"");
        assertThat(html).contains("<tr class=\"divergent\" data-step=\"7\">");
        assertThat(html).contains("<td class=\"mono expected differs\">Stale</td>")
                .contains("<td class=\"mono observed differs\">Applied</td>");
        assertThat(html).contains("not run: the try stopped at the divergence");
        assertThat(html).contains("seed <code class=\"seed\">-4242</code>");
        assertThat(html).contains("-Dfencecheck.seed=-4242");
        assertThat(html).contains("<h2>Rows the failing step touched</h2>");
        assertThat(html).contains("<tr><td>fenced result r1</td><td class=\"mono differs\">token 2 &middot; payload it&#39;s &quot;final&quot;</td>"
                + "<td class=\"mono differs\">token 1 &middot; payload &lt;b&gt;A&amp;B&lt;/b&gt;</td></tr>");
        assertThat(html).contains("1. no stale acceptance");
        assertThat(Files.readString(index)).contains("href=\"failures/" + page.getFileName() + "\"");
    }

    @Test
    void theReplayCommandUsesTheCopyBesideThePageByItsPathFromTheRepositoryRoot() throws IOException {
        Path folder = inRepository("replay");
        RunResult failing = SampleResults.failing();
        ReportRenderer.render(List.of(failing), folder);
        Path page = onlyFailurePage(folder);
        String html = Files.readString(page);
        Path copy = page.resolveSibling(page.getFileName().toString().replace(".html", ".trace.json"));

        assertThat(TraceFiles.read(copy)).isEqualTo(failing.failure().trace());
        assertThat(html).contains("<a class=\"trace-copy\" href=\"" + copy.getFileName() + "\">");
        String replay = replayArgument(html);
        assertThat(replay).startsWith("reports/target/failure-page-test/replay/failures/").endsWith(".trace.json");
        Path root = Path.of("").toAbsolutePath().getParent();
        assertThat(root.resolve(replay)).isEqualTo(copy);
        assertThat(html).doesNotContain(root.toString()).doesNotContain(failing.failure().reproduce().traceFile());
        assertThat(html.split("class=\"command replay\"", -1)).hasSize(2);
        assertThat(html).contains("<pre class=\"command rerun\">" + Html.esc(failing.failure().reproduce().rerunCommand()) + "</pre>");
        assertThat(html).contains("Run the commands from the root of the repository");
    }

    @Test
    void outsideARepositoryTheReplayPathIsRelativeToTheWorkingDirectory() throws IOException {
        ReportRenderer.render(List.of(SampleResults.failing()), temp);
        Path page = onlyFailurePage(temp);
        String replay = replayArgument(Files.readString(page));
        assertThat(replay).doesNotStartWith("/");
        assertThat(Path.of("").toAbsolutePath().resolve(replay).normalize())
                .isEqualTo(page.resolveSibling(page.getFileName().toString().replace(".html", ".trace.json")).toAbsolutePath().normalize());
    }

    @Test
    void theRepositoryRootIsTheHighestOfConsecutiveFoldersWithAPom() throws IOException {
        Path parent = Files.createDirectories(temp.resolve("repo"));
        Files.writeString(parent.resolve("pom.xml"), "<project/>");
        Path module = Files.createDirectories(parent.resolve("properties"));
        Files.writeString(module.resolve("pom.xml"), "<project/>");
        Path report = Files.createDirectories(module.resolve("target/fencecheck/report"));
        assertThat(RepositoryPaths.root(report)).isEqualTo(parent);
        assertThat(RepositoryPaths.fromRoot(report.resolve("failures/01-x.trace.json"), parent))
                .isEqualTo("properties/target/fencecheck/report/failures/01-x.trace.json");

        // a folder without a pom.xml between two with one ends the walk
        Path nested = Files.createDirectories(temp.resolve("other/plain/inner"));
        Files.writeString(temp.resolve("other/pom.xml"), "<project/>");
        Files.writeString(nested.resolve("pom.xml"), "<project/>");
        assertThat(RepositoryPaths.root(Files.createDirectories(nested.resolve("target/report")))).isEqualTo(nested);
    }

    @Test
    void everyStringFromATraceIsEscaped() throws IOException {
        ReportRenderer.render(List.of(SampleResults.failing(), SampleResults.passing(), SampleResults.faultFailing(),
                SampleResults.jobTakeoverFailing(), SampleResults.jobDuplicateEffectFailing()), temp);
        String index = Files.readString(temp.resolve("index.html"));
        assertThat(index).doesNotContain(SampleResults.NASTY).doesNotContain("<b>").doesNotContain("& overwrite <what");
        for (Path page : failurePages(temp)) {
            String html = Files.readString(page);
            assertThat(html).as(page.getFileName().toString())
                    .doesNotContain(SampleResults.NASTY)
                    .doesNotContain("<b>")
                    .doesNotContain(SampleResults.QUOTED)
                    .doesNotContain("& overwrite <what")
                    .doesNotContain("it's")
                    .contains("&lt;b&gt;A&amp;B&lt;/b&gt;");
            String svg = html.substring(html.indexOf("<svg"), html.indexOf("</svg>"));
            assertThat(svg).doesNotContain(SampleResults.NASTY).doesNotContain(SampleResults.QUOTED);
        }
        String lease = Files.readString(failurePages(temp).stream().filter(p -> p.toString().contains("sink-ignores-token")).findFirst().orElseThrow());
        assertThat(lease).contains("it&#39;s \\&quot;final\\&quot;");
    }

    @Test
    void aJobFailurePageHasATimelineAWaitingTraceTableAndTheJobRows() throws IOException {
        RunResult failing = SampleResults.jobDuplicateEffectFailing();
        ReportRenderer.render(List.of(failing), temp);
        Path page = onlyFailurePage(temp);
        String html = Files.readString(page);

        assertInOrder(html, "<section id=\"verdict\">", "<section id=\"timeline\">", "<g class=\"txn committed\">",
                "<section id=\"reproduce\">", "<table class=\"trace job\">", "<section id=\"rows\">", "<section id=\"invariants\">");
        // the waiting acquire: Waiting at its own step, its answer as a <- row under the commit that let it go on
        assertThat(html).contains("<tr data-step=\"6\"><td class=\"marker\"></td><td class=\"num\">6</td><td class=\"mono actor\">w2</td>")
                .contains("<td class=\"mono expected\">Waiting</td><td class=\"mono observed\">Waiting</td>");
        assertInOrder(html, "<tr data-step=\"9\"><td class=\"marker\"></td><td class=\"num\">9</td><td class=\"mono actor\">w1</td><td><div class=\"mono\">commit</div>",
                "<tr class=\"resumed\" data-step=\"9\"><td class=\"marker\"></td><td class=\"num\">&lt;-</td><td class=\"mono actor\">w2</td>",
                "<tr data-step=\"10\">");
        assertThat(html).contains("<tr class=\"divergent\" data-step=\"16\"><td class=\"marker\">▶</td>")
                .contains("<td class=\"mono expected differs\">Delivered(K1/r1, no effect, not marked)</td>")
                .contains("<td class=\"mono observed differs\">Delivered(K1/r1, effect, not marked)</td>");
        assertThat(html).contains("<td class=\"num\">17</td>").contains("not run: the try stopped at the divergence");
        assertThat(html).contains("<tr><td>consumer effect r1</td><td class=\"mono differs\">applied 1 time</td><td class=\"mono differs\">applied 2 times</td></tr>")
                .contains("<tr><td>business row r1</td><td class=\"mono\">token 1 &middot; payload &lt;b&gt;A&amp;B&lt;/b&gt;</td>")
                .contains("<tr><td>outbox message 1</td>").contains("<tr><td>job state token</td><td class=\"mono\">token 1</td>")
                .contains("<tr><td>fenced result r2</td>");
        assertThat(html).contains("5. each outbox business key takes effect exactly once");

        Path copy = page.resolveSibling(page.getFileName().toString().replace(".html", ".trace.json"));
        assertThat(TraceFiles.read(copy)).isEqualTo(failing.failure().trace());
        assertThat(TraceFiles.read(copy).needsJobOperations()).as("the copy keeps the job statements").isTrue();
        assertThat(replayArgument(html)).endsWith(copy.getFileName().toString()).doesNotStartWith("/");
    }

    @Test
    void aTakeoverThatDidNotWaitShowsTheLeaseRowsThatDiffer() throws IOException {
        ReportRenderer.render(List.of(SampleResults.jobTakeoverFailing()), temp);
        String html = Files.readString(onlyFailurePage(temp));
        assertThat(html).contains("<tr class=\"divergent\" data-step=\"5\">")
                .contains("<td class=\"mono expected differs\">Waiting</td>")
                .contains("<td class=\"mono observed differs\">Granted(token 2, until 20.000001s)</td>")
                .contains("<tr><td>lease</td><td class=\"mono differs\">owner w2 &middot; token 1 &middot; until 10.000000s</td>"
                        + "<td class=\"mono differs\">owner w1 &middot; token 2 &middot; until 20.000001s</td></tr>");
        assertThat(html).contains("class=\"divergent\" data-step=\"5\"").contains("<g class=\"txn open\">");
    }

    @Test
    void aFailureWithoutATraceShowsItsTextInAPre() throws IOException {
        RunResult failed = new RunResult(RunResult.SCHEMA_VERSION, "JobTransactionProperties.interleavedTransactionsAgreeWithModel",
                "check-then-write", "", true, SampleResults.database(), RunResult.Status.FAILED, 2, 2, "1", "2026-11-30T09:00:00Z",
                6_000, 0, null, null, null, RunResult.Failure.withoutTrace(
                        "divergence at step 4 (acquire K1): the model expected Waiting but the database answered Busy\n"
                                + ">>  4  w1  acquire K1  0.000000s  Waiting  Busy <b>", null));
        ReportRenderer.render(List.of(failed), temp);
        String page = Files.readString(onlyFailurePage(temp));
        assertThat(page).contains("<p class=\"verdict\">divergence at step 4 (acquire K1): the model expected Waiting but the database answered Busy</p>")
                .contains("<pre class=\"trace-text\">&gt;&gt;  4  w1  acquire K1  0.000000s  Waiting  Busy &lt;b&gt;</pre>")
                .doesNotContain("<svg").doesNotContain("class=\"command replay\"");
    }

    @Test
    void aFailureWithoutTraceGetsAPageWithItsMessage() throws IOException {
        RunResult coverage = new RunResult(RunResult.SCHEMA_VERSION, "P.coverage", "reference", "", false, null,
                RunResult.Status.FAILED, 300, 300, "1", "2026-11-30T09:00:00Z", 10, 0, null, null, null,
                RunResult.Failure.withoutTrace("Coverage of label 'stale write rejected' failed: <5%",
                        new RunResult.Reproduction("1", null, null, "mvn verify -Dfencecheck.seed=1")));
        ReportRenderer.render(List.of(coverage), temp);
        Path page = onlyFailurePage(temp);
        String html = Files.readString(page);
        assertThat(html).contains("Coverage of label &#39;stale write rejected&#39; failed: &lt;5%").doesNotContain("<svg")
                .contains("<pre class=\"command rerun\">mvn verify -Dfencecheck.seed=1</pre>");
        assertThat(page.resolveSibling(page.getFileName().toString().replace(".html", ".trace.json"))).doesNotExist();
    }

    // ---------------------------------------------------------------------------------------------------------

    /** The trace path in the page's replay command. */
    static String replayArgument(String html) {
        Matcher m = Pattern.compile("<pre class=\"command replay\">[^<]*replay ([^&<\" ]+)&quot;</pre>").matcher(html);
        assertThat(m.find()).as("a replay command").isTrue();
        return m.group(1);
    }

    static void assertInOrder(String html, String... parts) {
        int at = -1;
        for (String part : parts) {
            int next = html.indexOf(part, at + 1);
            assertThat(next).as("'%s' after the part before it", part).isGreaterThan(at);
            at = next;
        }
    }

    @Test
    void aCaughtKnownBugIsNamedCaughtAndAFailedReferenceFailed() throws IOException {
        Path caught = inRepository("caught");
        ReportRenderer.render(List.of(SampleResults.failing()), caught);
        assertThat(Files.readString(onlyFailurePage(caught))).contains("<span class=\"badge caught\">caught (known bug)</span>")
                .contains("<title>CAUGHT ").doesNotContain("badge failed");
        Path failed = inRepository("failed");
        ReportRenderer.render(List.of(BuildVerdictTest.failedReference()), failed);
        assertThat(Files.readString(onlyFailurePage(failed))).contains("<span class=\"badge failed\">failed</span>")
                .contains("<title>FAILED ");
    }

    static List<Path> failurePages(Path folder) throws IOException {
        try (Stream<Path> pages = Files.list(folder.resolve("failures"))) {
            return pages.filter(p -> p.toString().endsWith(".html")).sorted().toList();
        }
    }

    private static Path onlyFailurePage(Path folder) throws IOException {
        List<Path> html = failurePages(folder);
        assertThat(html).hasSize(1);
        return html.get(0);
    }
}
