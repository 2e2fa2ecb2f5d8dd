package fencecheck.report;

import fencecheck.check.Violation;
import fencecheck.model.KeyState;
import fencecheck.model.Lease;
import fencecheck.model.StoredResult;
import fencecheck.run.HistoryEntry;
import fencecheck.run.OperationMetrics;
import fencecheck.trace.Step;
import fencecheck.trace.TraceFiles;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;

/** What every page of the report shares: its head and a few ways to shorten text. */
final class Pages {

    static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'", Locale.ROOT)
            .withZone(ZoneOffset.UTC);

    private Pages() {
    }

    static String head(String title) {
        return head(title, "");
    }

    /** The head of a page with the shared style and, after it, the page's own ({@code pageStyle}, may be empty). */
    static String head(String title, String pageStyle) {
        return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                + "<link rel=\"icon\" href=\"data:,\">\n"
                + "<title>" + Html.esc(title) + "</title>\n<style>\n" + Html.STYLE + pageStyle + "</style>\n</head>\n<body>\n";
    }

    static String shortProperty(String property) {
        return property == null ? "?" : property;
    }

    static String clip(String text, int max) {
        if (text == null) {
            return "";
        }
        String line = text.lines().findFirst().orElse("");
        return line.length() <= max ? line : line.substring(0, max - 1) + "…";
    }

    /**
     * The root of the repository a report folder lies in: from the folder up to the nearest
     * folder with a pom.xml, then up through the consecutive folders that hold one too (the
     * parent of a multi-module build); the working directory when no folder above has one.
     */
    static Path repositoryRoot(Path folder) {
        Path here = folder.toAbsolutePath().normalize();
        while (here != null && !Files.isRegularFile(here.resolve("pom.xml"))) {
            here = here.getParent();
        }
        if (here == null) {
            return Path.of("").toAbsolutePath();
        }
        while (here.getParent() != null && Files.isRegularFile(here.getParent().resolve("pom.xml"))) {
            here = here.getParent();
        }
        return here;
    }

    /** {@code file} as typed from {@code root}: relative, with forward slashes, so a command works on any machine. */
    static String fromRoot(Path file, Path root) {
        Path relative = root.toAbsolutePath().normalize().relativize(file.toAbsolutePath().normalize());
        return relative.toString().replace(java.io.File.separatorChar, '/');
    }
}
