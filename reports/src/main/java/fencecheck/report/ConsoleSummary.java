package fencecheck.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a test run prints about its results, so a passing build stays short:
 * one line per run of a correct implementation with the coverage of the
 * situations its property declares a floor for, then the verdict and the
 * report's path. Known-buggy variants' traces stay in the report.
 */
public final class ConsoleSummary {

    private ConsoleSummary() {
    }

    /**
     * {@code RUNS_FOLDER REPORT_INDEX}: prints the verdict over the results of the run the report was
     * rendered from and the path of the report, or nothing when no result was written (tests skipped). The build runs it
     * in its last phase, inside the build tool's own process (so it never exits the process), making these
     * the final lines before the build tool's summary.
     */
    public static void main(String[] args) {
        if (args.length != 2) {
            throw new IllegalArgumentException("usage: ConsoleSummary RUNS_FOLDER REPORT_INDEX");
        }
        Path index = Path.of(args[1]);
        List<RunResult> results = RunReports.resultsShownIn(Path.of(args[0]), index.toAbsolutePath().getParent());
        if (!results.isEmpty() && java.nio.file.Files.exists(index)) {
            verdictLines(results, index).forEach(System.out::println);
        }
    }

    /** One line per run that is not a known-buggy variant, with its status, tries and declared coverage. */
    public static List<String> coverageLines(List<RunResult> runs) {
        List<String> lines = new ArrayList<>();
        for (RunResult run : runs) {
            if (run.knownBuggyVariant()) {
                continue;
            }
            StringBuilder line = new StringBuilder("fencecheck: ").append(run.property()).append(" [").append(run.implementation())
                    .append("] ").append(run.status().name().toLowerCase(Locale.ROOT)).append(", ").append(run.tries()).append(" tries");
            RunResult.Statistics st = run.statistics();
            if (st != null) {
                List<String> shares = new ArrayList<>();
                for (RunResult.SituationCount c : st.situations()) {
                    if (c.floorPercent() != null) {
                        shares.add(String.format(Locale.ROOT, "%s %.0f%%%s", c.label(), c.percentOf(st.tries()),
                                st.judged() && c.belowFloor(st.tries()) ? " (BELOW FLOOR)" : ""));
                    }
                }
                if (!shares.isEmpty()) {
                    line.append("; coverage (floor ").append(String.format(Locale.ROOT, "%.0f%%", st.floorPercent())).append("): ")
                            .append(String.join(", ", shares));
                }
            }
            lines.add(line.toString());
        }
        return lines;
    }

    /** The verdict over every run and the path of the report's index, the two lines a reader looks for last. */
    public static List<String> verdictLines(List<RunResult> runs, Path index) {
        return verdictLines(runs, shown(index));
    }

    /** The same, with the index's path as the reader should type it (e.g. from the repository root). */
    public static List<String> verdictLines(List<RunResult> runs, String index) {
        List<String> lines = new ArrayList<>();
        List<String> notRun = runs.stream().filter(r -> r.status() == RunResult.Status.NOT_APPLICABLE).map(RunResult::property).toList();
        if (!notRun.isEmpty()) {
            lines.add("fencecheck: not applicable here, not run: " + String.join(", ", notRun));
        }
        lines.add("fencecheck verdict: " + BuildVerdict.of(runs).sentence());
        lines.add("fencecheck report: " + index);
        return lines;
    }

    /** A path under the working directory as a relative one (shorter, and the same on every machine), else absolute. */
    static String shown(Path path) {
        return RepositoryPaths.fromRoot(path, Path.of(""));
    }
}
