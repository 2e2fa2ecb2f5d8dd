package fencecheck.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import fencecheck.api.Outcome;
import fencecheck.job.JobCommand;
import fencecheck.job.JobOutcome;
import fencecheck.model.Command;
import fencecheck.run.FailoverFacts;
import fencecheck.run.HistoryEntry;
import fencecheck.trace.Action;
import fencecheck.trace.Step;
import fencecheck.trace.Trace;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A failover on a replicated pair under {@code async}, run in a lock-step try and written to a result file, drawn:
 * the primary strip shows which server was primary when, the failover is a band of its own (not a crash), and the
 * grant and write it lost are struck through, with a legend entry and the same in words under the drawing.
 */
class FailoverTimelineTest {

    private static RunResult run;
    private static String json;

    @BeforeAll
    static void failOver() {
        run = RealFailures.failover();
        json = ResultFiles.toJson(run);
    }

    @Test
    void theResultFileCarriesTheFailoverFacts() {
        RunResult read = ResultFiles.parse(json, "failover");
        FailoverFacts facts = read.failure().history().stream().map(HistoryEntry::failover).filter(Objects::nonNull).findFirst().orElseThrow();
        assertThat(facts).isEqualTo(facts(run));
        assertThat(facts.replication()).isEqualTo("async");
        assertThat(facts.primaryBefore()).startsWith("port ").isNotEqualTo(facts.primaryAfter());
        // the grant (step 2), the fenced write (step 3) and the job's commit (step 7) were acknowledged while the
        // standby was stopped; the steps inside the transaction committed nothing of their own
        assertThat(facts.keptStep()).isEqualTo(1);
        assertThat(facts.lostSteps()).containsExactly(2, 3, 7);
    }

    @Test
    void thePageDrawsWhichServerWasPrimaryWhenAndStrikesTheLostCommits() throws IOException {
        String page = render(ResultFiles.parse(json, "failover"), "failover-report");
        FailoverFacts facts = facts(run);
        for (String svg : List.of(svg(page, "wide"), svg(page, "narrow"))) {
            // two stretches: server A until the failover at step 8, server B after
            assertThat(all(svg, "<g class=\"primary\" data-server=\"([A-Z])\"")).containsExactly("A", "B");
            assertThat(svg).contains("server A (" + facts.primaryBefore() + ") was the primary from the start until the failover at step 8")
                    .contains("server B (" + facts.primaryAfter() + ") was the primary from step 8 to the end")
                    .contains("class=\"band failover\" data-step=\"8\"").contains(">failover (async): A &rarr; B<")
                    .doesNotContain("database-crash");
            // what the failover lost: the grant, the write and the commit struck through, the transaction outlined, and
            // the lease bar ended at the failover; w2's grant after it is not lost
            assertThat(svg).contains("class=\"mark grant lost-commit\" data-step=\"2\"")
                    .contains("class=\"mark write lost-commit accepted\" data-step=\"3\"")
                    .contains("class=\"mark commit lost-commit\" data-step=\"7\"")
                    .contains("<g class=\"txn committed lost-commit\"><title>transaction committed, then lost in the failover</title>")
                    .contains("class=\"lease lost-commit lost-in-the-failover\"")
                    .doesNotContain("class=\"mark grant lost-commit\" data-step=\"9\"").contains("class=\"mark grant\" data-step=\"9\"");
            // the stop of the standby that made it lag behind
            assertThat(svg).contains("class=\"mark standby-stops\" data-step=\"1\"").contains(">standby stops<");
            // three marks, each a line on a white edge, and the lease's line
            assertThat(count(svg, "<path class=\"struck\"")).isEqualTo(3 * 2 + 1);
            TimelineTest.assertReadable(svg);
        }
        // the narrow drawing keeps its text readable in an 800 px window: not shrunk below the least scale
        double narrowWidth = Double.parseDouble(first(svg(page, "narrow"), "data-width=\"([0-9.]+)\""));
        assertThat(narrowWidth * 0.62).isLessThanOrEqualTo(Timeline.NARROW);
        assertThat(page).contains("data-key=\"primary\"").contains("data-key=\"failover\"").contains("data-key=\"lost-commit\"")
                .doesNotContain("data-key=\"database-crash\"");
        // the text alternative: the same story in words
        assertThat(page).contains("<p class=\"failover-note\">Step 8: failover (async); server A (" + facts.primaryBefore()
                + ") was the primary until then, server B (" + facts.primaryAfter() + ") from then on; it lost what steps 2, 3, 7 committed: w1 ")
                .contains("; w1 commit (committed).</p>");
    }

    @Test
    void aVersion4ResultStillRendersItsFailoverAsACrash() throws IOException {
        ObjectMapper mapper = new ObjectMapper();
        ObjectNode old = (ObjectNode) mapper.readTree(json);
        old.put("schemaVersion", 4);
        for (JsonNode entry : old.get("failure").get("history")) {
            ((ObjectNode) entry).remove("failover");
        }
        RunResult read = ResultFiles.parse(mapper.writeValueAsString(old), "old");
        assertThat(read.failure().history()).allMatch(e -> e.failover() == null);
        String svg = svg(render(read, "failover-v4-report"), "wide");
        assertThat(svg).contains("class=\"band database-crash\" data-step=\"8\"").doesNotContain("class=\"primaries\"")
                .doesNotContain("lost-commit");

        old.put("schemaVersion", RunResult.SCHEMA_VERSION + 1);
        assertThatThrownBy(() -> ResultFiles.parse(mapper.writeValueAsString(old), "new.json"))
                .hasMessage("new.json has result schema version " + (RunResult.SCHEMA_VERSION + 1) + " but this fencecheck reads version "
                        + RunResult.SCHEMA_VERSION + " (and 4): render it with the fencecheck version that wrote it");
    }

    @Test
    void aServerThatBecomesPrimaryAgainKeepsItsLetterAndAFailoverThatLostNothingStrikesNothing() {
        // under on nothing acknowledged is lost: two failovers, back and forth between the pair's two servers
        HistoryEntry grant = new HistoryEntry(1, HistoryEntry.Kind.STATEMENT, false, "w1", "acquire K1",
                SampleResults.lease("w1", new Command.Acquire("K1", "w1", Trace.DEFAULT_LEASE_TTL)), 0,
                SampleResults.answered(new Outcome.Granted(1, Trace.DEFAULT_LEASE_TTL)),
                SampleResults.answered(new Outcome.Granted(1, Trace.DEFAULT_LEASE_TTL)), "K1", null, null, null);
        List<HistoryEntry> history = List.of(grant, failover(2, "port 5001", "port 5002"), failover(3, "port 5002", "port 5001"));
        Trace trace = Trace.of("reference", List.of(Step.worker(1, new Action.Acquire("K1")), Step.nemesis(new Action.Failover()),
                Step.nemesis(new Action.Failover())));
        RunResult.Failure failure = new RunResult.Failure("sample", null, List.of(), trace, history, null);

        String svg = Timeline.svg(failure);
        assertThat(all(svg, "<g class=\"primary\" data-server=\"([A-Z])\"")).containsExactly("A", "B", "A");
        assertThat(svg).contains(">failover (on): A &rarr; B<").contains(">failover (on): B &rarr; A<")
                .contains("class=\"mark grant\" data-step=\"1\"").doesNotContain("lost-commit");
        TimelineTest.assertReadable(svg);
        assertThat(TimelineFailovers.summary(failure)).contains("Step 2: failover (on); server A (port 5001) was the primary until then,"
                + " server B (port 5002) from then on; it lost no commit.").contains("Step 3: failover (on); server B (port 5002)");
    }

    private static HistoryEntry failover(int step, String before, String after) {
        return new HistoryEntry(step, HistoryEntry.Kind.FAULT, false, Step.NEMESIS, "failover", new JobCommand.CrashDatabase(), 0,
                null, new JobOutcome.Restarted(), null, null, null, null, null, null, null,
                new FailoverFacts("on", false, before, after, step - 1, List.of()));
    }

    private static FailoverFacts facts(RunResult r) {
        return r.failure().history().stream().map(HistoryEntry::failover).filter(Objects::nonNull).findFirst().orElseThrow();
    }

    private static String render(RunResult r, String folder) throws IOException {
        Path report = Path.of(System.getProperty("fencecheck.target", "target")).toAbsolutePath().resolve(folder);
        ReportRenderer.render(List.of(r), report);
        return Files.readString(FailurePageTest.failurePages(report).getFirst());
    }

    private static String svg(String html, String variant) {
        int start = html.indexOf("<svg class=\"timeline-svg " + variant + "\"");
        return html.substring(start, html.indexOf("</svg>", start) + 6);
    }

    private static List<String> all(String text, String regex) {
        return Pattern.compile(regex).matcher(text).results().map(m -> m.group(1)).toList();
    }

    private static String first(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        assertThat(m.find()).as(regex).isTrue();
        return m.group(1);
    }

    private static long count(String text, String literal) {
        return Pattern.compile(Pattern.quote(literal)).matcher(text).results().count();
    }
}
