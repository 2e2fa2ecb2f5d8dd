package fencecheck.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * One folder per test run under a {@code runs} folder, so that a run never replaces the results of
 * an earlier one: {@code runs/RUN/results/} holds its result files and {@code runs/RUN/report/} its
 * report. A run's id is its start in UTC (so names sort by start) and a random suffix (so two runs
 * started in the same millisecond, e.g. two builds on one machine, do not share a folder). Only the
 * newest {@value #DEFAULT_KEEP} runs are kept by default ({@value #KEEP_PROPERTY}), to bound the disk, and
 * never a run of the last day: a morning's failures stay while the seed command is re-run all afternoon.
 */
public final class RunFolders {

    public static final String RESULTS = "results";
    public static final String REPORT = "report";
    public static final String KEEP_PROPERTY = "fencecheck.keepRuns";
    public static final int DEFAULT_KEEP = 20;
    /** Runs younger than this are kept whatever their number. */
    public static final Duration ALWAYS_KEPT = Duration.ofDays(1);

    private static final DateTimeFormatter ID_TIME = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss.SSS'Z'", Locale.ROOT)
            .withZone(ZoneOffset.UTC);
    /** Only folders named like a run id are runs: retention never deletes anything else a user put there. */
    private static final Pattern ID = Pattern.compile("\\d{8}T\\d{6}\\.\\d{3}Z-[0-9a-f]{6}");

    private RunFolders() {
    }

    /** A new run id for a run started at {@code start}. */
    public static String newId(Instant start) {
        return ID_TIME.format(start) + "-" + HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextInt(1 << 24)).substring(2);
    }

    /**
     * The run id of a build that runs its tests in several JVMs, all started at {@code buildStart} (the build's
     * timestamp, in the format of a run id's time): the same in each, so that their results make one run.
     */
    public static Optional<String> idOfBuild(String buildStart) {
        if (buildStart == null || !buildStart.matches("\\d{8}T\\d{6}\\.\\d{3}Z")) {
            return Optional.empty();
        }
        return Optional.of(buildStart + "-" + HexFormat.of().toHexDigits(buildStart.hashCode()).substring(2));
    }

    public static boolean isRunId(String name) {
        return ID.matcher(name).matches();
    }

    /** When the run of {@code id} started, as the report shows it. */
    public static Instant started(String id) {
        return Instant.from(ID_TIME.parse(id.substring(0, id.indexOf('-'))));
    }

    /** The runs in {@code runs}, oldest first; none when the folder does not exist. */
    public static List<Path> list(Path runs) {
        if (!Files.isDirectory(runs)) {
            return List.of();
        }
        List<Path> found = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(runs, p -> Files.isDirectory(p) && isRunId(p.getFileName().toString()))) {
            entries.forEach(found::add);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the runs in " + runs.toAbsolutePath() + ": " + e.getMessage(), e);
        }
        found.sort(Comparator.comparing(p -> p.getFileName().toString()));
        return found;
    }

    public static Optional<Path> latest(Path runs) {
        List<Path> all = list(runs);
        return all.isEmpty() ? Optional.empty() : Optional.of(all.get(all.size() - 1));
    }

    /**
     * The folder of result files that {@code folder} names: itself, a run folder's {@code results}, or, for a
     * folder of runs, the latest run's; itself when none of these applies (the caller then says it holds no results).
     */
    public static Path resultsIn(Path folder) {
        if (Files.isDirectory(folder.resolve(RESULTS))) {
            return folder.resolve(RESULTS);
        }
        return latest(folder).map(run -> run.resolve(RESULTS)).orElse(folder);
    }

    /** {@link #prune(Path, int, Path, Instant)} as of now. */
    public static List<Path> prune(Path runs, int keep, Path current) {
        return prune(runs, keep, current, Instant.now());
    }

    /**
     * Deletes the oldest runs beyond the newest {@code keep} ({@code current} is never deleted, whatever its
     * name sorts as, nor a run started less than {@link #ALWAYS_KEPT} before {@code now}) and returns those
     * deleted, oldest first.
     */
    public static List<Path> prune(Path runs, int keep, Path current, Instant now) {
        List<Path> all = new ArrayList<>(list(runs));
        Path kept = current == null ? null : current.toAbsolutePath().normalize();
        all.removeIf(p -> p.toAbsolutePath().normalize().equals(kept));
        int allowed = Math.max(0, keep - (kept == null ? 0 : 1));
        Instant recent = now.minus(ALWAYS_KEPT);
        List<Path> deleted = new ArrayList<>(all.subList(0, Math.max(0, all.size() - allowed)));
        deleted.removeIf(run -> started(run.getFileName().toString()).isAfter(recent));
        for (Path run : deleted) {
            deleteTree(run);
        }
        return deleted;
    }

    /** The number of runs to keep: {@value #KEEP_PROPERTY}, at least 1 (the current run). */
    public static int keep(String setting) {
        if (setting == null || setting.isBlank()) {
            return DEFAULT_KEEP;
        }
        try {
            return Math.max(1, Integer.parseInt(setting.strip()));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(KEEP_PROPERTY + " must be a number of runs to keep, not " + setting);
        }
    }

    private static void deleteTree(Path folder) {
        try (Stream<Path> walk = Files.walk(folder)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete the old run " + folder.toAbsolutePath() + ": " + e.getMessage(), e);
        }
    }
}
