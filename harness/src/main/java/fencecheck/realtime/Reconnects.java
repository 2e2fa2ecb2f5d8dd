package fencecheck.realtime;

import java.sql.SQLException;

/**
 * Opening a session again while a failover may be under way: until the standby is promoted and the address points
 * to it, a connection attempt fails, so it is tried again, for a bounded time.
 */
final class Reconnects {

    /** Long enough for a promotion under load (a few seconds here), short of the run's join grace. */
    static final long FAILOVER_MILLIS = 12_000;
    private static final long PAUSE_MILLIS = 20;

    /** Something that opens a session. */
    @FunctionalInterface
    interface Opener<T> {
        T open() throws SQLException;
    }

    private Reconnects() {
    }

    /**
     * Opens with {@code opener}, trying again for up to {@code millis} while it fails (0: once).
     *
     * @throws SQLException the last attempt's error, when none succeeded in time
     */
    static <T> T within(long millis, Opener<T> opener) throws SQLException {
        long deadline = System.nanoTime() + millis * 1_000_000;
        while (true) {
            try {
                return opener.open();
            } catch (SQLException e) {
                if (System.nanoTime() + PAUSE_MILLIS * 1_000_000 > deadline) {
                    throw e;
                }
            }
            try {
                Thread.sleep(PAUSE_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new SQLException("interrupted while reconnecting after a failover", e);
            }
        }
    }
}
