package fencecheck.properties;

import fencecheck.report.RepositoryPaths;
import fencecheck.report.RunFolders;

import java.nio.file.Path;
import java.time.Instant;

/** Where a run leaves its files (under the module's build directory), and how a reader at the repository root names them. */
final class Paths {

    /** Set by a build that runs its tests in several JVMs: the build's start, which names their one run. */
    static final String BUILD_START_PROPERTY = "fencecheck.buildStart";

    /**
     * This JVM's test run: every property it runs writes its result into the run's folder (see {@link RunFolders});
     * the JVMs of one build share it.
     */
    private static final String RUN_ID = RunFolders.idOfBuild(System.getProperty(BUILD_START_PROPERTY))
            .orElseGet(() -> RunFolders.newId(Instant.now()));

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

    /** Where the JVMs of this run say they are running, so that the last to finish can tell (see {@link Forks}). */
    static Path forks() {
        return target().resolve("fencecheck").resolve("forks").resolve(RUN_ID);
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
