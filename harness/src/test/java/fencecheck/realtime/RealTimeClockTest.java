package fencecheck.realtime;

import fencecheck.api.LeaseClient;
import fencecheck.db.Databases;
import fencecheck.protocol.SqlLeaseProtocol;
import fencecheck.run.TraceRunner;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An implementation that takes its time from Java runs on real time in a real-time run, even after a lock-step
 * runner gave it the virtual clock: the real clock is given before the first session of the run connects.
 */
class RealTimeClockTest {

    @Test
    void aRealTimeRunReplacesTheVirtualClockBeforeAnyWorkerConnects() throws SQLException {
        AtomicReference<Clock> given = new AtomicReference<>();
        List<Clock> whenConnected = Collections.synchronizedList(new ArrayList<>());
        SqlLeaseProtocol protocol = new SqlLeaseProtocol() {
            @Override
            public void useClock(Clock clock) {
                given.set(clock);
            }

            @Override
            public LeaseClient client(Connection connection) throws SQLException {
                whenConnected.add(given.get());
                return super.client(connection);
            }
        };
        Clock virtual;
        try (TraceRunner runner = new TraceRunner(Databases.shared(), protocol, false)) {
            virtual = given.get();
        }
        assertThat(virtual).as("the lock-step runner's clock").isNotNull();
        whenConnected.clear();

        RealTimeRun.run(Databases.shared(), protocol, RealTimeSettings.quick(500, 5));

        assertThat(given.get()).isNotSameAs(virtual).isEqualTo(Clock.systemUTC());
        assertThat(Duration.between(given.get().instant(), Instant.now()).abs()).isLessThan(Duration.ofSeconds(1));
        assertThat(whenConnected).as("the clock in place when each session of the run connected").isNotEmpty()
                .allMatch(Clock.systemUTC()::equals);
    }
}
