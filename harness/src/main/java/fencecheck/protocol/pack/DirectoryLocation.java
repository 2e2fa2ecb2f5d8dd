package fencecheck.protocol.pack;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A pack in a directory on disk. {@code shown} is the path as the user wrote
 * it, which messages repeat so the user recognises it.
 */
record DirectoryLocation(Path directory, String shown) implements PackLocation {

    DirectoryLocation {
        directory = directory.toAbsolutePath().normalize();
    }

    @Override
    public Optional<String> read(String file) {
        Path path = directory.resolve(file);
        if (!Files.isRegularFile(path)) {
            return Optional.empty();
        }
        try {
            return Optional.of(Files.readString(path, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new PackException(describe(file) + " cannot be read (" + e.getMessage() + "); make it readable");
        }
    }

    @Override
    public String describe(String file) {
        return shown.replaceAll("/+$", "") + "/" + file;
    }

    @Override
    public String key() {
        return "file:" + directory;
    }

    @Override
    public String describe() {
        return shown;
    }

    @Override
    public PackLocation resolve(String path) {
        Path target = directory.resolve(path).normalize();
        return new DirectoryLocation(target, describe(path));
    }

    @Override
    public List<String> sqlFiles() {
        try (Stream<Path> files = Files.walk(directory, 2)) {
            return files.filter(p -> Files.isRegularFile(p) && p.getFileName().toString().endsWith(".sql"))
                    .map(p -> directory.relativize(p).toString().replace('\\', '/'))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Equal when they are the same directory, however the user wrote it. */
    @Override
    public boolean equals(Object other) {
        return other instanceof DirectoryLocation d && d.directory.equals(directory);
    }

    @Override
    public int hashCode() {
        return directory.hashCode();
    }
}
