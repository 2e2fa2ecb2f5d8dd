package fencecheck.api;

import fencecheck.db.Databases;
import org.apiguardian.api.API;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * The database fencecheck's properties run on, for tests of your own beside a {@code FencecheckSuite}: a test that
 * calls an adapter directly to show one behaviour on the real server. It is the embedded PostgreSQL unless
 * {@code -Dfencecheck.db} names another, started on first use and stopped when the test JVM exits.
 */
@API(status = API.Status.STABLE, since = "0.1")
public final class TestDatabase {

    private TestDatabase() {
    }

    /**
     * A new session on the database's own clock ({@code clock_timestamp()} and {@code now()} are PostgreSQL's), with
     * {@code public} first on its search path and autocommit on; the caller closes it.
     *
     * @return a new connection
     * @throws SQLException when the server cannot be reached; the message says what to do
     */
    public static Connection connect() throws SQLException {
        return Databases.shared().connectRealTime();
    }
}
