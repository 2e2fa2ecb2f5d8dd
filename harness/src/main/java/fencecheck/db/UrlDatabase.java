package fencecheck.db;

import org.postgresql.Driver;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;

/**
 * Any PostgreSQL server reached by a JDBC URL ({@code fencecheck.db.url} or
 * {@code FENCECHECK_DB_URL}); user and password come from
 * {@code fencecheck.db.user} / {@code fencecheck.db.password} or the URL.
 * The harness deletes the rows of its tables and moves its own clock there:
 * give it a database of its own.
 */
public final class UrlDatabase implements Database {

    private final String url;
    private final String user;
    private final String password;
    private final String host;
    private final int port;
    private final String databaseName;
    private final Properties urlProperties = new Properties();

    /** Connects once to check the server is there; fails with one line that names the URL otherwise. */
    public UrlDatabase(String url, String user, String password) {
        Properties parsed = url == null ? null : Driver.parseURL(url, null);
        if (parsed == null) {
            throw new DatabaseUnavailable("fencecheck.db.url=" + (url == null ? "" : Sessions.redact(url))
                    + " is not a PostgreSQL JDBC URL; write it as jdbc:postgresql://HOST:PORT/DATABASE");
        }
        this.url = url;
        this.user = user;
        this.password = password;
        this.host = parsed.getProperty("PGHOST", "localhost").split(",")[0];
        this.port = Integer.parseInt(parsed.getProperty("PGPORT", "5432").split(",")[0]);
        this.databaseName = parsed.getProperty("PGDBNAME", "");
        parsed.stringPropertyNames().stream()
                .filter(name -> !name.startsWith("PG"))
                .forEach(name -> urlProperties.setProperty(name, parsed.getProperty(name)));
        probe();
    }

    private void probe() {
        try (Connection c = connect();
             Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("select pg_catalog.current_setting('search_path')")) {
            rs.next();
            String searchPath = rs.getString(1).replace(" ", "");
            if (!searchPath.startsWith(VirtualClock.SEARCH_PATH.replace(" ", ""))) {
                throw new DatabaseUnavailable("fencecheck.db.url=" + Sessions.redact(url) + " sets the session search_path to "
                        + searchPath + "; remove the options parameter from the URL so the harness can set "
                        + VirtualClock.SEARCH_PATH);
            }
        } catch (SQLException e) {
            throw new DatabaseUnavailable("cannot connect to fencecheck.db.url=" + Sessions.redact(url) + " ("
                    + oneLine(e.getMessage()) + "); start that server or fix the URL, user and password"
                    + " (fencecheck.db.user, fencecheck.db.password), or unset fencecheck.db.url to use the embedded database", e);
        }
    }

    @Override
    public Connection connect() throws SQLException {
        return Sessions.open(url, user, password);
    }

    @Override
    public Connection connectThrough(String host, int port) throws SQLException {
        return Sessions.open(Sessions.url(host, port, databaseName), user, password, urlProperties);
    }

    @Override
    public Connection connectRealTime() throws SQLException {
        return Sessions.openRealTime(url, user, password, new Properties());
    }

    @Override
    public Connection connectRealTimeThrough(String host, int port) throws SQLException {
        return Sessions.openRealTime(Sessions.url(host, port, databaseName), user, password, urlProperties);
    }

    @Override
    public Login loginThrough(String host, int port) {
        return Login.of(host, port, databaseName, user, password, urlProperties);
    }

    @Override
    public String kind() {
        return "url";
    }

    @Override
    public String host() {
        return host;
    }

    @Override
    public int port() {
        return port;
    }

    /** The URL with any password masked. */
    public String url() {
        return Sessions.redact(url);
    }

    @Override
    public void close() {
    }

    @Override
    public String toString() {
        return "PostgreSQL at " + url();
    }

    private static String oneLine(String message) {
        return message == null ? "no message" : message.replaceAll("\\s+", " ").strip();
    }
}
