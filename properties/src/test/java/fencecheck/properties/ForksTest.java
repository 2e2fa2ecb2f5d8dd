package fencecheck.properties;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

class ForksTest {

    private record Left(boolean last, boolean anyFailed) {
    }

    @TempDir
    Path target;

    @Test
    void onlyTheLastJvmToFinishIsLastAndItHearsOfAFailureInAnother() {
        Path folder = target.resolve("forks").resolve("run");
        Forks first = new Forks(folder, ProcessHandle.current().pid());
        Forks second = new Forks(folder, ProcessHandle.current().parent().orElseThrow().pid());
        first.join();
        second.join();

        assertThat(first.leave(true, Left::new)).isEqualTo(new Left(false, true));
        assertThat(second.leave(false, Left::new)).isEqualTo(new Left(true, true));
        assertThat(folder).doesNotExist();
    }

    @Test
    void aJvmThatDiedWithoutLeavingDoesNotKeepTheOthersFromBeingLast() throws Exception {
        Path folder = target.resolve("forks").resolve("run");
        Process gone = new ProcessBuilder("true").start();
        assertThat(gone.waitFor(10, TimeUnit.SECONDS)).isTrue();
        new Forks(folder, gone.pid()).join();
        Forks alive = new Forks(folder);
        alive.join();

        assertThat(alive.leave(false, Left::new)).isEqualTo(new Left(true, false));
    }

    @Test
    void aSingleJvmIsLastAndKnowsOnlyItsOwnFailure() {
        Path folder = target.resolve("forks").resolve("run");
        Forks only = new Forks(folder);
        only.join();
        assertThat(only.leave(false, Left::new)).isEqualTo(new Left(true, false));
        assertThat(Files.exists(folder)).isFalse();
    }
}
