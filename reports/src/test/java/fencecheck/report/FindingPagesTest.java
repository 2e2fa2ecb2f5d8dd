package fencecheck.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** A run with several findings: one page each, linked to one another, and one line each in the index. */
class FindingPagesTest {

    @TempDir
    Path folder;

    /** The failing sample, its failure the first of three findings, and one more kind found but not shrunk. */
    static RunResult withThreeFindings() {
        RunResult one = SampleResults.failing();
        RunResult.Failure f = one.failure();
        RunResult.Failure first = finding(f, "safety", "write to CURRENT_FENCE broke invariant 1. no stale acceptance", null);
        RunResult.Failure second = finding(f, "conformance", "write to CURRENT_FENCE answered Applied where the model expects Stale", null);
        RunResult.Failure third = finding(f, "conformance", "renew answered Renewed where the model expects <RenewRejected>",
                "the time bound of 60 s");
        return new RunResult(one.schemaVersion(), one.property(), one.implementation(), one.implementationNote(), one.knownBuggyVariant(),
                one.database(), one.status(), one.tries(), one.checks(), one.seed(), one.startedAt(), one.durationMillis(),
                one.shrinkingSteps(), one.originalTraceSize(), one.statistics(), one.monitoring(), first, List.of(second, third),
                List.of(new RunResult.FindingFacts("conformance", "release answered Released where the model expects ReleaseRejected",
                        2, 30, 0, 0, null))).examinedBy(one.examinedBy());
    }

    private static RunResult.Failure finding(RunResult.Failure f, String severity, String kind, String cutShortBy) {
        return new RunResult.Failure(kind + ": " + f.verdict(), f.divergentStep(), f.violations(), f.trace(), f.history(), f.reproduce(),
                null, new RunResult.FindingFacts(severity, kind, 3, 5, 31, 87, cutShortBy));
    }

    @Test
    void everyFindingHasAPageThatLinksTheOthers() throws IOException {
        RunResult run = withThreeFindings();
        String index = Files.readString(ReportRenderer.render(List.of(run), folder));

        List<String> pages;
        try (Stream<Path> files = Files.list(folder.resolve(ReportRenderer.FAILURES))) {
            pages = files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".html")).sorted().toList();
        }
        assertThat(pages).hasSize(3);
        String base = pages.stream().filter(n -> !n.contains("-finding")).findFirst().orElseThrow().replace(".html", "");
        assertThat(pages).contains(base + "-finding2.html", base + "-finding3.html");
        assertThat(Files.list(folder.resolve(ReportRenderer.FAILURES)).map(p -> p.getFileName().toString()))
                .as("each finding's trace is copied beside its page").contains(base + ".trace.json", base + "-finding2.trace.json",
                        base + "-finding3.trace.json");

        String second = Files.readString(folder.resolve(ReportRenderer.FAILURES).resolve(base + "-finding2.html"));
        String links = ReportRendererTest.section(second, "findings");
        assertThat(links).contains("href=\"" + base + ".html\">safety: write to CURRENT_FENCE broke invariant 1. no stale acceptance</a>")
                .contains("<strong>conformance: write to CURRENT_FENCE answered Applied where the model expects Stale</strong>")
                .contains("href=\"" + base + "-finding3.html\">conformance: renew answered Renewed where the model expects &lt;RenewRejected&gt;</a>")
                .contains("release answered Released where the model expects ReleaseRejected");
        assertThat(ReportRendererTest.section(second, "verdict")).contains("2 of 3, conformance: write to CURRENT_FENCE answered Applied")
                .contains("from 31 to " + run.failure().traceSteps() + " trace steps in 87 re-runs");
        assertThat(ReportRendererTest.section(second, "reproduce")).contains(base + "-finding2.trace.json");
        String third = Files.readString(folder.resolve(ReportRenderer.FAILURES).resolve(base + "-finding3.html"));
        assertThat(ReportRendererTest.section(third, "verdict")).contains("cut short by the time bound of 60 s");

        assertThat(ReportRendererTest.section(index, "runs"))
                .contains("href=\"failures/" + base + ".html\">safety: write to CURRENT_FENCE broke invariant 1")
                .contains("href=\"failures/" + base + "-finding2.html\">conformance: write to CURRENT_FENCE answered Applied")
                .contains("href=\"failures/" + base + "-finding3.html\">conformance: renew answered Renewed")
                .contains("and 1 more kinds, not shrunk");
    }

    @Test
    void aRunWithOneFindingHasOnePageAndNoListOfFindings() throws IOException {
        ReportRenderer.render(List.of(SampleResults.failing()), folder);
        try (Stream<Path> files = Files.list(folder.resolve(ReportRenderer.FAILURES))) {
            List<Path> pages = files.filter(p -> p.toString().endsWith(".html")).toList();
            assertThat(pages).hasSize(1);
            assertThat(Files.readString(pages.get(0))).doesNotContain("<section id=\"findings\"");
        }
    }

    @Test
    void theFindingsSurviveTheResultFile() {
        RunResult run = withThreeFindings();

        assertThat(ResultFiles.parse(ResultFiles.toJson(run), "round trip")).isEqualTo(run);
    }
}
