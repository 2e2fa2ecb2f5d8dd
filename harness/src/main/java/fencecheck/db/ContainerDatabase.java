package fencecheck.db;

import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.PostgreSQLContainer;
import org.testcontainers.utility.DockerImageName;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Properties;

/**
 * PostgreSQL in a Docker container started by Testcontainers
 * ({@code fencecheck.db=container}), with {@code fsync} and
 * {@code synchronous_commit} on. Needs a running Docker engine.
 */
public final class ContainerDatabase implements Database {

    /** The image, overridable with {@code fencecheck.db.image}. */
    public static final String DEFAULT_IMAGE = "postgres:18";

    private static ContainerDatabase shared;
    /** Why the container runs where the embedded server was asked for by default, or null. */
    private static volatile EmbeddedBinaries.Fit insteadOfEmbedded;

    private final PostgreSQLContainer<?> container;

    private ContainerDatabase(String image) {
        requireDocker();
        container = new PostgreSQLContainer<>(DockerImageName.parse(image).asCompatibleSubstituteFor("postgres"))
                .withCommand("postgres", "-c", "fsync=on", "-c", "synchronous_commit=on");
        try {
            container.start();
        } catch (RuntimeException e) {
            throw new DatabaseUnavailable("the PostgreSQL container (" + image + ") did not start: "
                    + e.getMessage() + "; use the default embedded database (unset fencecheck.db)", e);
        }
    }

    /** The container of this JVM, started on first use. */
    public static synchronized ContainerDatabase shared() {
        if (shared == null) {
            ContainerDatabase database = new ContainerDatabase(System.getProperty("fencecheck.db.image", DEFAULT_IMAGE));
            Runtime.getRuntime().addShutdownHook(new Thread(database::close, "fencecheck-container-stop"));
            shared = database;
        }
        return shared;
    }

    /** The container is the default database because no embedded binaries fit this machine ({@code fit} says why). */
    static void insteadOfEmbedded(EmbeddedBinaries.Fit fit) {
        insteadOfEmbedded = fit;
    }

    /** Whether a Docker engine answers. */
    static boolean dockerAvailable() {
        LibraryLogs.quiet();
        try {
            return DockerClientFactory.instance().isDockerAvailable();
        } catch (RuntimeException | LinkageError e) {
            return false;
        }
    }

    /** Fails with one line when no Docker engine answers. */
    static void requireDocker() {
        if (!dockerAvailable()) {
            throw new DatabaseUnavailable("fencecheck.db=container needs a running Docker engine, none was found;"
                    + " use the default embedded database (unset fencecheck.db) or fencecheck.db.url=jdbc:postgresql://...");
        }
    }

    @Override
    public Connection connect() throws SQLException {
        return Sessions.open(container.getJdbcUrl(), container.getUsername(), container.getPassword());
    }

    @Override
    public Connection connectThrough(String host, int port) throws SQLException {
        return Sessions.open(Sessions.url(host, port, container.getDatabaseName()), container.getUsername(), container.getPassword());
    }

    @Override
    public Connection connectRealTime() throws SQLException {
        return Sessions.openRealTime(container.getJdbcUrl(), container.getUsername(), container.getPassword(), new Properties());
    }

    @Override
    public Connection connectRealTimeThrough(String host, int port) throws SQLException {
        return Sessions.openRealTime(Sessions.url(host, port, container.getDatabaseName()), container.getUsername(), container.getPassword(), new Properties());
    }

    @Override
    public Login loginThrough(String host, int port) {
        return Login.of(host, port, container.getDatabaseName(), container.getUsername(), container.getPassword(), new Properties());
    }

    @Override
    public String kind() {
        return "container";
    }

    @Override
    public String host() {
        return container.getHost();
    }

    /** As every database says it, and, when it runs in place of the embedded server, why. */
    @Override
    public String describe() {
        EmbeddedBinaries.Fit fit = insteadOfEmbedded;
        return Database.super.describe() + (fit == null ? "" : ", on Docker in place of the embedded server: " + fit.reason()
                + (fit.remedy() == null ? "" : " (to embed it, " + fit.remedy() + ")"));
    }

    @Override
    public int port() {
        return container.getMappedPort(PostgreSQLContainer.POSTGRESQL_PORT);
    }

    @Override
    public synchronized void close() {
        container.stop();
    }

    @Override
    public String toString() {
        return "PostgreSQL container " + container.getDockerImageName() + " at " + host() + ":" + port();
    }
}
