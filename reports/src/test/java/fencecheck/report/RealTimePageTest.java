package fencecheck.report;

import fencecheck.check.TimedOperation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A real-time failure's pages: the full history kept in the result and drawn on a page of its own, linked from
 * the failure page; every instant in ms from the run's start; what shrinking did; no seed command.
 */
class RealTimePageTest {

    @TempDir
    Path temp;

    private static final Pattern OP_BOX = Pattern.compile("<rect class=\"op");

    @Test
    void theResultKeepsTheFullHistoryBesideTheShrunkOne() {
        RunResult run = RealTimeSamples.failing(40);
        RunResult back = ResultFiles.parse(ResultFiles.toJson(run), "round trip");
        assertThat(back).isEqualTo(run);
        assertThat(back.failure().realTime().fullHistory().operations()).hasSize(40);
        assertThat(back.failure().realTime().history().operations()).extracting(TimedOperation::id).containsExactly(3, RealTimeSamples.FAILING);
    }

    /** The size of what a 10 s run keeps (about 5 000 operations): it decides whether the full history goes into the result file. */
    @Test
    void aTenSecondRunsFullHistoryFitsInItsResultFile() {
        RunResult run = RealTimeSamples.failing(5_000);
        int bytes = ResultFiles.toJson(run).getBytes(StandardCharsets.UTF_8).length;
        System.out.printf("result file of a real-time failure with 5 000 operations: %,d bytes%n", bytes);
        assertThat(bytes).isLessThan(4_000_000);
    }

    @Test
    void theFailurePageLinksAPageThatDrawsTheFullHistory() throws IOException {
        RunResult run = RealTimeSamples.failing(300);
        ReportRenderer.render(List.of(run), temp);
        Path failurePage = onlyFailurePage();
        String page = Files.readString(failurePage);
        Matcher link = Pattern.compile("<a class=\"full-history\" href=\"([^\"]+)\"").matcher(page);
        assertThat(link.find()).as("the failure page links the full history").isTrue();
        Path full = failurePage.resolveSibling(link.group(1));
        assertThat(full).exists().hasFileName(failurePage.getFileName().toString().replace(".html", "-full.html"));
        assertThat(count(OP_BOX, page)).as("the failure page draws only the shrunk history").isEqualTo(2);

        String fullPage = Files.readString(full);
        assertThat(count(OP_BOX, fullPage)).as("the full page draws every operation").isEqualTo(300);
        assertThat(fullPage).contains("<table class=\"trace realtime\"").contains(">kept</td>")
                .contains("href=\"" + failurePage.getFileName() + "\"").contains("300 in all");
        for (int id = 1; id <= 300; id++) {
            assertThat(fullPage).contains("<td class=\"num\">" + id + "</td>");
        }
    }

    @Test
    void everyInstantIsInMsFromTheRunsStart() throws IOException {
        ReportRenderer.render(List.of(RealTimeSamples.failing(300)), temp);
        Path failurePage = onlyFailurePage();
        for (Path p : List.of(failurePage, failurePage.resolveSibling(failurePage.getFileName().toString().replace(".html", "-full.html")))) {
            String page = Files.readString(p);
            List<String> ticks = all(Pattern.compile("<text class=\"tick\"[^>]*>([^<]*)</text>"), page);
            assertThat(ticks).as("axis ticks of %s", p.getFileName()).isNotEmpty()
                    .allSatisfy(t -> assertThat(t).matches("\\d+(\\.\\d+)? ms"));
            assertThat(ticks).as("whole ms where the step is").anySatisfy(t -> assertThat(t).matches("[1-9]\\d* ms"));
            List<String> clocks = all(Pattern.compile("<td class=\"clock\">([^<]*)</td>"), page);
            assertThat(clocks).isNotEmpty().allSatisfy(c -> assertThat(Double.parseDouble(c)).isBetween(0.0, 1_000.0));
            // the first operation is invoked 2.5 ms after the start and answers 1.2 ms later
            assertThat(page).doesNotContain("until -").doesNotContain("00000s").doesNotContain("at -");
            assertThat(all(Pattern.compile("until ([-\\d.]+) ms"), page)).isNotEmpty()
                    .allSatisfy(u -> assertThat(Double.parseDouble(u)).isBetween(0.0, 1_000.0));
            assertThat(all(Pattern.compile("(-\\d+\\.\\d+) ms"), page)).as("no negative instant").isEmpty();
        }
        String page = Files.readString(failurePage);
        assertThat(page).contains("for 150.000 ms");
        assertThat(Files.readString(failurePage.resolveSibling(failurePage.getFileName().toString().replace(".html", "-full.html"))))
                .contains("<td class=\"clock\">2.500</td><td class=\"clock\">3.700</td>");
    }

    @Test
    void thePageSaysWhichOperationIsTheCauseAndFromWhichTokenAKeyStarts() throws IOException {
        ReportRenderer.render(List.of(RealTimeSamples.failing(300)), temp);
        String page = Files.readString(onlyFailurePage());
        assertThat(page).contains("The cause: operation 7 (w4: write K2 token 6")
                .contains("judged against operation 3 (w4: acquire K2")
                .contains("<tr class=\"cause\"><td class=\"marker\">*</td><td class=\"num\">3</td>")
                .contains("K2 starts from token 2: the grants before it are left out of this history");
    }

    @Test
    void anotherWorkersOverlappingOperationThatShrinkingPutBackIsNamedAndMarked() throws IOException {
        ReportRenderer.render(List.of(RealTimeSamples.failingWithAnOverlappingOperation(300)), temp);
        String page = Files.readString(onlyFailurePage());
        assertThat(page).contains("other workers' operations that overlap it and change what it reads: operation "
                        + RealTimeSamples.OVERLAPPING + " (w2: renew K2")
                .contains("what overlaps it ~")
                .contains("<tr><td class=\"marker\">~</td><td class=\"num\">" + RealTimeSamples.OVERLAPPING + "</td>");
    }

    @Test
    void thePageSaysWhatShrinkingDidAndOffersNoSeedReplay() throws IOException {
        ReportRenderer.render(List.of(RealTimeSamples.failing(300)), temp);
        String page = Files.readString(onlyFailurePage());
        assertThat(page).doesNotContain("0 steps").doesNotContain("shrinking steps")
                .contains("2 of 300 operations kept").contains("57 checks");
        assertThat(page).doesNotContain("class=\"command rerun\"").doesNotContain("-Dfencecheck.seed").doesNotContain("class=\"seed\"")
                .contains("cannot be replayed").contains("the shrunk one").contains("the full one, 300 operations");
    }

    private Path onlyFailurePage() throws IOException {
        try (var pages = Files.list(temp.resolve(ReportRenderer.FAILURES))) {
            List<Path> found = pages.filter(p -> p.toString().endsWith(".html") && !p.toString().endsWith("-full.html")).toList();
            assertThat(found).hasSize(1);
            return found.get(0);
        }
    }

    private static int count(Pattern pattern, String text) {
        return (int) pattern.matcher(text).results().count();
    }

    private static List<String> all(Pattern pattern, String text) {
        return pattern.matcher(text).results().map(m -> m.group(1)).toList();
    }
}
