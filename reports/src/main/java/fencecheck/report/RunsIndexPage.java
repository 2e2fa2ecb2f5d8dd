package fencecheck.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * Every test run kept on disk, newest first, each linked to its own report: {@value #PAGE} beside the latest
 * report's index. What a run found is read from the few counts its report left in {@value #SUMMARY}, so the page
 * never reads the result files of twenty runs again.
 */
final class RunsIndexPage {

    static final String PAGE = "runs.html";
    /** In a run's own report folder: how many properties it ran and how many of them found something. */
    static final String SUMMARY = "summary.properties";

    private RunsIndexPage() {
    }

    /** One run as the page lists it; {@code ran} and {@code withFindings} are null where its report left no counts. */
    record Listed(String id, String href, Integer ran, Integer withFindings, boolean latest) {
    }

    /** Writes the counts of a run's results into its report folder. */
    static void writeSummary(Path report, List<RunResult> results) {
        Properties counts = new Properties();
        counts.setProperty("ran", String.valueOf(results.size()));
        counts.setProperty("withFindings", String.valueOf(results.stream().filter(RunResult::failed).count()));
        try (var out = Files.newBufferedWriter(report.resolve(SUMMARY))) {
            counts.store(out, "fencecheck run summary");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + report.resolve(SUMMARY).toAbsolutePath() + ": " + e.getMessage(), e);
        }
    }

    /** The runs in {@code runs}, newest first, with links relative to {@code latest}; {@code current} is marked as the latest. */
    static List<Listed> list(Path runs, Path current, Path latest) {
        Path here = latest.toAbsolutePath().normalize();
        Path now = current == null ? null : current.toAbsolutePath().normalize();
        List<Listed> listed = new ArrayList<>();
        for (Path run : RunFolders.list(runs).reversed()) {
            Path folder = run.toAbsolutePath().normalize();
            Path report = folder.resolve(RunFolders.REPORT);
            Path target = Files.isRegularFile(report.resolve(ReportRenderer.INDEX)) ? report.resolve(ReportRenderer.INDEX)
                    : folder.resolve(RunFolders.RESULTS);
            Properties counts = readSummary(report.resolve(SUMMARY));
            listed.add(new Listed(folder.getFileName().toString(), here.relativize(target).toString().replace('\\', '/'),
                    count(counts, "ran"), count(counts, "withFindings"), folder.equals(now)));
        }
        return listed;
    }

    static String render(List<Listed> runs) {
        StringBuilder h = new StringBuilder(Pages.head("fencecheck runs", IndexStyle.CSS));
        h.append("<header><div class=\"top\"><h1>fencecheck runs</h1></div><p>").append(runs.size())
                .append(runs.size() == 1 ? " test run" : " test runs").append(" kept, newest first · <a href=\"")
                .append(ReportRenderer.INDEX).append("\">the latest report</a></p></header>\n<main>\n");
        h.append("<section id=\"runs-kept\"><h2>Runs kept</h2>\n<p class=\"muted small\">Each run keeps its results and its report in its")
                .append(" own folder. The oldest beyond <code>").append(RunFolders.KEEP_PROPERTY).append("</code> (")
                .append(RunFolders.DEFAULT_KEEP).append(" by default) are deleted, but never a run of the last day.</p>\n")
                .append("<table class=\"runs-kept\"><thead><tr><th>started</th><th class=\"num\">properties run</th>")
                .append("<th class=\"num\">with findings</th><th>run</th></tr></thead><tbody>\n");
        for (Listed run : runs) {
            h.append("<tr").append(run.withFindings() != null && run.withFindings() > 0 ? " class=\"with-findings\"" : "").append("><td><a href=\"")
                    .append(Html.esc(run.href())).append("\">").append(Html.esc(Pages.WHEN.format(RunFolders.started(run.id())))).append("</a>")
                    .append(run.latest() ? " <span class=\"badge passed\">this run</span>" : "").append("</td><td class=\"num\">")
                    .append(run.ran() == null ? "-" : run.ran()).append("</td><td class=\"num\">")
                    .append(run.withFindings() == null ? "-" : run.withFindings()).append("</td><td class=\"mono small\">")
                    .append(Html.esc(run.id())).append("</td></tr>\n");
        }
        return h.append("</tbody></table></section>\n</main>\n</body>\n</html>\n").toString();
    }

    private static Properties readSummary(Path file) {
        Properties counts = new Properties();
        if (Files.isRegularFile(file)) {
            try (var in = Files.newBufferedReader(file)) {
                counts.load(in);
            } catch (IOException e) {
                // a summary that cannot be read leaves its run listed without counts
                return new Properties();
            }
        }
        return counts;
    }

    private static Integer count(Properties counts, String name) {
        try {
            String value = counts.getProperty(name);
            return value == null ? null : Integer.valueOf(value.strip());
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
