package fencecheck.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The reports of a finished test run: its own, kept in its run folder with its results
 * ({@code runs/RUN/report/}), and the latest report where a reader looks for it
 * ({@code report/index.html}), which also links the earlier runs still on disk.
 */
public final class RunReports {

    /**
     * @param results the run's results
     * @param index   the latest report's index
     */
    public record Rendered(List<RunResult> results, Path index) {
    }

    /** In the latest report's folder: the id of the run it shows. */
    static final String RUN_FILE = "run.txt";

    private RunReports() {
    }

    /**
     * Renders the results of the run in {@code run} (a folder of {@code runs}) into the run's own report and into
     * {@code latest}.
     */
    public static Rendered render(Path runs, Path run, Path latest) {
        List<RunResult> results = ResultFiles.readAllIn(run.resolve(RunFolders.RESULTS));
        if (!results.isEmpty()) {
            // a test run that ran no property leaves no run folder, so it pushes no earlier run out
            ReportRenderer.render(results, run.resolve(RunFolders.REPORT));
            RunsIndexPage.writeSummary(run.resolve(RunFolders.REPORT), results);
        }
        Path index = ReportRenderer.render(results, latest, earlier(runs, run, latest));
        writeRunOf(latest, results.isEmpty() ? null : run.getFileName().toString());
        writeRunsIndex(runs, results.isEmpty() ? null : run, latest);
        return new Rendered(results, index);
    }

    /**
     * The results the latest report in {@code latest} was rendered from: those of the run it names, none when it
     * names none (a test run that ran no property, whose report is empty, must not print an earlier run's verdict).
     */
    public static List<RunResult> resultsShownIn(Path runs, Path latest) {
        Path marker = latest.resolve(RUN_FILE);
        try {
            if (!Files.isRegularFile(marker)) {
                return List.of();
            }
            String id = Files.readString(marker).strip();
            return RunFolders.isRunId(id) ? ResultFiles.readAllIn(runs.resolve(id).resolve(RunFolders.RESULTS)) : List.of();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + marker.toAbsolutePath() + ": " + e.getMessage(), e);
        }
    }

    /** Every run kept, newest first, beside the latest report's index. */
    private static void writeRunsIndex(Path runs, Path current, Path latest) {
        try {
            Files.writeString(latest.resolve(RunsIndexPage.PAGE), RunsIndexPage.render(RunsIndexPage.list(runs, current, latest)));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + latest.resolve(RunsIndexPage.PAGE).toAbsolutePath() + ": " + e.getMessage(), e);
        }
    }

    private static void writeRunOf(Path latest, String id) {
        try {
            if (id == null) {
                Files.deleteIfExists(latest.resolve(RUN_FILE));
            } else {
                Files.writeString(latest.resolve(RUN_FILE), id + "\n");
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + latest.resolve(RUN_FILE).toAbsolutePath() + ": " + e.getMessage(), e);
        }
    }

    /** The runs before {@code run}, newest first, each linked from the latest report's index. */
    static List<ReportRenderer.EarlierRun> earlier(Path runs, Path run, Path latest) {
        Path current = run.toAbsolutePath().normalize();
        List<ReportRenderer.EarlierRun> earlier = new ArrayList<>();
        for (Path other : RunFolders.list(runs).reversed()) {
            Path folder = other.toAbsolutePath().normalize();
            if (folder.equals(current)) {
                continue;
            }
            Path report = folder.resolve(RunFolders.REPORT).resolve(ReportRenderer.INDEX);
            Path target = Files.isRegularFile(report) ? report : folder.resolve(RunFolders.RESULTS);
            String href = latest.toAbsolutePath().normalize().relativize(target).toString().replace('\\', '/');
            String id = folder.getFileName().toString();
            earlier.add(new ReportRenderer.EarlierRun(id, RunFolders.started(id), href));
        }
        return earlier;
    }
}
