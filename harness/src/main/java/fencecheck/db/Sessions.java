package fencecheck.db;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;

/**
 * Opens pgjdbc sessions the way every harness session must be opened: on the
 * clock's search path, with timeouts, and with the clock keywords of every
 * statement text rewritten ({@link TimeKeywordSessions}).
 */
final class Sessions {

    /** Seconds to wait for the TCP connect and for the login. */
    static final int CONNECT_TIMEOUT_SECONDS = 10;

    /** Seconds a read may block: a statement waiting longer than this fails instead of hanging the run. */
    static final int SOCKET_TIMEOUT_SECONDS = 30;

    /** Seconds a real-time session's read may block before the driver gives up, whatever the worker's own timeout. */
    static final int REAL_TIME_SOCKET_TIMEOUT_SECONDS = 10;

    /** The search path of a real-time session: the implementation's tables, and PostgreSQL's own time functions. */
    static final String REAL_TIME_SEARCH_PATH = "public";

    private Sessions() {
    }

    static Connection open(String url, String user, String password) throws SQLException {
        return open(url, user, password, new Properties());
    }

    /** Like {@link #open(String, String, String)}, with further pgjdbc properties (ours win). */
    static Connection open(String url, String user, String password, Properties extra) throws SQLException {
        return TimeKeywordSessions.wrap(open(url, user, password, extra, false));
    }

    /** A session on the server's own clock: no clock schema on its search path, no statement text rewritten. */
    static Connection openRealTime(String url, String user, String password, Properties extra) throws SQLException {
        return open(url, user, password, extra, true);
    }

    private static Connection open(String url, String user, String password, Properties extra, boolean realTime) throws SQLException {
        Properties properties = new Properties();
        properties.putAll(extra);
        if (user != null) {
            properties.setProperty("user", user);
        }
        if (password != null) {
            properties.setProperty("password", password);
        }
        properties.setProperty("connectTimeout", Integer.toString(CONNECT_TIMEOUT_SECONDS));
        properties.setProperty("loginTimeout", Integer.toString(CONNECT_TIMEOUT_SECONDS));
        properties.setProperty("socketTimeout", Integer.toString(realTime ? REAL_TIME_SOCKET_TIMEOUT_SECONDS : SOCKET_TIMEOUT_SECONDS));
        properties.setProperty("options", "-c search_path=" + (realTime ? REAL_TIME_SEARCH_PATH : VirtualClock.SEARCH_PATH).replace(" ", "\\ "));
        properties.setProperty("ApplicationName", realTime ? "fencecheck-realtime" : "fencecheck");
        // Every statement the harness prepares runs many times, but a worker restart starts a new
        // session: prepare it on the server at its first execution instead of its fifth, so a new
        // session parses each statement once, not up to five times. Same statements, same answers.
        properties.setProperty("prepareThreshold", "1");
        // The application name (and the other session settings) go in the startup packet, instead of a
        // SET round trip after the login; every server since 9.0 takes them there.
        properties.setProperty("assumeMinServerVersion", "9.0");
        Connection connection = DriverManager.getConnection(url, properties);
        connection.setAutoCommit(true);
        return connection;
    }

    static String url(String host, int port, String database) {
        String h = host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host;
        return "jdbc:postgresql://" + h + ":" + port + "/" + database;
    }

    /** The URL without any password in it, for messages. */
    static String redact(String url) {
        return url.replaceAll("(?i)(password=)[^&]*", "$1***").replaceAll("//([^/@:]+):[^/@]*@", "//$1:***@");
    }
}
