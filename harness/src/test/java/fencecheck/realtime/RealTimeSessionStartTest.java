package fencecheck.realtime;

import fencecheck.api.LeaseClient;
import fencecheck.db.Databases;
import fencecheck.protocol.SqlLeaseProtocol;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.SQLException;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A real-time run's time starts once its workers have their sessions open: however long opening them takes (the
 * first run of a fresh JVM, a library that does work when it connects), the workers get the whole run to send.
 */
class RealTimeSessionStartTest {

    /** How long the run lasts. */
    private static final long RUN_MILLIS = 1_000;
    /** Longer than the run: were opening the sessions counted in the run, no worker would send anything. */
    private static final long OPEN_MILLIS = 1_500;

    @Test
    void workersSlowToOpenTheirSessionsStillGetTheWholeRun() throws SQLException {
        RealTimeRun.Result r = RealTimeRun.runAndCheck(Databases.shared(), new SlowToConnect(), RealTimeSettings.quick(RUN_MILLIS, 3));

        assertThat(r.history().operations()).as("operations of a run whose sessions took %d ms to open", OPEN_MILLIS).isNotEmpty();
        assertThat(r.passed()).as(r.verdict().sentence()).isTrue();
    }

    /** The reference behind a library that takes {@value #OPEN_MILLIS} ms to set a session up. */
    private static final class SlowToConnect extends SqlLeaseProtocol {

        @Override
        public LeaseClient client(Connection connection) throws SQLException {
            try {
                Thread.sleep(OPEN_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new SQLException("interrupted while setting a session up", e);
            }
            return super.client(connection);
        }
    }
}
