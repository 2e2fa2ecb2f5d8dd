package fencecheck.db;

import fencecheck.db.cluster.FailoverCommand;
import fencecheck.db.replica.Replication;

import java.time.Duration;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * Picks the database of this JVM from the configuration:
 * <ul>
 *   <li>{@code fencecheck.db} (system property): {@code embedded} (the default),
 *       {@code container} (Testcontainers, needs Docker), {@code url}, or {@code replicated} (a primary and a
 *       streaming standby started from the embedded binaries, replicating as {@code fencecheck.replication}
 *       says: {@code async}, the default, {@code remote_write}, {@code on} or {@code remote_apply}); the two that
 *       start the embedded binaries need binaries for this machine ({@link EmbeddedBinaries}), else they stop in one
 *       line, but for the default, which then runs in a container when Docker answers;</li>
 *   <li>{@code fencecheck.db.url} (system property) or {@code FENCECHECK_DB_URL}
 *       (environment): a JDBC URL; when set and {@code fencecheck.db} is not,
 *       it replaces the embedded server; {@code fencecheck.db.user} and
 *       {@code fencecheck.db.password} give credentials not in the URL;</li>
 *   <li>{@code fencecheck.failover.command} (system property): with a URL only, the command that fails the
 *       user's cluster over ({@link FailoverCommandDatabase}), each of its waits bounded by
 *       {@code fencecheck.failover.wait} seconds; {@code fencecheck.replication} then declares what the cluster
 *       promises a commit.</li>
 * </ul>
 */
public final class Databases {

    public static final String KIND_PROPERTY = "fencecheck.db";
    public static final String URL_PROPERTY = "fencecheck.db.url";
    public static final String URL_ENVIRONMENT = "FENCECHECK_DB_URL";
    public static final String USER_PROPERTY = "fencecheck.db.user";
    public static final String PASSWORD_PROPERTY = "fencecheck.db.password";
    public static final String FAILOVER_COMMAND_PROPERTY = "fencecheck.failover.command";
    public static final String FAILOVER_WAIT_PROPERTY = "fencecheck.failover.wait";
    /** Seconds each wait of a failover command may take when {@value #FAILOVER_WAIT_PROPERTY} is not given. */
    public static final long DEFAULT_FAILOVER_WAIT_SECONDS = 120;

    /** The values {@value #KIND_PROPERTY} accepts. */
    public static final List<String> KINDS = List.of("embedded", "container", "url", "replicated");

    private static Database shared;
    /** Whether a Docker engine answered, once asked (only when no embedded binaries fit). */
    private static Boolean dockerAvailable;

    private Databases() {
    }

    /**
     * The JVM-wide database, started or connected on first call; it is closed
     * when the JVM exits, so callers must not close it.
     *
     * @throws DatabaseUnavailable with a one-line message when it cannot be had
     */
    public static synchronized Database shared() {
        if (shared == null) {
            shared = open(System.getProperty(KIND_PROPERTY), url());
        }
        return shared;
    }

    /**
     * The database of a given kind: the JVM-wide embedded server or container,
     * or a new handle on the server at {@code url}.
     *
     * @param kind {@code embedded}, {@code container}, {@code url}, {@code replicated}, or null for the default
     * @param url  a JDBC URL, needed for {@code url} (and picked over embedded when {@code kind} is null)
     */
    public static Database open(String kind, String url) {
        return open(kind, url, failoverCommand());
    }

    /** The same, with a failover command for a database given by URL (null for none). */
    static Database open(String kind, String url, String failoverCommand) {
        LibraryLogs.quiet();
        return switch (kind(kind, url, failoverCommand)) {
            case "embedded" -> EmbeddedDatabase.shared();
            case "container" -> ContainerDatabase.shared();
            case "replicated" -> ReplicatedDatabase.shared();
            case "url" -> {
                // the settings of the command first: a bad one is one line before any connection is tried
                FailoverCommand command = failoverCommand == null ? null
                        : new FailoverCommand(failoverCommand, failoverWait(), ServerLog.file().resolveSibling("failover-command.log"));
                Replication declared = command == null ? null : declaredReplication();
                UrlDatabase database = new UrlDatabase(url, System.getProperty(USER_PROPERTY), System.getProperty(PASSWORD_PROPERTY));
                yield command == null ? database : new FailoverCommandDatabase(database, command, declared);
            }
            default -> throw new IllegalStateException("unreachable");
        };
    }

    /** The kind {@link #shared()} picks with the current configuration. */
    public static String configuredKind() {
        return kind(System.getProperty(KIND_PROPERTY), url(), failoverCommand());
    }

    private static String kind(String requested, String url, String failoverCommand) {
        String kind = kind(requested, url);
        if (failoverCommand != null && !kind.equals("url")) {
            throw new DatabaseUnavailable("-D" + FAILOVER_COMMAND_PROPERTY + " fails over a cluster of your own, so it needs "
                    + URL_PROPERTY + "=jdbc:postgresql://SERVICE:PORT/DATABASE (the address that always reaches its primary), not "
                    + KIND_PROPERTY + "=" + kind + (kind.equals("replicated") ? ", which fencecheck fails over itself" : "")
                    + "; give the URL, or unset " + FAILOVER_COMMAND_PROPERTY);
        }
        return kind;
    }

    private static String kind(String requested, String url) {
        boolean chosen = requested != null && !requested.isBlank();
        String kind = !chosen ? (url == null ? "embedded" : "url") : requested.strip();
        if (!KINDS.contains(kind)) {
            throw new DatabaseUnavailable(KIND_PROPERTY + "=" + requested + " is not a database kind; use one of "
                    + String.join(", ", KINDS) + " (embedded is the default)");
        }
        if (kind.equals("url") && url == null) {
            throw new DatabaseUnavailable(KIND_PROPERTY + "=url needs " + URL_PROPERTY + "=jdbc:postgresql://HOST:PORT/DATABASE"
                    + " (or the environment variable " + URL_ENVIRONMENT + ")");
        }
        if (kind.equals("embedded") || kind.equals("replicated")) {
            EmbeddedBinaries.Fit fit = EmbeddedBinaries.thisMachine();
            String usable = withEmbeddedBinaries(kind, chosen, fit, Databases::dockerAvailable);
            if (!usable.equals(kind)) {
                ContainerDatabase.insteadOfEmbedded(fit);
            }
            return usable;
        }
        return kind;
    }

    /**
     * The kind to use where {@code kind} needs the embedded binaries: itself when they fit this machine; the
     * container when none are there for it, the kind was not chosen (the default) and Docker runs; else the
     * binaries' one line, as a {@link DatabaseUnavailable}.
     */
    static String withEmbeddedBinaries(String kind, boolean chosen, EmbeddedBinaries.Fit fit, BooleanSupplier dockerAvailable) {
        if (fit.fits()) {
            return kind;
        }
        if (!chosen && fit.missing() && dockerAvailable.getAsBoolean()) {
            return "container";
        }
        throw new DatabaseUnavailable(fit.problem());
    }

    private static synchronized boolean dockerAvailable() {
        if (dockerAvailable == null) {
            dockerAvailable = ContainerDatabase.dockerAvailable();
        }
        return dockerAvailable;
    }

    /** {@value #FAILOVER_WAIT_PROPERTY} in seconds, or the default. */
    private static Duration failoverWait() {
        String raw = System.getProperty(FAILOVER_WAIT_PROPERTY);
        if (raw == null || raw.isBlank()) {
            return Duration.ofSeconds(DEFAULT_FAILOVER_WAIT_SECONDS);
        }
        try {
            long seconds = Long.parseLong(raw.strip());
            if (seconds > 0) {
                return Duration.ofSeconds(seconds);
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new DatabaseUnavailable("-D" + FAILOVER_WAIT_PROPERTY + "=" + raw.strip() + " is not a number of seconds above 0;"
                + " give how long each wait of a failover may take (" + DEFAULT_FAILOVER_WAIT_SECONDS + " is the default)");
    }

    /** What the user declared the cluster promises, or null when they did not. */
    private static Replication declaredReplication() {
        String raw = System.getProperty(Replication.PROPERTY);
        if (raw == null || raw.isBlank()) {
            return null;
        }
        try {
            return Replication.parse(raw);
        } catch (IllegalArgumentException e) {
            throw new DatabaseUnavailable(e.getMessage(), e);
        }
    }

    private static String failoverCommand() {
        String command = System.getProperty(FAILOVER_COMMAND_PROPERTY);
        return command == null || command.isBlank() ? null : command.strip();
    }

    private static String url() {
        String url = System.getProperty(URL_PROPERTY);
        if (url == null || url.isBlank()) {
            url = System.getenv(URL_ENVIRONMENT);
        }
        return url == null || url.isBlank() ? null : url.strip();
    }
}
