package fencecheck.db;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * What the embedded servers leave on disk: a data directory to delete, and the server a killed JVM left running on
 * one. Best effort throughout: only disk space and a leftover process are at stake.
 */
public final class DataDirectories {

    private DataDirectories() {
    }

    /** Deletes {@code path} and everything under it, as far as it can. */
    public static void delete(Path path) {
        if (!Files.exists(path)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(path)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    // best effort: only disk space
                }
            });
        } catch (IOException e) {
            // best effort: only disk space
        }
    }

    /** Stops the postmaster running on {@code dataDirectory}, if its postmaster.pid names a live postgres of that directory. */
    public static void stopOrphanedServer(Path dataDirectory) {
        Path pidFile = dataDirectory.resolve("postmaster.pid");
        try {
            if (!Files.isRegularFile(pidFile)) {
                return;
            }
            String[] lines = Files.readString(pidFile).split("\\R");
            long pid = Long.parseLong(lines[0].strip());
            if (!Path.of(lines[1].strip()).equals(dataDirectory)) {
                return;
            }
            ProcessHandle.of(pid)
                    .filter(p -> p.info().command().map(c -> c.endsWith("postgres")).orElse(false))
                    .ifPresent(p -> {
                        p.destroy();
                        if (p.onExit().orTimeout(5, TimeUnit.SECONDS).exceptionally(t -> p).join().isAlive()) {
                            p.destroyForcibly();
                        }
                    });
        } catch (IOException | RuntimeException e) {
            // only a leftover process; nothing depends on it
        }
    }
}
