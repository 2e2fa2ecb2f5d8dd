package fencecheck.properties;

import java.nio.file.Files;
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

    /**
     * The root of the build: the highest folder above the module, through consecutive folders that
     * each hold a pom.xml (a multi-module build), or the working directory when none does.
     */
    static Path repositoryRoot() {
        Path here = target().getParent();
        Path root = null;
        while (here != null && Files.isRegularFile(here.resolve("pom.xml"))) {
            root = here;
            here = here.getParent();
        }
        return root != null ? root : Path.of("").toAbsolutePath();
    }

    /** {@code path} as a reader types it from the repository root, so printed commands work on any machine. */
    static String fromRoot(Path path) {
        Path absolute = path.toAbsolutePath().normalize();
        Path root = repositoryRoot();
        return absolute.startsWith(root) ? root.relativize(absolute).toString() : absolute.toString();
    }
}
