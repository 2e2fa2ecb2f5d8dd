package fencecheck.db;

import fencecheck.protocol.Implementations;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.OffsetDateTime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class VirtualClockTest {

    private static Database db;

    @BeforeAll
    static void install() throws SQLException {
        db = Databases.open("embedded", null);
        new TestBed(db, Implementations.select("reference")).install();
    }

    @Test
    void conversionsAreExactToTheMicrosecond() {
        assertThat(VirtualClock.toInstant(0)).isEqualTo(Instant.parse("2030-01-01T00:00:00Z")).isEqualTo(VirtualClock.ORIGIN);
        for (long micros : new long[] {0, 1, -1, 999_999, 1_000_001, -1_000_001, 86_400_000_000L * 365 * 100 + 7}) {
            assertThat(VirtualClock.toMicros(VirtualClock.toTimestamp(micros))).isEqualTo(micros);
        }
        assertThat(VirtualClock.toTimestamp(1_500_001)).isEqualTo(OffsetDateTime.parse("2030-01-01T00:00:01.500001Z"));
        assertThatThrownBy(() -> VirtualClock.toMicros(VirtualClock.ORIGIN.plusNanos(1)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void unqualifiedClockTimestampAndNowReadTheVirtualClock() throws SQLException {
        try (Connection c = db.connect()) {
            long micros = 123_456_789_012L + 3;
            VirtualClock.set(c, micros);
            try (Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("select clock_timestamp(), now(), pg_catalog.clock_timestamp(),"
                         + " (extract(epoch from clock_timestamp()) * 1000000)::bigint")) {
                rs.next();
                assertThat(VirtualClock.toMicros(rs.getObject(1, OffsetDateTime.class))).isEqualTo(micros);
                assertThat(VirtualClock.toMicros(rs.getObject(2, OffsetDateTime.class))).isEqualTo(micros);
                assertThat(rs.getObject(3, OffsetDateTime.class).toInstant()).isBefore(VirtualClock.ORIGIN);
                long epochMicros = VirtualClock.ORIGIN.getEpochSecond() * 1_000_000L + micros;
                assertThat(rs.getLong(4)).isEqualTo(epochMicros);
            }
            assertThat(VirtualClock.read(c)).isEqualTo(micros);
        }
    }

    @Test
    void everySessionSeesTheClockMoveAndMicrosecondsSurviveTheRoundTrip() throws SQLException {
        try (Connection harness = db.connect(); Connection worker = db.connect();
             PreparedStatement now = worker.prepareStatement("select clock_timestamp() + ?::bigint * interval '1 microsecond'")) {
            for (long micros : new long[] {0, 1, 999_999, 1_000_000, -1, 10_000_001, 3_600_000_000_007L}) {
                VirtualClock.set(harness, micros);
                now.setLong(1, 1);
                try (ResultSet rs = now.executeQuery()) {
                    rs.next();
                    assertThat(VirtualClock.toMicros(rs.getObject(1, OffsetDateTime.class))).isEqualTo(micros + 1);
                }
            }
        }
    }
}
