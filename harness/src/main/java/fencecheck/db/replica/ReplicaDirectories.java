package fencecheck.db.replica;

import fencecheck.db.DataDirectories;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

/**
 * The directories replicated pairs live in: {@code replicated-<pid>-<n>} under
 * a parent (the embedded server's {@code fencecheck-pg}), one per pair. Those
 * of JVMs that are gone (killed before their shutdown hook ran) are removed,
 * with any server still running in them, when the next pair starts, and so
 * are the half-made templates of such JVMs.
 */
public final class ReplicaDirectories {

    private static final String PREFIX = "replicated-";
    private static final AtomicInteger NUMBER = new AtomicInteger();

    private ReplicaDirectories() {
    }

    /** A directory for a new pair (not yet made), after cleaning up what gone JVMs left. */
    public static Path fresh(Path parent) {
        removeLeftovers(parent);
        Path directory = parent.resolve(PREFIX + ProcessHandle.current().pid() + "-" + NUMBER.incrementAndGet());
        DataDirectories.delete(directory);
        try {
            Files.createDirectories(directory);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make " + directory + " for a replicated pair: " + e.getMessage(), e);
        }
        return directory;
    }

    private static void removeLeftovers(Path parent) {
        if (!Files.isDirectory(parent)) {
            return;
        }
        try (Stream<Path> children = Files.list(parent)) {
            children.filter(Files::isDirectory)
                    .filter(ReplicaDirectories::ofGoneProcess)
                    .forEach(directory -> {
                        DataDirectories.stopOrphanedServer(directory.resolve("a"));
                        DataDirectories.stopOrphanedServer(directory.resolve("b"));
                        DataDirectories.delete(directory);
                    });
        } catch (IOException e) {
            // leftovers are only disk space
        }
    }

    private static boolean ofGoneProcess(Path directory) {
        String name = directory.getFileName().toString();
        String rest;
        if (name.startsWith(PREFIX)) {
            rest = name.substring(PREFIX.length());
        } else if (name.startsWith(ClusterTemplate.STAGING_PREFIX)) {
            rest = name.substring(ClusterTemplate.STAGING_PREFIX.length());
        } else {
            return false;
        }
        String[] parts = rest.split("-");
        try {
            return ProcessHandle.of(Long.parseLong(parts[0])).isEmpty();
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
