package fencecheck.kit;

import org.apiguardian.api.API;
import org.postgresql.ds.PGSimpleDataSource;

import javax.sql.DataSource;

/**
 * What a scheduler node process is given by the fencecheck run that started it: its number and how it reaches the
 * database (through a fault proxy of its own, so the run can cut it off or lose an answer). A node's main class reads
 * these here and builds its scheduler on {@link #dataSource()}; every value comes from a system property the run set
 * on the node's command line.
 */
@API(status = API.Status.STABLE, since = "0.1")
public final class SchedulerNode {

    /** The system property with the node's number, 1 to the cluster's size. */
    public static final String ID_PROPERTY = "fencecheck.node.id";
    /** The system property with the JDBC URL the node reaches the database on. */
    public static final String URL_PROPERTY = "fencecheck.node.url";
    /** The system property with the database user. */
    public static final String USER_PROPERTY = "fencecheck.node.user";
    /** The system property with the database password (absent when the database asks for none). */
    public static final String PASSWORD_PROPERTY = "fencecheck.node.password";
    /** The system property that marks a node process, so a leftover one can be found by its command line. */
    public static final String MARKER_PROPERTY = "fencecheck.node.marker";
    /** The value of {@link #MARKER_PROPERTY} on every node's command line. */
    public static final String MARKER = "fencecheck-node";

    /** Seconds a node waits for a TCP connect and for the login: a node cut off by the run fails instead of hanging. */
    public static final int CONNECT_TIMEOUT_SECONDS = 5;
    /** Seconds a node's read may block: a statement whose answer was lost fails after this, and the node goes on. */
    public static final int SOCKET_TIMEOUT_SECONDS = 10;

    private SchedulerNode() {
    }

    /**
     * The node's number.
     *
     * @return 1 to the cluster's size, the same after a restart
     * @throws IllegalStateException outside a node process fencecheck started
     */
    public static int id() {
        String id = required(ID_PROPERTY);
        try {
            return Integer.parseInt(id.strip());
        } catch (NumberFormatException e) {
            throw new IllegalStateException(ID_PROPERTY + "=" + id + " is not a number; start nodes with fencecheck's NodeCluster");
        }
    }

    /**
     * The JDBC URL the node reaches the database on, through its fault proxy.
     *
     * @return a {@code jdbc:postgresql://} URL
     * @throws IllegalStateException outside a node process fencecheck started
     */
    public static String jdbcUrl() {
        return required(URL_PROPERTY);
    }

    /**
     * The database user.
     *
     * @return the user name
     * @throws IllegalStateException outside a node process fencecheck started
     */
    public static String user() {
        return required(USER_PROPERTY);
    }

    /**
     * The database password.
     *
     * @return the password, or null when the database asks for none
     */
    public static String password() {
        return System.getProperty(PASSWORD_PROPERTY);
    }

    /**
     * A new plain pgjdbc data source on {@link #jdbcUrl()} with the node's credentials, connect and login timeouts of
     * {@value #CONNECT_TIMEOUT_SECONDS} s, a socket timeout of {@value #SOCKET_TIMEOUT_SECONDS} s, and the application
     * name {@code fencecheck-node-ID}, by which the run finds the node's sessions on the server. Sessions are on the
     * server's own clock. Pool it as the scheduler library asks, if it does.
     *
     * @return a data source for the scheduler
     * @throws IllegalStateException outside a node process fencecheck started
     */
    public static DataSource dataSource() {
        PGSimpleDataSource source = new PGSimpleDataSource();
        source.setURL(jdbcUrl());
        source.setUser(user());
        String password = password();
        if (password != null) {
            source.setPassword(password);
        }
        source.setConnectTimeout(CONNECT_TIMEOUT_SECONDS);
        source.setLoginTimeout(CONNECT_TIMEOUT_SECONDS);
        source.setSocketTimeout(SOCKET_TIMEOUT_SECONDS);
        source.setApplicationName(applicationName(id()));
        return source;
    }

    /**
     * The application name of node {@code id}'s sessions.
     *
     * @param id a node's number
     * @return {@code fencecheck-node-ID}
     */
    public static String applicationName(int id) {
        return "fencecheck-node-" + id;
    }

    private static String required(String property) {
        String value = System.getProperty(property);
        if (value == null || value.isBlank()) {
            throw new IllegalStateException(property + " is not set: a scheduler node's main class runs in a node process"
                    + " that fencecheck's NodeCluster starts");
        }
        return value;
    }
}
