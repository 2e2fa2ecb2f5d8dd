package fencecheck.db.replica;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class ReplicaDirectoriesTest {

    @Test
    void aNewPairsDirectoryIsItsOwnAndWhatAGoneJvmLeftIsRemoved(@TempDir Path parent) throws Exception {
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        Path leftover = parent.resolve("replicated-" + gone.pid() + "-1");
        Files.createDirectories(leftover.resolve("a"));
        Files.writeString(leftover.resolve("a").resolve("PG_VERSION"), "18\n");
        Path halfSaved = parent.resolve("staging-replica-" + gone.pid());
        Files.createDirectories(halfSaved);
        Path ofThisJvm = parent.resolve("replicated-" + ProcessHandle.current().pid() + "-999");
        Files.createDirectories(ofThisJvm);
        Path template = parent.resolve("template-abc");
        Files.createDirectories(template);

        Path fresh = ReplicaDirectories.fresh(parent);
        Path another = ReplicaDirectories.fresh(parent);

        assertThat(leftover).doesNotExist();
        assertThat(halfSaved).doesNotExist();
        assertThat(ofThisJvm).isDirectory();
        assertThat(template).isDirectory();
        assertThat(fresh).isDirectory().isEmptyDirectory();
        assertThat(fresh.getFileName().toString()).startsWith("replicated-" + ProcessHandle.current().pid() + "-");
        assertThat(another).isNotEqualTo(fresh);
    }
}
