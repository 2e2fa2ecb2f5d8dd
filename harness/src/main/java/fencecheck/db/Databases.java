package fencecheck.db;

import java.util.List;

/**
 * Picks the database of this JVM from the configuration:
 * <ul>
 *   <li>{@code fencecheck.db} (system property): {@code embedded} (the default),
 *       {@code container} (Testcontainers, needs Docker), {@code url}, or {@code replicated} (a primary and a
 *       streaming standby started from the embedded binaries, replicating as {@code fencecheck.replication}
 *       says: {@code async}, the default, {@code remote_write}, {@code on} or {@code remote_apply});</li>
 *   <li>{@code fencecheck.db.url} (system property) or {@code FENCECHECK_DB_URL}
 *       (environment): a JDBC URL; when set and {@code fencecheck.db} is not,
 *       it replaces the embedded server; {@code fencecheck.db.user} and
 *       {@code fencecheck.db.password} give credentials not in the URL.</li>
 * </ul>
 */
public final class Databases {

    public static final String KIND_PROPERTY = "fencecheck.db";
    public static final String URL_PROPERTY = "fencecheck.db.url";
    public static final String URL_ENVIRONMENT = "FENCECHECK_DB_URL";
    public static final String USER_PROPERTY = "fencecheck.db.user";
    public static final String PASSWORD_PROPERTY = "fencecheck.db.password";

    /** The values {@value #KIND_PROPERTY} accepts. */
    public static final List<String> KINDS = List.of("embedded", "container", "url", "replicated");

    private static Database shared;

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
        LibraryLogs.quiet();
        return switch (kind(kind, url)) {
            case "embedded" -> EmbeddedDatabase.shared();
            case "container" -> ContainerDatabase.shared();
            case "replicated" -> ReplicatedDatabase.shared();
            case "url" -> new UrlDatabase(url, System.getProperty(USER_PROPERTY), System.getProperty(PASSWORD_PROPERTY));
            default -> throw new IllegalStateException("unreachable");
        };
    }

    /** The kind {@link #shared()} picks with the current configuration. */
    public static String configuredKind() {
        return kind(System.getProperty(KIND_PROPERTY), url());
    }

    private static String kind(String requested, String url) {
        String kind = requested == null || requested.isBlank() ? (url == null ? "embedded" : "url") : requested.strip();
        if (!KINDS.contains(kind)) {
            throw new DatabaseUnavailable(KIND_PROPERTY + "=" + requested + " is not a database kind; use one of "
                    + String.join(", ", KINDS) + " (embedded is the default)");
        }
        if (kind.equals("url") && url == null) {
            throw new DatabaseUnavailable(KIND_PROPERTY + "=url needs " + URL_PROPERTY + "=jdbc:postgresql://HOST:PORT/DATABASE"
                    + " (or the environment variable " + URL_ENVIRONMENT + ")");
        }
        return kind;
    }

    private static String url() {
        String url = System.getProperty(URL_PROPERTY);
        if (url == null || url.isBlank()) {
            url = System.getenv(URL_ENVIRONMENT);
        }
        return url == null || url.isBlank() ? null : url.strip();
    }
}
