package fencecheck.properties;

import fencecheck.report.RepositoryPaths;
import fencecheck.report.RunFolders;

import java.nio.file.Path;
import java.time.Instant;

/** Where a run leaves its files (under the module's build directory), and how a reader at the repository root names them. */
final class Paths {

    /** This JVM's test run: every property it runs writes its result into the run's folder (see {@link RunFolders}). */
    private static final String RUN_ID = RunFolders.newId(Instant.now());

    private Paths() {
    }

    /** The folder of test runs, one folder each. */
    static Path runs() {
        return target().resolve("fencecheck").resolve("runs");
    }

    /** This test run's folder: its results, then its report. */
    static Path run() {
        return runs().resolve(RUN_ID);
    }

    /** The latest run's report, where a reader looks for it. */
    static Path report() {
        return target().resolve("fencecheck").resolve("report");
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
