package fencecheck.run;

import fencecheck.api.KeyState;
import fencecheck.api.Lease;
import fencecheck.api.LeaseClient;
import fencecheck.api.ModelConfig;
import fencecheck.api.Outcome;
import fencecheck.db.Databases;
import fencecheck.db.SqlResources;
import fencecheck.db.VirtualClock;
import fencecheck.model.RunStop;
import fencecheck.protocol.SqlLeaseProtocol;
import fencecheck.trace.Action;
import fencecheck.trace.Step;
import fencecheck.trace.Trace;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A time far from the virtual clock is named as a clock fencecheck does not control, in the verdict's one line. */
class ForeignClockTest {

    @Test
    void aTimeDaysAwayFromTheVirtualClockIsExplained() {
        assertThat(ForeignClock.explain(new Outcome.Granted(1, 10_000_000), new Outcome.Granted(1, -100L * 24 * 3600 * 1_000_000),
                null, null)).hasValueSatisfying(s -> assertThat(s).startsWith("the database's time is 100 days before the virtual"
                + " clock: the implementation reads a clock fencecheck does not control (fencecheck moves now(), CURRENT_TIMESTAMP,")
                .contains("it cannot move System.currentTimeMillis()").endsWith("or a clock of another server)"));
        KeyState model = KeyState.EMPTY.withLease(new Lease("w1.1", 10_000_000, 1));
        KeyState database = KeyState.EMPTY.withLease(new Lease("w1.1", 3L * 24 * 3600 * 1_000_000, 1));
        assertThat(ForeignClock.explain(null, null, model, database)).hasValueSatisfying(s -> assertThat(s).contains("2 days after"));
    }

    @Test
    void aTimeNearTheVirtualClockIsAnOrdinaryDifference() {
        assertThat(ForeignClock.explain(new Outcome.Granted(1, 10_000_000), new Outcome.Granted(1, 10_000_001), null, null)).isEmpty();
        assertThat(ForeignClock.explain(new Outcome.Busy(), new Outcome.Granted(1, -100L * 24 * 3600 * 1_000_000), null, null)).isEmpty();
    }

    /**
     * An acquire that reads CURRENT_TIMESTAMP follows the virtual clock: its
     * sessions rewrite the keyword, so a takeover exactly one microsecond after
     * expiry, and a refusal at the boundary, agree with the model.
     */
    @Test
    void anImplementationReadingCurrentTimestampFollowsTheVirtualClock() {
        SqlLeaseProtocol currentTimestamp = new SqlLeaseProtocol("acquire-reads-current-timestamp", "", ModelConfig.reference(),
                "test-clocks/current-timestamp") {
        };
        try (TraceRunner runner = new TraceRunner(Databases.shared(), currentTimestamp, false)) {
            TryResult result = runner.run(Trace.of(currentTimestamp.name(), List.of(
                    Step.worker(1, new Action.Acquire("K1")),
                    Step.clock(new Action.AdvanceToExpiry("K1", 0)),
                    Step.worker(2, new Action.Acquire("K1")),
                    Step.clock(new Action.AdvanceBy(1)),
                    Step.worker(2, new Action.Acquire("K1")))));
            assertThat(result.passed()).as(result.verdict()).isTrue();
        }
    }

    /**
     * An acquire that takes its time from Instant.now(), not from the clock fencecheck gives it, is told so in one line
     * at its first grant, and the try stops there: nothing it answers afterwards is judged.
     */
    @Test
    void anImplementationReadingTheMachinesClockInJavaIsToldSo() {
        SqlLeaseProtocol instantNow = new SqlLeaseProtocol("acquire-reads-instant-now", "", ModelConfig.reference()) {
            @Override
            public LeaseClient client(Connection connection) throws SQLException {
                return new InstantNowAcquire(super.client(connection),
                        connection.prepareStatement(SqlResources.load("test-clocks/java-now/acquire.sql")));
            }
        };
        try (TraceRunner runner = new TraceRunner(Databases.shared(), instantNow, false)) {
            assertThatThrownBy(() -> runner.run(Trace.of(instantNow.name(), List.of(Step.worker(1, new Action.Acquire("K1"))))))
                    .isInstanceOf(RunStop.class)
                    .hasMessageNotContaining("\n")
                    .hasMessageStartingWith("acquire-reads-instant-now reads a clock fencecheck does not control: w1's acquire K1 as"
                            + " w1 for 10.000000s at 0.000000s answered a lease end of 20")
                    .hasMessageContaining("before the earliest instant the call can have read the clock at, 2030-01-01T00:00:00Z")
                    .hasMessageContaining("not pg_catalog.now()");
        }
    }

    /** The reference's client, except that acquire passes the machine's time, read in Java, as the lease's "now". */
    private static final class InstantNowAcquire extends AcquireReplaced {

        InstantNowAcquire(LeaseClient reference, PreparedStatement acquire) {
            super(reference, acquire);
        }

        @Override
        public Outcome acquire(String key, UUID owner, long ttlMicros) throws SQLException {
            statement.setString(1, key);
            statement.setObject(2, owner);
            statement.setLong(3, ttlMicros);
            statement.setObject(4, OffsetDateTime.ofInstant(Instant.now().truncatedTo(ChronoUnit.MICROS), ZoneOffset.UTC));
            try (ResultSet rs = statement.executeQuery()) {
                return rs.next() ? new Outcome.Granted(rs.getLong(1), VirtualClock.toMicros(rs.getObject(2, OffsetDateTime.class)))
                        : new Outcome.Busy();
            }
        }
    }
}
