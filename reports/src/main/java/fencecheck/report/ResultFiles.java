package fencecheck.report;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/**
 * Result files: one JSON file per property run, written into a results
 * folder and read back from one or more of them. Every problem with the input
 * is a {@link BadResultFile} whose message is one line to show as it is.
 */
public final class ResultFiles {

    public static final String SUFFIX = ".json";

    private static final ObjectMapper JSON = ModelJson.register(new ObjectMapper())
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);

    private ResultFiles() {
    }

    /** Writes {@code result} as a new file in {@code folder} and returns its path; never overwrites another run's file. */
    public static Path write(RunResult result, Path folder) {
        try {
            Files.createDirectories(folder);
            String base = fileName(result.property() + "--" + result.implementation() + "--" + (result.seed() == null ? "noseed" : result.seed()));
            Path file = folder.resolve(base + SUFFIX);
            for (int n = 2; Files.exists(file); n++) {
                file = folder.resolve(base + "--" + n + SUFFIX);
            }
            Path partial = folder.resolve(file.getFileName() + ".partial");
            Files.writeString(partial, toJson(result));
            Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException("could not write the result of " + result.property() + " to " + folder + ": " + e.getMessage(), e);
        }
    }

    public static String toJson(RunResult result) {
        try {
            return JSON.writeValueAsString(result);
        } catch (JacksonException e) {
            throw new IllegalStateException("cannot write the result of " + result.property() + " as JSON: " + e.getOriginalMessage(), e);
        }
    }

    /**
     * Every result in the given folders (or single files), in file-name order per folder. A folder may also be
     * a run's folder or a folder of runs (see {@link RunFolders}): then the run's results, or the latest run's, are read.
     *
     * @throws BadResultFile when a folder is missing or holds no result, or a file is not a readable result
     */
    public static List<RunResult> readAll(List<Path> sources) {
        if (sources.isEmpty()) {
            throw new BadResultFile("no folder of results given: name at least one folder of result JSON files (e.g. properties/target/fencecheck/runs, for the latest run)");
        }
        List<RunResult> results = new ArrayList<>();
        for (Path source : sources) {
            if (Files.isRegularFile(source)) {
                results.add(read(source));
                continue;
            }
            if (!Files.isDirectory(source)) {
                throw new BadResultFile("no such folder: " + source.toAbsolutePath() + " (give folders of result JSON files, e.g. properties/target/fencecheck/runs)");
            }
            if (!holdsResults(source)) {
                source = RunFolders.resultsIn(source);
            }
            List<Path> files = new ArrayList<>();
            try (DirectoryStream<Path> found = Files.newDirectoryStream(source, "*" + SUFFIX)) {
                found.forEach(files::add);
            } catch (IOException e) {
                throw new BadResultFile("cannot list " + source.toAbsolutePath() + ": " + e.getMessage());
            }
            if (files.isEmpty()) {
                throw new BadResultFile(source.toAbsolutePath() + " holds no result files (*" + SUFFIX + "); run the properties first, or name a folder of results or of runs");
            }
            files.sort(null);
            for (Path file : files) {
                results.add(read(file));
            }
        }
        return results;
    }

    /**
     * Every result in one folder (a run's, or the latest of a folder of runs), or none when the folder does not exist
     * or holds no result file.
     */
    public static List<RunResult> readAllIn(Path folder) {
        if (!Files.isDirectory(folder)) {
            return List.of();
        }
        Path results = holdsResults(folder) ? folder : RunFolders.resultsIn(folder);
        return holdsResults(results) ? readAll(List.of(results)) : List.of();
    }

    private static boolean holdsResults(Path folder) {
        if (!Files.isDirectory(folder)) {
            return false;
        }
        try (DirectoryStream<Path> found = Files.newDirectoryStream(folder, "*" + SUFFIX)) {
            return found.iterator().hasNext();
        } catch (IOException e) {
            throw new BadResultFile("cannot list " + folder.toAbsolutePath() + ": " + e.getMessage());
        }
    }

    /** Reads one result file. */
    public static RunResult read(Path file) {
        String text;
        try {
            text = Files.readString(file);
        } catch (IOException e) {
            throw new BadResultFile("cannot read " + file.toAbsolutePath() + ": " + e.getMessage());
        }
        return parse(text, file.toAbsolutePath().toString());
    }

    public static RunResult parse(String text, String source) {
        JsonNode tree;
        try {
            tree = JSON.readTree(text);
        } catch (JacksonException e) {
            throw new BadResultFile(source + " is not valid JSON (line " + e.getLocation().getLineNr()
                    + "): a result file is the JSON fencecheck writes after each property run");
        }
        if (tree == null || !tree.isObject() || !tree.has("schemaVersion") || !tree.has("property")) {
            throw new BadResultFile(source + " is not a fencecheck result file: it has no schemaVersion and property fields");
        }
        JsonNode version = tree.get("schemaVersion");
        if (!version.canConvertToInt() || version.asInt() > RunResult.SCHEMA_VERSION || version.asInt() < RunResult.OLDEST_READABLE_VERSION) {
            throw new BadResultFile(source + " has result schema version " + version + " but this fencecheck reads version "
                    + RunResult.SCHEMA_VERSION + " (and " + RunResult.OLDEST_READABLE_VERSION
                    + "): render it with the fencecheck version that wrote it");
        }
        try {
            return JSON.treeToValue(tree, RunResult.class);
        } catch (JacksonException e) {
            String why = e.getOriginalMessage() == null ? String.valueOf(e.getMessage()) : e.getOriginalMessage();
            String where = e instanceof JsonMappingException d && !d.getPath().isEmpty()
                    ? " (at " + path(d.getPath()) + ")" : "";
            throw new BadResultFile(source + " is not a valid result file" + where + ": " + why.lines().findFirst().orElse(why));
        } catch (IllegalArgumentException e) {
            throw new BadResultFile(source + " is not a valid result file: " + e.getMessage());
        }
    }

    private static String path(List<JsonMappingException.Reference> references) {
        StringBuilder s = new StringBuilder();
        for (var r : references) {
            if (r.getFieldName() != null) {
                s.append(s.isEmpty() ? "" : ".").append(r.getFieldName());
            } else if (r.getIndex() >= 0) {
                s.append('[').append(r.getIndex()).append(']');
            }
        }
        return s.toString();
    }

    /** A name safe on every file system, made of letters, digits, dots, dashes and underscores. */
    static String fileName(String text) {
        String safe = text.replaceAll("[^A-Za-z0-9._-]+", "_");
        return safe.length() > 150 ? safe.substring(0, 150) : safe;
    }

    /** A result file or folder that cannot be used; the message is one line meant for the user as it is. */
    public static final class BadResultFile extends RuntimeException {
        public BadResultFile(String message) {
            super(message);
        }
    }
}
