package fencecheck.run;

import eu.rekawek.toxiproxy.Proxy;
import fencecheck.protocol.LeaseClient;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * A database session of a worker: its connection, the protocol client bound
 * to it, the server process serving it, and, when faults are injected, the
 * proxy it goes through. A reconnect replaces the connection and keeps the proxy.
 */
final class Session {

    final Proxy proxy;
    Connection connection;
    LeaseClient client;
    int backendPid;

    Session(Proxy proxy) {
        this.proxy = proxy;
    }

    LeaseClient client() {
        return client;
    }

    Connection connection() {
        return connection;
    }

    /** Closes the connection, quietly: it is being thrown away. */
    void closeConnection() {
        if (client != null) {
            try {
                client.close();
            } catch (SQLException | RuntimeException ignored) {
                // the connection goes either way
            }
        }
        if (connection != null) {
            try {
                connection.close();
            } catch (SQLException ignored) {
                // as above
            }
        }
        client = null;
        connection = null;
    }
}
