package fencecheck.report;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Paths as a reader types them from the root of the repository, so that a
 * printed or rendered command works on any machine and not only on the one
 * that ran the build.
 */
public final class RepositoryPaths {

    private RepositoryPaths() {
    }

    /**
     * The root of the repository {@code folder} lies in: from the folder up to the nearest folder
     * with a pom.xml, then up through the consecutive folders that hold one too (the parent of a
     * multi-module build); the working directory when no folder above has one.
     */
    public static Path root(Path folder) {
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

    /** {@code file} as typed from {@code root}: relative (with {@code ..} when it lies outside), with forward slashes. */
    public static String fromRoot(Path file, Path root) {
        Path relative = root.toAbsolutePath().normalize().relativize(file.toAbsolutePath().normalize());
        return relative.toString().replace(File.separatorChar, '/');
    }
}
