package fencecheck.db;

import fencecheck.api.KeyState;
import fencecheck.api.LeaseClient;
import fencecheck.api.LeaseProtocol;
import fencecheck.api.SinkKind;
import fencecheck.protocol.Implementations;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

class TestBedTest {

    private final Database db = Databases.open("embedded", null);
    private final LeaseProtocol protocol = Implementations.select("reference");
    private final TestBed bed = new TestBed(db, protocol);

    @Test
    void tablesAreCreatedOutsideTheClockSchema() throws SQLException {
        bed.install();
        try (Connection c = db.connect(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("select table_schema, table_name from information_schema.tables"
                     + " where table_name in ('job_leases', 'report_results', 'fenced_results', 'clock') order by table_name")) {
            StringBuilder found = new StringBuilder();
            while (rs.next()) {
                found.append(rs.getString(1)).append('.').append(rs.getString(2)).append(' ');
            }
            assertThat(found.toString().strip())
                    .isEqualTo("fencecheck_clock.clock public.fenced_results public.job_leases public.report_results");
        }
    }

    @Test
    void resetDeletesEveryRowAndPutsTheClockBackToZero() throws SQLException {
        try (Connection c = db.connect(); LeaseClient client = protocol.client(prepared(c))) {
            VirtualClock.set(c, 42_000_000);
            UUID owner = protocol.newOwner("w");
            client.acquire("job", owner, 1_000_000);
            client.write(SinkKind.LATEST_TOKEN_WINS, "job", 1, "-", "x");
            client.write(SinkKind.CURRENT_FENCE, "job", 1, "r", "x");
            assertThat(client.inspect("job")).isNotEqualTo(KeyState.EMPTY);

            bed.reset(c);

            assertThat(client.inspect("job")).isEqualTo(KeyState.EMPTY);
            assertThat(VirtualClock.read(c)).isZero();
        }
    }

    @Test
    void resetIsCheap() throws SQLException {
        try (Connection c = db.connect(); LeaseClient client = protocol.client(prepared(c))) {
            try (Statement s = c.createStatement()) {
                // the rows to delete are filled in without waiting for the disk; the reset never waits for it
                s.execute("set synchronous_commit = off");
            }
            int rounds = 300;
            long[] nanos = new long[rounds];
            for (int i = 0; i < rounds; i++) {
                client.acquire("job-" + (i % 3), protocol.newOwner("w"), 1_000_000);
                client.write(SinkKind.LATEST_TOKEN_WINS, "job-" + (i % 3), 1, "-", "x");
                long started = System.nanoTime();
                bed.reset(c);
                nanos[i] = System.nanoTime() - started;
            }
            long[] roundTrip = new long[rounds];
            try (Statement s = c.createStatement()) {
                for (int i = 0; i < rounds; i++) {
                    long started = System.nanoTime();
                    s.execute("select 1");
                    roundTrip[i] = System.nanoTime() - started;
                }
            }
            System.out.printf("TestBed.reset of tiny tables: median %d us, 90th percentile %d us over %d resets;"
                            + " a bare round trip (select 1): median %d us%n",
                    median(nanos) / 1_000, percentile(nanos, 90) / 1_000, rounds - rounds / 3, median(roundTrip) / 1_000);
        }
    }

    private static long median(long[] nanos) {
        return percentile(nanos, 50);
    }

    /** A percentile of the samples after the first third (warm-up). */
    private static long percentile(long[] nanos, int percent) {
        long[] warm = Arrays.copyOfRange(nanos, nanos.length / 3, nanos.length);
        Arrays.sort(warm);
        return warm[Math.min(warm.length - 1, warm.length * percent / 100)];
    }

    private Connection prepared(Connection c) throws SQLException {
        bed.reset(c);
        return c;
    }
}
