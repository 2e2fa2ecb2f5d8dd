package fencecheck.properties;

import java.nio.file.Path;

/** Where a run leaves its files: under the module's build directory. */
final class Paths {

    private Paths() {
    }

    static Path target() {
        return Path.of(System.getProperty("fencecheck.target", "target")).toAbsolutePath().normalize();
    }

    static Path traces() {
        return target().resolve("fencecheck").resolve("traces");
    }
}
