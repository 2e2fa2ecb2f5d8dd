package fencecheck.db.cluster;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The user's failover command: bounded, and a failure said in one line with its exit code and the end of its output. */
class FailoverCommandTest {

    @TempDir
    Path dir;

    @Test
    void aCommandThatSucceedsRunsThroughTheShellAndLogsItsOutput() throws Exception {
        Path log = dir.resolve("failover-command.log");
        new FailoverCommand("echo promoted \"$((1 + 1))\" | tr a-z A-Z", Duration.ofSeconds(10), log).run();
        assertThat(Files.readString(log)).contains("fencecheck runs the failover command: echo promoted").contains("PROMOTED 2");
    }

    @Test
    void aFailingCommandIsOneLineWithItsExitCodeAndTheEndOfItsOutput() {
        Path log = dir.resolve("failover-command.log");
        FailoverCommand failing = new FailoverCommand("echo first run; exit 0", Duration.ofSeconds(10), log);
        failing.run();
        assertThatThrownBy(() -> new FailoverCommand("echo 'Error: cluster demo not found'; echo line two >&2; exit 3",
                Duration.ofSeconds(10), log).run())
                .isInstanceOf(IllegalStateException.class)
                .hasMessageNotContaining("\n")
                .hasMessageStartingWith("the failover command `echo 'Error: cluster demo not found'; echo line two >&2; exit 3` exited with 3 after ")
                .hasMessageContaining("its output ended: Error: cluster demo not found line two;")
                // only this run's output, not the earlier one's
                .hasMessageNotContaining("first run")
                .hasMessageContaining("run it by hand");
    }

    @Test
    void aCommandThatDoesNotEndInTimeIsKilledWithEverythingItStarted() throws Exception {
        Path log = dir.resolve("failover-command.log");
        Path pid = dir.resolve("child.pid");
        long started = System.nanoTime();
        assertThatThrownBy(() -> new FailoverCommand("echo waiting; sleep 60 & echo $! > '" + pid + "'; wait", Duration.ofSeconds(1), log).run())
                .isInstanceOf(IllegalStateException.class)
                .hasMessageNotContaining("\n")
                .hasMessageContaining("did not end within 1 s (-Dfencecheck.failover.wait) and was killed; its output ended: waiting;");
        assertThat((System.nanoTime() - started) / 1_000_000).isLessThan(8_000);
        long child = Long.parseLong(Files.readString(pid).strip());
        assertThat(running(child)).as("the command's child process").isFalse();
    }

    /** Whether a process runs: an exited one its new parent has not reaped yet (state Z) does not. */
    private static boolean running(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            String state = stat.substring(stat.lastIndexOf(')') + 2).split(" ")[0];
            return !state.equals("Z") && !state.equals("X");
        } catch (IOException e) {
            return false;
        }
    }

    @Test
    void aCommandThatPrintsNothingSaysSo() {
        assertThatThrownBy(() -> new FailoverCommand("false", Duration.ofSeconds(10), dir.resolve("log")).run())
                .hasMessageContaining("exited with 1 after ")
                .hasMessageContaining("it printed nothing");
    }
}
