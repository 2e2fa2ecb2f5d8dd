package fencecheck.report;

import java.nio.file.Path;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What a test run prints about its results, so a passing build stays short:
 * one line per run the build ran itself with its coverage in a few words, then
 * the verdict and the report's path; no line longer than {@link #WIDTH}. The
 * inner runs of fencecheck's own tests stay in the report.
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
        if (!results.isEmpty() && Files.exists(index)) {
            verdictLines(results, index).forEach(System.out::println);
        }
    }

    /** The longest line fencecheck prints: a console, a CI log and a mail all show it whole. */
    public static final int WIDTH = 120;

    /**
     * One line per run the build itself ran (not one of fencecheck's own tests' inner runs): its status and tries,
     * and, for a run whose coverage was judged, the situations under their floor or the least reached one; a line
     * longer than {@link #WIDTH} is wrapped.
     */
    public static List<String> coverageLines(List<RunResult> runs) {
        List<String> lines = new ArrayList<>();
        for (RunResult run : runs) {
            if (run.examinedBy() != null) {
                continue;
            }
            StringBuilder line = new StringBuilder("fencecheck: ").append(run.property()).append(" [").append(run.implementation())
                    .append("] ").append(run.status().name().toLowerCase(Locale.ROOT)).append(", ").append(run.tries()).append(" tries");
            coverage(run.statistics()).ifPresent(c -> line.append("; ").append(c));
            lines.addAll(wrapped(line.toString()));
        }
        return lines;
    }

    /** The coverage of a judged run in a few words: which situations fell under the floor, or that all met it and the lowest. */
    private static Optional<String> coverage(RunResult.Statistics st) {
        if (st == null || !st.judged()) {
            return Optional.empty();
        }
        List<RunResult.SituationCount> floored = st.situations().stream().filter(c -> c.floorPercent() != null).toList();
        if (floored.isEmpty()) {
            return Optional.empty();
        }
        String floor = String.format(Locale.ROOT, "%.0f%%", st.floorPercent());
        List<String> below = floored.stream().filter(c -> c.belowFloor(st.tries()))
                .map(c -> String.format(Locale.ROOT, "%s %.0f%%", c.label(), c.percentOf(st.tries()))).toList();
        if (!below.isEmpty()) {
            return Optional.of("UNDER the coverage floor of " + floor + ": " + String.join(", ", below));
        }
        RunResult.SituationCount lowest = floored.stream().min(Comparator.comparingInt(RunResult.SituationCount::tries)).orElseThrow();
        return Optional.of(String.format(Locale.ROOT, "coverage met (%d situations at %s or more, lowest: %s %.0f%%)",
                floored.size(), floor, lowest.label(), lowest.percentOf(st.tries())));
    }

    /** {@code line} cut at spaces into lines of at most {@link #WIDTH} characters, the later ones indented. */
    public static List<String> wrapped(String line) {
        return wrapped(line, WIDTH);
    }

    /** {@code line} cut at spaces into lines of at most {@code width} characters, the later ones indented. */
    public static List<String> wrapped(String line, int width) {
        List<String> lines = new ArrayList<>();
        String rest = line;
        String indent = "";
        while (indent.length() + rest.length() > width) {
            int room = width - indent.length();
            int cut = rest.lastIndexOf(' ', room);
            if (cut <= 0) {
                cut = room;
            }
            lines.add(indent + rest.substring(0, cut).stripTrailing());
            rest = rest.substring(cut).stripLeading();
            indent = "    ";
        }
        lines.add(indent + rest);
        return lines;
    }

    /** The verdict over every run and the path of the report's index, the two lines a reader looks for last. */
    public static List<String> verdictLines(List<RunResult> runs, Path index) {
        return verdictLines(runs, shown(index));
    }

    /**
     * The same, with the index's path as the reader should type it (e.g. from the repository root). Before them, for a
     * built-in known-buggy variant the build ran itself, whether the properties that declare it caught it: the verdict
     * is about the run, the line says what a variant's run shows.
     */
    public static List<String> verdictLines(List<RunResult> runs, String index) {
        List<String> lines = new ArrayList<>();
        runs.stream().filter(r -> r.examinedBy() == null && r.knownBuggyVariant())
                .map(r -> "fencecheck: known-buggy variant " + r.implementation() + (r.failed() ? " caught by " : " NOT caught by ")
                        + Pages.shortProperty(r.property()) + ", which declares it")
                .map(ConsoleSummary::wrapped).forEach(lines::addAll);
        long notes = runs.stream().flatMap(r -> r.notes().stream()).filter(n -> !n.ofACluster()).count();
        long overlaps = runs.stream().flatMap(r -> r.notes().stream()).filter(RunResult.Note::ofACluster).count();
        if (overlaps > 0) {
            lines.addAll(wrapped("fencecheck: " + overlaps + (overlaps == 1 ? " note" : " notes")
                    + " of runs of one job that overlapped (no guarantee broken), in the report"));
        }
        if (notes > 0) {
            lines.addAll(wrapped("fencecheck: " + notes + (notes == 1 ? " conformance note" : " conformance notes")
                    + " (an answer the reference would not give that breaks no guarantee), in the report"));
        }
        List<String> notRun = runs.stream().filter(r -> r.status() == RunResult.Status.NOT_APPLICABLE).map(r -> Pages.shortProperty(r.property())).toList();
        if (!notRun.isEmpty()) {
            lines.addAll(wrapped("fencecheck: not applicable here, not run: " + String.join(", ", notRun)));
        }
        lines.addAll(wrapped("fencecheck verdict: " + BuildVerdict.of(runs).sentence()));
        lines.addAll(wrapped("fencecheck report: " + index));
        return lines;
    }

    /** A path under the working directory as a relative one (shorter, and the same on every machine), else absolute. */
    static String shown(Path path) {
        return RepositoryPaths.fromRoot(path, Path.of(""));
    }
}
