package fencecheck.properties;

import fencecheck.db.DataDirectories;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The JVMs that run one test run's properties (a build may fork several, each with its own database; they share the
 * run's folder): each says it is running by a file named for its process, and the report is written by one at a time,
 * under a lock, so that the last to finish writes the whole of it and prints the verdict. A JVM that died leaves its
 * file behind; a file whose process is gone does not count.
 */
final class Forks {

    private static final String FAILED = "failed";

    private final Path folder;
    private final String self;

    Forks(Path folder) {
        this(folder, ProcessHandle.current().pid());
    }

    /** As the JVM of process {@code pid} (a test stands in for another JVM so). */
    Forks(Path folder, long pid) {
        this.folder = folder;
        this.self = Long.toString(pid);
    }

    /** This JVM runs properties of the run. */
    void join() {
        try {
            Files.createDirectories(folder);
            Files.deleteIfExists(folder.resolve(self));
            Files.createFile(folder.resolve(self));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot record this test JVM in " + folder + ": " + e.getMessage(), e);
        }
    }

    /**
     * This JVM is done ({@code failedHere}: a test it ran failed): runs {@code work} while no other JVM of the run does
     * the same, and tells it whether this is the last JVM of the run still running, and whether a test failed in any.
     */
    <T> T leave(boolean failedHere, Work<T> work) {
        try {
            Files.createDirectories(folder);
            Path lock = folder.resolveSibling(folder.getFileName() + ".lock");
            try (FileChannel channel = FileChannel.open(lock, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                 FileLock ignored = channel.lock()) {
                Files.deleteIfExists(folder.resolve(self));
                if (failedHere && !Files.exists(folder.resolve(FAILED))) {
                    Files.createFile(folder.resolve(FAILED));
                }
                boolean last = othersRunning() == 0;
                T result = work.run(last, Files.exists(folder.resolve(FAILED)));
                if (last) {
                    DataDirectories.delete(folder);
                    Files.deleteIfExists(lock);
                }
                return result;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot coordinate with the run's other test JVMs in " + folder + ": "
                    + e.getMessage(), e);
        }
    }

    private long othersRunning() throws IOException {
        long running = 0;
        try (DirectoryStream<Path> marks = Files.newDirectoryStream(folder)) {
            for (Path mark : marks) {
                String name = mark.getFileName().toString();
                if (!name.matches("\\d+")) {
                    continue;
                }
                if (ProcessHandle.of(Long.parseLong(name)).isPresent()) {
                    running++;
                } else {
                    Files.deleteIfExists(mark);
                }
            }
        }
        return running;
    }

    @FunctionalInterface
    interface Work<T> {
        T run(boolean last, boolean anyFailed);
    }
}
