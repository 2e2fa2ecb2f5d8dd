package fencecheck.db;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where the embedded PostgreSQL server writes what it prints (initdb, pg_ctl, the postmaster's log): a file
 * under the build's {@code target/} folder, {@code target/fencecheck/postgres.log}, appended to by every start
 * in the JVM. The server's processes write into the file themselves, so its lines never pass through a logger,
 * and no logging configuration can bring them onto the console.
 */
public final class ServerLog {

    static final String TARGET_PROPERTY = "fencecheck.target";

    private ServerLog() {
    }

    /**
     * {@code fencecheck.target} (the build's folder, set by fencecheck's build) when given, else {@code ./target}
     * when there is one (a project's tests run in its root), else beside the server's data in the temporary folder,
     * so nothing is written outside a build folder.
     */
    public static Path file() {
        String target = System.getProperty(TARGET_PROPERTY);
        if (target != null && !target.isBlank()) {
            return Path.of(target).toAbsolutePath().normalize().resolve("fencecheck").resolve("postgres.log");
        }
        Path local = Path.of("target").toAbsolutePath();
        if (Files.isDirectory(local)) {
            return local.resolve("fencecheck").resolve("postgres.log");
        }
        return Path.of(System.getProperty("java.io.tmpdir"), "fencecheck-pg", "postgres-" + ProcessHandle.current().pid() + ".log");
    }

    /** The redirect for the server's output and errors: appending to {@link #file()}, or discarding when it cannot be made. */
    static ProcessBuilder.Redirect redirect() {
        Path file = file();
        try {
            Files.createDirectories(file.getParent());
            return ProcessBuilder.Redirect.appendTo(file.toFile());
        } catch (IOException | RuntimeException e) {
            return ProcessBuilder.Redirect.DISCARD;
        }
    }
}
