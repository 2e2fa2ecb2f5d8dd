package fencecheck.db;

import java.util.Properties;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * What another process needs to open its own sessions on a server: a JDBC URL (with any driver settings the
 * configured URL carried) and credentials. The sessions it opens are plain ones, on the server's own clock.
 *
 * @param url      a {@code jdbc:postgresql://} URL
 * @param user     the user
 * @param password the password, or null when the server asks for none
 */
public record Login(String url, String user, String password) {

    /** A login for {@code database} on {@code host:port}, with {@code settings} as the URL's parameters. */
    static Login of(String host, int port, String database, String user, String password, Properties settings) {
        String query = new TreeMap<>(settings).entrySet().stream()
                .filter(e -> !e.getKey().toString().equalsIgnoreCase("user") && !e.getKey().toString().equalsIgnoreCase("password"))
                .map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining("&"));
        String url = Sessions.url(host, port, database);
        return new Login(query.isEmpty() ? url : url + "?" + query, user, password);
    }

    @Override
    public String toString() {
        return "Login[" + Sessions.redact(url) + ", " + user + "]";
    }
}
