package fencecheck.db.cluster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * The user's own command that fails their cluster over ({@code -Dfencecheck.failover.command}), run by
 * {@code /bin/sh -c} so that it may hold quotes, pipes and variables, with a bounded wait. Its output and errors go
 * to a log file rather than a pipe: a command that leaves a process behind holding its output (a daemon, a port
 * forward) cannot keep fencecheck waiting for the end of a stream.
 *
 * @param command the command line, as the user gave it
 * @param timeout how long it may run; past that it and its descendants are killed
 * @param log     the file its output is appended to
 */
public record FailoverCommand(String command, Duration timeout, Path log) {

    /** How much of the end of the output a failure's line quotes. */
    private static final int TAIL_CHARS = 300;

    public FailoverCommand {
        if (command == null || command.isBlank()) {
            throw new IllegalArgumentException("a failover command must not be blank");
        }
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("a failover command's wait must be above 0");
        }
    }

    /**
     * Runs the command and waits for it to end.
     *
     * @throws IllegalStateException in one line, with its exit code and the end of its output, when it failed, did not
     *                               end within {@link #timeout}, or could not be started
     */
    public void run() {
        long offset = prepareLog();
        long started = System.nanoTime();
        Process process;
        try {
            process = new ProcessBuilder(List.of("/bin/sh", "-c", command)).redirectErrorStream(true)
                    .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        } catch (IOException e) {
            throw new IllegalStateException("the failover command `" + command + "` could not be started (" + e.getMessage()
                    + "); fencecheck runs it with /bin/sh -c");
        }
        boolean ended;
        try {
            ended = process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            kill(process);
            throw new IllegalStateException("interrupted while the failover command `" + command + "` ran");
        }
        String seconds = String.format(Locale.ROOT, "%.1f s", (System.nanoTime() - started) / 1e9);
        if (!ended) {
            kill(process);
            throw new IllegalStateException("the failover command `" + command + "` did not end within " + timeout.toSeconds()
                    + " s (-Dfencecheck.failover.wait) and was killed; " + tail(offset)
                    + "; make it return once the failover is under way, or give it longer");
        }
        if (process.exitValue() != 0) {
            throw new IllegalStateException("the failover command `" + command + "` exited with " + process.exitValue() + " after "
                    + seconds + "; " + tail(offset) + "; run it by hand to see why (its output: " + log + ")");
        }
    }

    /** Appends a header for this run to the log and returns where this run's output starts. */
    private long prepareLog() {
        try {
            Files.createDirectories(log.toAbsolutePath().getParent());
            Files.writeString(log, "--- " + Instant.now() + " fencecheck runs the failover command: " + command + "\n",
                    StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            return Files.size(log);
        } catch (IOException e) {
            throw new IllegalStateException("cannot write the failover command's log " + log + ": " + e.getMessage());
        }
    }

    /** The end of this run's output, on one line. */
    private String tail(long offset) {
        try {
            byte[] all = Files.readAllBytes(log);
            String output = new String(all, (int) Math.min(offset, all.length), (int) Math.max(0, all.length - offset),
                    StandardCharsets.UTF_8).replaceAll("\\s+", " ").strip();
            if (output.isEmpty()) {
                return "it printed nothing";
            }
            return "its output ended: " + (output.length() > TAIL_CHARS ? "..." + output.substring(output.length() - TAIL_CHARS) : output);
        } catch (IOException e) {
            return "its output could not be read from " + log;
        }
    }

    /** Kills the command and whatever it started, and waits (bounded) for it to be gone. */
    private static void kill(Process process) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        try {
            process.waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
