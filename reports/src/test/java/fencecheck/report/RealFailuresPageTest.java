package fencecheck.report;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tries that really fail on the embedded PostgreSQL, rendered: each failure
 * page has its timeline above the trace table, readable, with the failing
 * write or statement drawn, and a replay command for the copy beside it.
 */
class RealFailuresPageTest {

    @Test
    void realFailuresRenderWithATimeline() throws IOException {
        RunResult lease = RealFailures.lease();
        RunResult fault = RealFailures.fault();
        RunResult job = RealFailures.job();
        Path report = Path.of(System.getProperty("fencecheck.target", "target")).toAbsolutePath().resolve("real-failures-report");
        ReportRenderer.render(List.of(lease, fault, job), report);

        String leasePage = page(report, lease);
        String leaseSvg = svg(leasePage);
        assertThat(leaseSvg).contains("class=\"mark write accepted-stale\" data-step=\"7\"").contains("class=\"lease expired\"")
                .contains("class=\"shade paused\"").contains("class=\"divergent\" data-step=\"7\"");
        assertThat(TimelineTest.lanes(leaseSvg)).containsExactly("w1", "w2");

        String faultSvg = svg(page(report, fault));
        // the answer the network lost, the restart that left w2 behind as a zombie, the retry the variant answers Busy
        assertThat(faultSvg).contains("class=\"mark network\" data-step=\"5\"").contains("class=\"mark grant-lost\" data-step=\"5\"")
                .contains("class=\"lease answer-lost")
                .contains("class=\"mark restart\" data-step=\"2\"><title>restart w2: w2 lives on as zombie z2").contains("class=\"shade zombie\"")
                .contains("class=\"mark busy\" data-step=\"6\"").contains("class=\"divergent\" data-step=\"6\"");
        assertThat(TimelineTest.lanes(faultSvg)).containsExactly("w1", "w2");

        String jobPage = page(report, job);
        String jobSvg = svg(jobPage);
        // check-then-write lets the takeover through without a wait; its stale job's commit is what breaks invariant 1
        assertThat(jobSvg).contains("<g class=\"txn committed\">").contains(">claim t1<").contains("class=\"mark write accepted\"")
                .contains("class=\"mark grant\" data-step=\"6\"").contains("class=\"band violation\" data-step=\"8\"")
                .contains("class=\"mark commit accepted-stale\" data-step=\"8\"").contains(">breaks invariant 1<")
                .doesNotContain("class=\"divergent\"");
        // the page's first sentence names who did what, and the model's state at step 8 stands beside the database's
        assertThat(jobPage).contains("<p class=\"headline\">w1&#39;s job committed with token 1 after w2 was granted token 2 at 10.000001 s:"
                + " invariant 1. no stale acceptance broken (step 8).</p>");
        assertThat(jobPage).contains("<section id=\"model-state\">").contains("w2 &middot; token 2 &middot; until 20.000001 s (valid)");
        assertThat(TimelineTest.lanes(jobSvg)).containsExactly("w1", "w2");
        // the model's state after each step travels in the result file and comes back as it was written
        assertThat(job.failure().modelStates()).hasSize(8);
        assertThat(ResultFiles.parse(ResultFiles.toJson(job), "job").failure().modelStates()).isEqualTo(job.failure().modelStates());
        assertThat(jobPage).contains("<table class=\"trace job\">");

        for (String html : List.of(leasePage, page(report, fault), jobPage)) {
            TimelineTest.assertReadable(svg(html));
            FailurePageTest.assertInOrder(html, "<section id=\"verdict\">", "<svg class=\"timeline-svg wide\"", "<table class=\"trace");
            assertThat(FailurePageTest.replayArgument(html)).startsWith("reports/target/real-failures-report/failures/").endsWith(".trace.json");
            assertThat(html).doesNotContain(SampleResults.NASTY).doesNotContain(report.toString());
        }
    }

    private static String page(Path report, RunResult run) throws IOException {
        Path page = FailurePageTest.failurePages(report).stream().filter(p -> p.getFileName().toString().contains(run.implementation()))
                .findFirst().orElseThrow();
        return Files.readString(page);
    }

    private static String svg(String html) {
        return html.substring(html.indexOf("<svg class=\"timeline-svg wide\""), html.indexOf("</svg>") + 6);
    }
}
