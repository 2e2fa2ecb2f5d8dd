package fencecheck.run;

import fencecheck.protocol.LeaseClient;

import java.sql.Connection;
import java.sql.SQLException;

/** A database connection with the protocol client bound to it. */
record Session(Connection connection, LeaseClient client) {

    void close() {
        try {
            client.close();
        } catch (SQLException ignored) {
            // the connection is being thrown away; a failing close changes nothing
        }
        try {
            connection.close();
        } catch (SQLException ignored) {
            // as above
        }
    }
}
