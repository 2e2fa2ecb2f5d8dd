package fencecheck.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A test run keeps its results and its report in a folder of its own; the newest runs are kept, up to a limit. */
class RunFoldersTest {

    private static final Instant T0 = Instant.parse("2026-11-30T10:00:00Z");

    @TempDir
    Path temp;

    @Test
    void twoRunsInARowLeaveBothRunsResults() throws IOException {
        Path runs = temp.resolve("runs");
        Path latest = temp.resolve("report");
        Path first = runs.resolve(RunFolders.newId(T0));
        Path firstFile = ResultFiles.write(SampleResults.failing(), first.resolve(RunFolders.RESULTS));
        RunReports.render(runs, first, latest);
        Path second = runs.resolve(RunFolders.newId(T0.plusSeconds(90)));
        Path secondFile = ResultFiles.write(SampleResults.passing(), second.resolve(RunFolders.RESULTS));
        RunReports.Rendered rendered = RunReports.render(runs, second, latest);

        assertThat(firstFile).exists();
        assertThat(secondFile).exists();
        assertThat(ResultFiles.readAllIn(first)).containsExactly(SampleResults.failing());
        assertThat(rendered.results()).containsExactly(SampleResults.passing());
        assertThat(ResultFiles.readAll(List.of(runs))).as("a folder of runs reads as its latest run").containsExactly(SampleResults.passing());
        assertThat(RunReports.resultsShownIn(runs, latest)).containsExactly(SampleResults.passing());
        assertThat(first.resolve("report/index.html")).exists();
        assertThat(second.resolve("report/index.html")).exists();
        assertThat(Files.list(first.resolve("report/failures")).toList()).as("the first run's failure page is kept").isNotEmpty();

        String index = Files.readString(rendered.index());
        assertThat(rendered.index()).isEqualTo(latest.resolve("index.html").toAbsolutePath());
        assertThat(index).contains("id=\"earlier-runs\"").contains(first.getFileName().toString()).contains("2026-11-30 10:00:00 UTC")
                .doesNotContain(second.getFileName().toString());
        Matcher link = Pattern.compile("<ul class=\"earlier-runs\">\\s*<li><a href=\"([^\"]+)\"").matcher(index);
        assertThat(link.find()).isTrue();
        assertThat(latest.resolve(link.group(1)).normalize()).isEqualTo(first.resolve("report/index.html").toAbsolutePath().normalize());
    }

    @Test
    void aRunThatRanNoPropertyLeavesNoFolderAndShowsNoEarlierVerdict() {
        Path runs = temp.resolve("runs");
        Path latest = temp.resolve("report");
        Path first = runs.resolve(RunFolders.newId(T0));
        ResultFiles.write(SampleResults.passing(), first.resolve(RunFolders.RESULTS));
        RunReports.render(runs, first, latest);
        Path empty = runs.resolve(RunFolders.newId(T0.plusSeconds(60)));
        RunReports.render(runs, empty, latest);
        assertThat(empty).doesNotExist();
        assertThat(RunReports.resultsShownIn(runs, latest)).isEmpty();
    }

    @Test
    void retentionDeletesOnlyTheOldestRunsBeyondTheLimit() throws IOException {
        Path runs = temp.resolve("runs");
        List<Path> made = new ArrayList<>();
        for (int i = 0; i < 25; i++) {
            Path run = runs.resolve(RunFolders.newId(T0.plus(Duration.ofMinutes(i))));
            ResultFiles.write(SampleResults.passing(), run.resolve(RunFolders.RESULTS));
            made.add(run);
        }
        Path notARun = Files.createDirectories(runs.resolve("my-notes"));
        Path current = made.get(24);

        Instant later = T0.plus(Duration.ofDays(3));
        List<Path> deleted = RunFolders.prune(runs, 20, current, later);

        assertThat(deleted).containsExactlyElementsOf(made.subList(0, 5));
        made.subList(0, 5).forEach(p -> assertThat(p).doesNotExist());
        made.subList(5, 25).forEach(p -> assertThat(p.resolve(RunFolders.RESULTS)).isDirectory());
        assertThat(notARun).as("a folder that is not a run is never deleted").isDirectory();
        assertThat(RunFolders.prune(runs, 20, current, later)).as("nothing more beyond the limit").isEmpty();

        // the current run is kept whatever its name sorts as, and counts toward the limit
        assertThat(RunFolders.prune(runs, 3, made.get(5), later)).containsExactlyElementsOf(made.subList(6, 23));
        assertThat(RunFolders.list(runs)).containsExactly(made.get(5), made.get(23), made.get(24));
    }

    @Test
    void aRunOfTheLastDayIsKeptBeyondTheLimit() throws IOException {
        Path runs = temp.resolve("runs");
        List<Path> made = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            // two runs of the day before yesterday, then four within the last day
            Path run = runs.resolve(RunFolders.newId(T0.plus(Duration.ofHours(i < 2 ? i : 30 + i))));
            ResultFiles.write(SampleResults.passing(), run.resolve(RunFolders.RESULTS));
            made.add(run);
        }
        Instant now = T0.plus(Duration.ofHours(40));

        assertThat(RunFolders.prune(runs, 2, made.get(5), now)).as("only runs older than a day go, oldest first")
                .containsExactlyElementsOf(made.subList(0, 2));
        assertThat(RunFolders.list(runs)).containsExactlyElementsOf(made.subList(2, 6));
    }

    @Test
    void theRunsPageListsEveryRunNewestFirstWithWhatItFound() throws IOException {
        Path runs = temp.resolve("runs");
        Path latest = temp.resolve("report");
        Path first = runs.resolve(RunFolders.newId(T0));
        ResultFiles.write(SampleResults.failing(), first.resolve(RunFolders.RESULTS));
        RunReports.render(runs, first, latest);
        Path second = runs.resolve(RunFolders.newId(T0.plusSeconds(90)));
        ResultFiles.write(SampleResults.passing(), second.resolve(RunFolders.RESULTS));
        RunReports.render(runs, second, latest);

        String page = Files.readString(latest.resolve(RunsIndexPage.PAGE));
        Matcher rows = Pattern.compile("<tr[^>]*><td><a href=\"([^\"]+)\">([^<]+)</a>.*?</td><td class=\"num\">(\\d+)</td><td class=\"num\">(\\d+)</td>")
                .matcher(page);
        List<String> seen = new ArrayList<>();
        while (rows.find()) {
            assertThat(latest.resolve(rows.group(1)).normalize()).exists();
            seen.add(rows.group(2) + " " + rows.group(3) + "/" + rows.group(4));
        }
        assertThat(seen).as("newest first, each with the properties it ran and those that found something")
                .containsExactly("2026-11-30 10:01:30 UTC 1/0", "2026-11-30 10:00:00 UTC 1/1");
        assertThat(Files.readString(latest.resolve("index.html"))).contains("href=\"" + RunsIndexPage.PAGE + "\"");
    }

    @Test
    void runIdsSortByStartAndTheLimitIsASetting() {
        String a = RunFolders.newId(T0);
        String b = RunFolders.newId(T0.plusMillis(1));
        assertThat(a).matches("20261130T100000\\.000Z-[0-9a-f]{6}").isLessThan(b);
        assertThat(RunFolders.isRunId(a)).isTrue();
        assertThat(RunFolders.isRunId("my-notes")).isFalse();
        assertThat(RunFolders.started(b)).isEqualTo(T0.plusMillis(1));
        assertThat(RunFolders.keep(null)).isEqualTo(RunFolders.DEFAULT_KEEP).isEqualTo(20);
        assertThat(RunFolders.keep(" 5 ")).isEqualTo(5);
        assertThat(RunFolders.keep("0")).as("the current run is always kept").isEqualTo(1);
        assertThatThrownBy(() -> RunFolders.keep("many")).hasMessageContaining(RunFolders.KEEP_PROPERTY);
    }
}
