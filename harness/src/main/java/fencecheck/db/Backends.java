package fencecheck.db;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/** Server processes of sessions the harness gave up on: ended from another session, and awaited, bounded. */
public final class Backends {

    private Backends() {
    }

    /** Terminates the server process {@code pid} from {@code observer}, as a crash of its client would end it, and awaits its exit. */
    public static void terminate(Connection observer, int pid, long millis) throws SQLException {
        try (PreparedStatement s = observer.prepareStatement("select pg_catalog.pg_terminate_backend(?)")) {
            s.setInt(1, pid);
            s.execute();
        }
        awaitGone(observer, pid, millis);
    }

    /** Waits until the server process {@code pid} has exited (its transaction with it), at most {@code millis}. */
    public static void awaitGone(Connection observer, int pid, long millis) throws SQLException {
        long deadline = System.nanoTime() + millis * 1_000_000;
        try (PreparedStatement s = observer.prepareStatement("select count(*) from pg_catalog.pg_stat_activity where pid = ?")) {
            s.setInt(1, pid);
            while (true) {
                try (ResultSet rs = s.executeQuery()) {
                    rs.next();
                    if (rs.getInt(1) == 0) {
                        return;
                    }
                }
                if (System.nanoTime() > deadline) {
                    throw new SQLException("the server process " + pid + " was still there " + millis
                            + " ms after its client went away");
                }
                try {
                    Thread.sleep(1);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new SQLException("interrupted while waiting for server process " + pid + " to exit");
                }
            }
        }
    }
}
