package fencecheck.db;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.Properties;

/**
 * A second database of the harness on the embedded server ({@link Database#sibling}): its own tables and clock, the
 * server's everything else. A crash or restart is the server's, so it cuts the sessions of every database on it.
 */
final class SiblingDatabase implements Database {

    private final EmbeddedDatabase server;
    private final String name;
    private final String user;

    private SiblingDatabase(EmbeddedDatabase server, String name, String user) {
        this.server = server;
        this.name = name;
        this.user = user;
    }

    /** The database {@code name} on {@code server}, created (from {@code template1}) when missing. */
    static SiblingDatabase create(EmbeddedDatabase server, String name, String user) {
        if (!name.matches("[a-z_][a-z0-9_]{0,62}")) {
            throw new IllegalArgumentException("a second database is named in lower-case letters, digits and '_', not '" + name + "'");
        }
        try (Connection c = server.connect();
             PreparedStatement s = c.prepareStatement(SqlResources.load("sibling-database.sql"))) {
            s.setString(1, name);
            s.setString(2, name);
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                if (!rs.getBoolean(2)) {
                    // CREATE DATABASE takes no parameters; the name is quoted by the server above
                    try (Statement create = c.createStatement()) {
                        create.execute("create database " + rs.getString(1));
                    }
                }
            }
        } catch (SQLException e) {
            throw new DatabaseUnavailable("cannot create the database " + name + " on the embedded server: " + e.getMessage(), e);
        }
        return new SiblingDatabase(server, name, user);
    }

    @Override
    public Connection connect() throws SQLException {
        return Sessions.open(Sessions.url(host(), port(), name), user, null);
    }

    @Override
    public Connection connectThrough(String host, int port) throws SQLException {
        return Sessions.open(Sessions.url(host, port, name), user, null);
    }

    @Override
    public Connection connectRealTime() throws SQLException {
        return Sessions.openRealTime(Sessions.url(host(), port(), name), user, null, new Properties());
    }

    @Override
    public Connection connectRealTimeThrough(String host, int port) throws SQLException {
        return Sessions.openRealTime(Sessions.url(host, port, name), user, null, new Properties());
    }

    @Override
    public Login loginThrough(String host, int port) {
        return Login.of(host, port, name, user, null, new Properties());
    }

    @Override
    public String kind() {
        return server.kind();
    }

    @Override
    public String host() {
        return server.host();
    }

    @Override
    public int port() {
        return server.port();
    }

    @Override
    public String tablesAt() {
        return "database " + name + " of " + server;
    }

    @Override
    public Database sibling(String other) {
        return server.sibling(other);
    }

    @Override
    public Map<String, String> settings() {
        return server.settings();
    }

    @Override
    public void crashAndRestart() {
        server.crashAndRestart();
    }

    @Override
    public long restarts() {
        return server.restarts();
    }

    /** The server closes it. */
    @Override
    public void close() {
    }

    @Override
    public String toString() {
        return "database " + name + " of " + server;
    }
}
