package fencecheck.nodes;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Stops and continues processes with {@code kill -STOP} / {@code kill -CONT}: the JDK sends SIGKILL and SIGTERM
 * only. Stopping is confirmed from the kernel's side (every thread of the process in the stopped state), so a pause
 * starts when the process has really stopped, not when the signal was sent.
 */
final class Signals {

    private static final Duration COMMAND_WAIT = Duration.ofSeconds(10);
    private static final Path PROC = Path.of("/proc");

    private Signals() {
    }

    /** Why signals cannot be sent here, in one line; empty when they can. */
    static Optional<String> unavailable() {
        if (System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("windows")) {
            return Optional.of("process pauses need POSIX signals (SIGSTOP/SIGCONT), which Windows does not have;"
                    + " run scheduler clusters on Linux or macOS");
        }
        if (killCommand().isEmpty()) {
            return Optional.of("process pauses need the kill command, which is not on the PATH;"
                    + " install procps (or util-linux) so that kill -STOP can pause a node");
        }
        return Optional.empty();
    }

    static void stop(long pid) {
        send("STOP", pid);
    }

    static void resume(long pid) {
        send("CONT", pid);
    }

    /**
     * Waits until every thread of {@code pid} is stopped; true when seen stopped, false when the process is gone
     * first. Where the kernel's state cannot be read (no {@code /proc}), {@code ps} is asked.
     */
    static boolean awaitStopped(long pid, Duration within) {
        long deadline = System.nanoTime() + within.toNanos();
        while (System.nanoTime() < deadline) {
            Optional<Boolean> stopped = stopped(pid);
            if (stopped.isEmpty()) {
                return false;
            }
            if (stopped.get()) {
                return true;
            }
            sleep(2);
        }
        throw new IllegalStateException("process " + pid + " did not stop within " + within.toMillis() + " ms of SIGSTOP");
    }

    /** Whether every thread is stopped; empty when the process is gone. */
    private static Optional<Boolean> stopped(long pid) {
        Path tasks = PROC.resolve(Long.toString(pid)).resolve("task");
        if (Files.isDirectory(PROC)) {
            try (Stream<Path> threads = Files.list(tasks)) {
                return Optional.of(threads.allMatch(t -> isStoppedState(stateOf(t.resolve("stat")))));
            } catch (IOException | RuntimeException e) {
                return Files.isDirectory(tasks) ? Optional.of(false) : Optional.empty();
            }
        }
        String state = run(List.of("ps", "-o", "stat=", "-p", Long.toString(pid))).strip();
        return state.isEmpty() ? Optional.empty() : Optional.of(state.startsWith("T"));
    }

    private static String stateOf(Path stat) {
        try {
            String line = Files.readString(stat);
            // the command name in parentheses may hold spaces: the state follows its closing one
            return line.substring(line.lastIndexOf(')') + 2, line.lastIndexOf(')') + 3);
        } catch (IOException e) {
            // a thread that ended meanwhile does not keep the process from being stopped
            return "T";
        }
    }

    private static boolean isStoppedState(String state) {
        return state.equals("T") || state.equals("t");
    }

    private static void send(String signal, long pid) {
        String kill = killCommand().orElseThrow(() -> new NotApplicable(unavailable().orElse("no kill command")));
        run(List.of(kill, "-" + signal, Long.toString(pid)));
    }

    /** Runs a short command; its output, or an exception with its output when it fails. */
    private static String run(List<String> command) {
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            String output = new String(process.getInputStream().readAllBytes());
            if (!process.waitFor(COMMAND_WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException(String.join(" ", command) + " did not return within " + COMMAND_WAIT.toSeconds() + " s");
            }
            if (process.exitValue() != 0 && !command.getFirst().equals("ps")) {
                throw new IllegalStateException(String.join(" ", command) + " failed: " + output.strip());
            }
            return output;
        } catch (IOException e) {
            throw new IllegalStateException("cannot run " + String.join(" ", command) + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running " + String.join(" ", command), e);
        }
    }

    private static Optional<String> killCommand() {
        String path = System.getenv("PATH");
        Stream<String> directories = Stream.concat(
                path == null ? Stream.empty() : Stream.of(path.split(File.pathSeparator)), Stream.of("/bin", "/usr/bin"));
        return directories.filter(d -> !d.isEmpty())
                .map(d -> Path.of(d, "kill"))
                .filter(Files::isExecutable)
                .map(Path::toString)
                .findFirst();
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for a process to stop", e);
        }
    }
}
