package fencecheck.properties;

import fencecheck.report.RepositoryPaths;

import java.nio.file.Path;

/** Where a run leaves its files (under the module's build directory), and how a reader at the repository root names them. */
final class Paths {

    private Paths() {
    }

    static Path target() {
        return Path.of(System.getProperty("fencecheck.target", "target")).toAbsolutePath().normalize();
    }

    static Path traces() {
        return target().resolve("fencecheck").resolve("traces");
    }

    /** The root of the build this run's target folder belongs to. */
    static Path repositoryRoot() {
        return RepositoryPaths.root(target());
    }

    /** {@code path} as a reader types it from the repository root, so printed commands work on any machine. */
    static String fromRoot(Path path) {
        return RepositoryPaths.fromRoot(path, repositoryRoot());
    }
}
