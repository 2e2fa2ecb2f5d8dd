package fencecheck.db.replica;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/** Waiting for server processes that are not this JVM's children (pg_ctl daemonises the postmaster). */
final class Processes {

    private Processes() {
    }

    /**
     * Waits until process {@code pid} has exited. On Linux an exited process whose parent has not reaped it yet (a
     * zombie) has already let go of its sockets and files, and counts as exited; {@link ProcessHandle#onExit()} would
     * wait for the reaping, which for an orphan may take seconds.
     */
    static void awaitExit(long pid, Duration timeout) throws InterruptedException {
        Path stat = Path.of("/proc", Long.toString(pid), "stat");
        Optional<String> started = field(stat, 19);
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            if (started.isEmpty()) {
                if (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
                    Thread.sleep(10);
                } else {
                    return;
                }
            } else {
                Optional<String> state = field(stat, 0);
                if (state.isEmpty() || !started.equals(field(stat, 19)) || state.get().equals("Z") || state.get().equals("X")) {
                    return;
                }
                Thread.sleep(1);
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("process " + pid + " still running " + timeout.toSeconds() + " s after it was told to stop");
            }
        }
    }

    /** A field of {@code /proc/PID/stat} after the command name (0: the state, 19: the start time). */
    private static Optional<String> field(Path stat, int field) {
        try {
            String line = Files.readString(stat);
            String[] fields = line.substring(line.lastIndexOf(')') + 2).split(" ");
            return field < fields.length ? Optional.of(fields[field]) : Optional.empty();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
