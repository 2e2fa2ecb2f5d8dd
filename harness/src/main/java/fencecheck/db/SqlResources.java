package fencecheck.db;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * Reads the harness's own SQL files under {@code /fencecheck/sql/} on the class
 * path: the virtual clock, and the one statement a Java variant binds itself.
 * An implementation's SQL is a pack under {@code /fencecheck/packs/}
 * ({@code fencecheck.protocol.pack.SqlPacks}).
 */
public final class SqlResources {

    public static final String ROOT = "/fencecheck/sql/";

    private SqlResources() {
    }

    /** The text of {@code ROOT + path}; fails when there is no such file. */
    public static String load(String path) {
        return find(path).orElseThrow(() -> new IllegalStateException("no SQL resource " + ROOT + path + " on the class path"));
    }

    /** The text of {@code ROOT + path}, or empty when there is no such file. */
    public static Optional<String> find(String path) {
        try (InputStream in = SqlResources.class.getResourceAsStream(ROOT + path)) {
            if (in == null) {
                return Optional.empty();
            }
            return Optional.of(new String(in.readAllBytes(), StandardCharsets.UTF_8).strip());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read SQL resource " + ROOT + path, e);
        }
    }
}
