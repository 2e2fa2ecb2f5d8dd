package fencecheck.report;

import fencecheck.trace.TraceFiles;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Renders results as a self-contained HTML report: {@code index.html} with
 * one row per run (failures first), the coverage statistics and the
 * monitoring figures, and one page per finding of a failed run under {@code failures/} with
 * the verdict, the reproduction commands, the timeline, the shrunk trace and
 * the rows the failing step touched. No script, no network: every page opens
 * from {@code file://}. Every string from a result goes through {@link Html#esc}.
 */
public final class ReportRenderer {

    public static final String INDEX = "index.html";
    public static final String FAILURES = "failures";

    private ReportRenderer() {
    }

    /** Failures first (unexpected ones before those of known-buggy variants), then by property and implementation. */
    static final Comparator<RunResult> ORDER = Comparator
            .comparing((RunResult r) -> !r.failed())
            .thenComparing(RunResult::knownBuggyVariant)
            .thenComparing(RunResult::property, Comparator.nullsLast(Comparator.naturalOrder()))
            .thenComparing(RunResult::implementation, Comparator.nullsLast(Comparator.naturalOrder()))
            .thenComparing(RunResult::startedAt, Comparator.nullsLast(Comparator.naturalOrder()));

    /**
     * Writes the report into {@code folder} (replacing an earlier one there) and returns the path of its index.
     */
    public static Path render(List<RunResult> results, Path folder) {
        return render(results, folder, List.of());
    }

    /**
     * An earlier run kept on disk, as the index lists it.
     *
     * @param href its report's index (or, when it wrote none, its folder of results), relative to the index that links it
     */
    public record EarlierRun(String id, Instant started, String href) {
    }

    /**
     * Writes the report into {@code folder} (replacing an earlier one there), with links to the {@code earlier}
     * runs (newest first), and returns the path of its index.
     */
    public static Path render(List<RunResult> results, Path folder, List<EarlierRun> earlier) {
        List<RunResult> runs = new ArrayList<>(results);
        runs.sort(ORDER);
        Path failures = folder.resolve(FAILURES);
        try {
            Files.createDirectories(failures);
            removeOldPages(failures);
            List<String> pages = new ArrayList<>();
            for (int i = 0; i < runs.size(); i++) {
                RunResult run = runs.get(i);
                if (run.failure() == null) {
                    pages.add(null);
                    continue;
                }
                String name = String.format(Locale.ROOT, "%02d-%s", i + 1,
                        ResultFiles.fileName(Pages.shortProperty(run.property()) + "-" + run.implementation()));
                String fullPage = null;
                RunResult.RealTime rt = run.failure().realTime();
                if (rt != null && rt.fullHistory() != null) {
                    // a page of its own: thousands of operations would bury the failure page's story
                    fullPage = FullHistoryPage.fileName(name);
                    Files.writeString(failures.resolve(fullPage), FullHistoryPage.render(run, name + ".html"));
                }
                List<RunResult.Failure> findings = run.findings();
                List<String> names = new ArrayList<>();
                for (int k = 1; k <= findings.size(); k++) {
                    names.add(findingPage(name, k));
                }
                for (int k = 1; k <= findings.size(); k++) {
                    String page = names.get(k - 1);
                    Files.writeString(failures.resolve(page + ".html"), FailurePage.render(run, k, names,
                            copyTrace(findings.get(k - 1), failures, page), k == 1 ? fullPage : null));
                }
                pages.add(FAILURES + "/" + name + ".html");
            }
            Path index = folder.resolve(INDEX);
            Files.writeString(index, IndexPage.render(runs, pages, earlier));
            return index.toAbsolutePath();
        } catch (IOException e) {
            throw new UncheckedIOException("could not write the report to " + folder.toAbsolutePath() + ": " + e.getMessage(), e);
        }
    }

    /**
     * The page of a run's {@code number}th finding (from 1), without {@code .html}: the first is the run's page
     * {@code base}, each other {@code base-findingN}, so a page's link does not change when a run finds more.
     */
    static String findingPage(String base, int number) {
        return number == 1 ? base : base + "-finding" + number;
    }

    /**
     * Saves the failure's shrunk trace beside its page, where a reader of the report finds it;
     * null when the failure has no trace.
     */
    private static FailurePage.TraceCopy copyTrace(RunResult.Failure failure, Path failures, String name) {
        if (failure.trace() == null) {
            return null;
        }
        Path copy = failures.resolve(name + ".trace.json").toAbsolutePath().normalize();
        TraceFiles.write(failure.trace(), copy);
        return new FailurePage.TraceCopy(copy.getFileName().toString(), RepositoryPaths.fromRoot(copy, RepositoryPaths.root(failures)));
    }

    private static void removeOldPages(Path failures) throws IOException {
        try (DirectoryStream<Path> old = Files.newDirectoryStream(failures, "*.{html,json}")) {
            for (Path file : old) {
                Files.deleteIfExists(file);
            }
        }
    }
}
