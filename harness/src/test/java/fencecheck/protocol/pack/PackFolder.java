package fencecheck.protocol.pack;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A pack written into a folder by a test, file by file. */
record PackFolder(Path directory) {

    static PackFolder at(Path directory) {
        return new PackFolder(directory);
    }

    PackFolder with(String file, String text) {
        try {
            Path path = directory.resolve(file);
            Files.createDirectories(path.getParent());
            Files.writeString(path, text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }

    /** A copy of the built-in reference pack's files, under another name. */
    PackFolder copyOfReference(String name) {
        SqlPack reference = SqlPacks.builtIn("reference");
        for (Operation operation : Operation.values()) {
            reference.find(operation).ifPresent(f -> with(operation.file(), f.text()));
        }
        return with("fencecheck.properties", "name=" + name + "\n");
    }

    /** The reference's files without the job files: a lease-only pack. */
    PackFolder leaseOnlyCopyOfReference(String name) {
        copyOfReference(name);
        try (var files = Files.list(directory.resolve("job"))) {
            for (Path f : files.toList()) {
                Files.delete(f);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }

    String path() {
        return directory.toString();
    }
}
