package fencecheck.nodes;

import eu.rekawek.toxiproxy.Proxy;
import eu.rekawek.toxiproxy.model.ToxicDirection;
import fencecheck.db.Login;
import fencecheck.kit.SchedulerNode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.ProcessBuilder.Redirect;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One node process of a {@link NodeCluster}, numbered from 1, with the fault proxy its database traffic goes
 * through. A restart starts a new process with the same number, settings, proxy and log file.
 */
public final class Node {

    /** How long a killed process may take to be gone, and a stopped one to show as stopped. */
    static final Duration PROCESS_WAIT = Duration.ofSeconds(15);

    private static final String PARTITION_UP = "fencecheck-partition-up";
    private static final String PARTITION_DOWN = "fencecheck-partition-down";

    private final int id;
    private final NodeSpec spec;
    private final Login login;
    private final Proxy proxy;
    private final Path logFile;
    private final AnswerLoss answerLoss;
    private volatile Process process;
    private volatile boolean paused;

    Node(int id, NodeSpec spec, Login login, Proxy proxy, Path logFile, AnswerLoss answerLoss) {
        this.id = id;
        this.spec = spec;
        this.login = login;
        this.proxy = proxy;
        this.logFile = logFile;
        this.answerLoss = answerLoss;
    }

    /** The node's number, 1 to the cluster's size. */
    public int id() {
        return id;
    }

    /** The process id of the node's current process. */
    public long pid() {
        Process p = process;
        if (p == null) {
            throw new IllegalStateException("node " + id + " has not been started");
        }
        return p.pid();
    }

    /** Whether the node's current process is running (a paused one is). */
    public boolean alive() {
        Process p = process;
        return p != null && p.isAlive();
    }

    /** Whether the node is paused (stopped by SIGSTOP and not resumed). */
    public boolean paused() {
        return paused && alive();
    }

    /** The file the node's output goes to, over all its restarts. */
    public Path logFile() {
        return logFile;
    }

    /**
     * Stops every thread of the process with SIGSTOP, as a long GC pause or a stopped VM would; returns once the
     * kernel shows every thread stopped.
     */
    public void pause() {
        long pid = requireAlive("pause");
        paused = true;
        Signals.stop(pid);
        if (!Signals.awaitStopped(pid, PROCESS_WAIT)) {
            throw new IllegalStateException("node " + id + " ended instead of pausing; see " + logFile);
        }
    }

    /** Lets a paused process run again (SIGCONT). */
    public void resume() {
        Process p = process;
        if (p != null && p.isAlive()) {
            Signals.resume(p.pid());
        }
        paused = false;
    }

    /** Ends the process with SIGKILL (also a paused one) and waits until it is gone; nothing when it is not running. */
    public void kill() {
        Process p = process;
        if (p == null) {
            return;
        }
        // SIGKILL ends a stopped process too; destroyForcibly sends it on POSIX systems
        p.destroyForcibly();
        try {
            p.onExit().get(PROCESS_WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new IllegalStateException("node " + id + " (pid " + p.pid() + ") was still running "
                    + PROCESS_WAIT.toSeconds() + " s after SIGKILL", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("cannot wait for node " + id + " to end: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for node " + id + " to end", e);
        }
        paused = false;
    }

    /** Kills the process if it runs, and starts the node again with the same number and settings. */
    public void restart() {
        kill();
        start();
    }

    /**
     * Cuts the node off from the database: its proxy drops every byte both ways, so its statements get no answer
     * and new sessions cannot log in (the node's timeouts end them).
     */
    public void partition() {
        try {
            if (!hasToxic(PARTITION_UP)) {
                proxy.toxics().timeout(PARTITION_UP, ToxicDirection.UPSTREAM, 0);
            }
            if (!hasToxic(PARTITION_DOWN)) {
                proxy.toxics().timeout(PARTITION_DOWN, ToxicDirection.DOWNSTREAM, 0);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot partition node " + id + " through its proxy: " + e.getMessage(), e);
        }
    }

    /**
     * Lets traffic through again. The sessions open across the partition are closed by the proxy (bytes of theirs
     * were dropped, so they cannot go on), so the node opens new ones.
     */
    public void heal() {
        try {
            for (String name : List.of(PARTITION_UP, PARTITION_DOWN)) {
                if (hasToxic(name)) {
                    proxy.toxics().get(name).remove();
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot heal node " + id + "'s partition through its proxy: " + e.getMessage(), e);
        }
    }

    /** Whether the node is cut off by {@link #partition()}. */
    public boolean partitioned() {
        try {
            return hasToxic(PARTITION_UP);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read node " + id + "'s proxy: " + e.getMessage(), e);
        }
    }

    /**
     * The proxy drops the answer of the node's next statement: the statement runs on the server, and the node waits
     * for an answer until its socket timeout. Returns at once; the loss is over shortly after a statement of the node
     * has finished on the server (its answer and any other the node gets meanwhile are dropped; the node's
     * connections through the proxy are closed) (or after {@link AnswerLoss#WATCH} with no statement).
     */
    public void loseNextAnswer() {
        loseNextAnswerWatched();
    }

    /** Like {@link #loseNextAnswer()}; the future tells, once the loss is over, whether an answer was lost. */
    CompletableFuture<Boolean> loseNextAnswerWatched() {
        return answerLoss.loseNext(this);
    }

    Proxy proxy() {
        return proxy;
    }

    /** Starts the node's process; output appended to its log file. */
    void start() {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(spec.jvmOptions());
        // as is: under a booter jar whose manifest names the real class path, the jar is the class path
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add("-D" + SchedulerNode.MARKER_PROPERTY + "=" + SchedulerNode.MARKER);
        command.add("-D" + SchedulerNode.ID_PROPERTY + "=" + id);
        command.add("-D" + SchedulerNode.URL_PROPERTY + "=" + login.url());
        command.add("-D" + SchedulerNode.USER_PROPERTY + "=" + login.user());
        if (login.password() != null) {
            command.add("-D" + SchedulerNode.PASSWORD_PROPERTY + "=" + login.password());
        }
        command.add(NodeLauncher.class.getName());
        command.add(Long.toString(ProcessHandle.current().pid()));
        command.add(spec.mainClass());
        try {
            Files.writeString(logFile, "--- fencecheck: node " + id + " starting " + Instant.now() + " (" + spec.mainClass() + ")\n",
                    StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            process = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(Redirect.appendTo(logFile.toFile()))
                    .start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start node " + id + " (" + spec.mainClass() + "): " + e.getMessage(), e);
        }
        paused = false;
    }

    private long requireAlive(String what) {
        Process p = process;
        if (p == null || !p.isAlive()) {
            throw new IllegalStateException("cannot " + what + " node " + id + ": it is not running; see " + logFile);
        }
        return p.pid();
    }

    private boolean hasToxic(String name) throws IOException {
        return proxy.toxics().getAll().stream().anyMatch(t -> t.getName().equals(name));
    }

    @Override
    public String toString() {
        Process p = process;
        return "node " + id + (p == null ? "" : " (pid " + p.pid() + (p.isAlive() ? "" : ", ended") + ")");
    }
}
