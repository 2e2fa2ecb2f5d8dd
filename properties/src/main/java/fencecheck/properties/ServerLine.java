package fencecheck.properties;

import fencecheck.db.Database;
import fencecheck.report.ConsoleSummary;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The first line a run prints: the server its properties run on, with its version and platform, e.g.
 * {@code fencecheck: PostgreSQL 18.1 (embedded, linux-amd64)}. Printed once the settings check has reached the
 * database, before any property's first try; once per run, though a build may run it in several JVMs (the first to
 * get there prints it, the others find the line it left and print it only when theirs differs).
 */
final class ServerLine {

    private static final AtomicBoolean PRINTED = new AtomicBoolean();

    private ServerLine() {
    }

    static void printOnce(Database database) {
        if (!PRINTED.compareAndSet(false, true)) {
            return;
        }
        String line = "fencecheck: " + describe(database);
        if (firstInRun(line, Paths.forks().resolve("server-line"))) {
            ConsoleSummary.wrapped(line).forEach(System.out::println);
        }
    }

    /** What the database says of itself, or its kind alone when it cannot say more. */
    static String describe(Database database) {
        try {
            return database.describe();
        } catch (RuntimeException e) {
            return "PostgreSQL (" + database.kind() + "; its version could not be read: " + e.getMessage() + ")";
        }
    }

    /** Whether {@code line} is not yet what another JVM of the run printed (kept in {@code mark}); records it when it is the first. */
    static boolean firstInRun(String line, Path mark) {
        try {
            Files.createDirectories(mark.getParent());
            Files.writeString(mark, line, StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            return true;
        } catch (FileAlreadyExistsException e) {
            try {
                // empty: the other JVM is writing it, and prints it
                String printed = Files.readString(mark, StandardCharsets.UTF_8);
                return !printed.isEmpty() && !printed.equals(line);
            } catch (IOException unreadable) {
                return true;
            }
        } catch (IOException e) {
            return true;
        }
    }
}
