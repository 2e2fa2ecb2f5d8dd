package fencecheck.trace;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** Reads and writes trace files as JSON, with one-line errors for bad input. */
public final class TraceFiles {

    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES);

    private TraceFiles() {
    }

    public static void write(Trace trace, Path file) {
        save(trace, file);
    }

    private static void save(Trace trace, Path file) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Path partial = file.resolveSibling(file.getFileName() + ".partial");
            JSON.writeValue(partial.toFile(), trace);
            Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("could not save the trace to " + file + ": " + e.getMessage(), e);
        }
    }

    public static String toJson(Trace trace) {
        try {
            return JSON.writeValueAsString(trace);
        } catch (JacksonException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Reads a trace, or throws {@link BadTraceFile} whose message is one line saying what to do. */
    public static Trace read(Path file) {
        return parse(text(file), file.toString());
    }

    /** A trace file's text, or {@link BadTraceFile} saying in one line why it cannot be read. */
    public static String text(Path file) {
        try {
            return Files.readString(file);
        } catch (NoSuchFileException e) {
            throw new BadTraceFile("no trace file at " + file.toAbsolutePath() + ": give the path printed with the failure (under target/fencecheck/traces/)");
        } catch (IOException e) {
            throw new BadTraceFile("cannot read trace file " + file + ": " + e.getMessage());
        }
    }

    private static JsonNode tree(String text, String source) {
        JsonNode tree;
        try {
            tree = JSON.readTree(text);
        } catch (JacksonException e) {
            throw new BadTraceFile(source + " is not valid JSON (line " + e.getLocation().getLineNr()
                    + "): a trace file is the JSON that fencecheck saved with a failure");
        }
        if (tree == null || !tree.isObject() || !tree.has("schemaVersion")) {
            throw new BadTraceFile(source + " is not a fencecheck trace: it has no schemaVersion field");
        }
        return tree;
    }

    /**
     * A network step saved before a fault could be aimed at one statement of a call says none: it hit the
     * call's first, and reads so.
     */
    private static void aimFirstStatementWhereUnsaid(JsonNode tree) {
        JsonNode steps = tree.get("steps");
        if (steps == null || !steps.isArray()) {
            return;
        }
        for (JsonNode step : steps) {
            JsonNode action = step.get("action");
            if (action instanceof ObjectNode network && "network".equals(network.path("do").asText()) && !network.has("statement")) {
                network.put("statement", 1);
            }
        }
    }

    public static Trace parse(String text, String source) {
        JsonNode tree = tree(text, source);
        int version = tree.get("schemaVersion").asInt(-1);
        if (version != Trace.SCHEMA_VERSION) {
            String what = switch (version) {
                case 1 -> " (a lease trace of fencecheck before lease and job traces became one language)";
                case 2 -> " (a job trace of fencecheck before lease and job traces became one language)";
                default -> "";
            };
            throw new BadTraceFile(source + " has trace schema version " + tree.get("schemaVersion") + what
                    + " but this fencecheck reads version " + Trace.SCHEMA_VERSION
                    + ": replay it with the fencecheck version that wrote it, or re-run the property with its seed");
        }
        aimFirstStatementWhereUnsaid(tree);
        try {
            return JSON.treeToValue(tree, Trace.class);
        } catch (JacksonException e) {
            String why = e.getOriginalMessage() == null ? e.getMessage() : e.getOriginalMessage();
            throw new BadTraceFile(source + " is not a valid trace: " + why.lines().findFirst().orElse(why));
        } catch (IllegalArgumentException e) {
            throw new BadTraceFile(source + " is not a valid trace: " + e.getMessage());
        }
    }

    /** A trace file that cannot be used; the message is meant to be shown to the user as it is. */
    public static final class BadTraceFile extends RuntimeException {
        public BadTraceFile(String message) {
            super(message);
        }
    }
}
