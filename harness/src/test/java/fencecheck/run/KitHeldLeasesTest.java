package fencecheck.run;

import fencecheck.api.Boundary;
import fencecheck.api.LeaseClient;
import fencecheck.api.Outcome;
import fencecheck.api.ReleaseEncoding;
import fencecheck.db.Databases;
import fencecheck.db.VirtualClock;
import fencecheck.kit.FenceSource;
import fencecheck.kit.KitLeaseProtocol;
import fencecheck.kit.LockCalls;
import fencecheck.kit.LockTable;
import fencecheck.trace.Trace;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.OffsetDateTime;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A library that keeps its row while nobody holds it and stores the last heartbeat rather than the lease end (as
 * db-scheduler does): a row is created free, a pick sets {@code picked} and moves {@code version}, and so does the
 * release, which clears holder and heartbeat. The kit fences only the picks (a held column) and reads the lease end
 * one lease length after the heartbeat.
 */
class KitHeldLeasesTest {

    private record JdbcScheduler(Connection connection) implements LockCalls {

        @Override
        public Outcome acquire(String key, UUID owner, long ttlMicros) throws SQLException {
            try (PreparedStatement create = connection.prepareStatement("insert into kit_held_jobs (name, picked, version)"
                    + " values (?, false, 1) on conflict (name) do nothing")) {
                create.setString(1, key);
                create.executeUpdate();
            }
            try (PreparedStatement pick = connection.prepareStatement("update kit_held_jobs set picked = true, holder = ?,"
                    + " heartbeat = clock_timestamp(), version = version + 1 where name = ? and (not picked"
                    + " or heartbeat + ? * interval '1 microsecond' <= clock_timestamp()) returning heartbeat")) {
                pick.setString(1, owner.toString());
                pick.setString(2, key);
                pick.setLong(3, ttlMicros);
                try (ResultSet rs = pick.executeQuery()) {
                    return rs.next() ? new Outcome.Granted(0, micros(rs) + ttlMicros) : new Outcome.Busy();
                }
            }
        }

        @Override
        public Outcome renew(String key, UUID owner, long token, long ttlMicros) throws SQLException {
            try (PreparedStatement s = connection.prepareStatement("update kit_held_jobs set heartbeat = clock_timestamp()"
                    + " where name = ? and holder = ? and picked and heartbeat + ? * interval '1 microsecond' > clock_timestamp()"
                    + " returning heartbeat")) {
                s.setString(1, key);
                s.setString(2, owner.toString());
                s.setLong(3, ttlMicros);
                try (ResultSet rs = s.executeQuery()) {
                    return rs.next() ? new Outcome.Renewed(micros(rs) + ttlMicros) : new Outcome.RenewRejected();
                }
            }
        }

        @Override
        public Outcome release(String key, UUID owner, long token) throws SQLException {
            try (PreparedStatement s = connection.prepareStatement("update kit_held_jobs set picked = false, holder = null,"
                    + " heartbeat = null, version = version + 1 where name = ? and holder = ? and picked")) {
                s.setString(1, key);
                s.setString(2, owner.toString());
                return s.executeUpdate() == 1 ? new Outcome.Released() : new Outcome.ReleaseRejected();
            }
        }

        private static long micros(ResultSet rs) throws SQLException {
            return VirtualClock.toMicros(rs.getObject(1, OffsetDateTime.class));
        }
    }

    static KitLeaseProtocol heldLeases() {
        return KitLeaseProtocol.builder()
                .name("kit-held-leases")
                .semantics(c -> c.withBoundary(Boundary.EXCLUSIVE).withIdempotentRegrant(false)
                        .withRelease(ReleaseEncoding.KEEP_TOKEN_MARK_RELEASED))
                .schema(connection -> {
                    try (Statement s = connection.createStatement()) {
                        s.execute("create table if not exists kit_held_jobs (name text primary key, picked boolean not null,"
                                + " holder text, heartbeat timestamptz, version bigint not null)");
                    }
                })
                .lockTable(new LockTable("kit_held_jobs", "name", "holder", "heartbeat").newLeaseWhenChanged("version")
                        .heldWhile("picked"))
                .untilIsLastRenewal()
                .fence(FenceSource.TRIGGER)
                .calls(JdbcScheduler::new)
                .build();
    }

    /**
     * Were the row's creation or the release (both move version, neither leaves it picked) fenced, w2's takeover would
     * not get token 2; were the end read as the stored heartbeat, the lease would look expired at once.
     */
    @Test
    void onlyAPickIsANewLeaseAndItEndsALeaseLengthAfterItsHeartbeat() {
        KitLeaseProtocol leases = heldLeases();
        try (TraceRunner runner = new TraceRunner(Databases.shared(), leases)) {
            TryResult r = runner.run(Trace.of(leases.name(), KitPacksTest.TAKEOVER_THEN_STALE_WRITES));
            assertThat(r.passed()).as(r.verdict() + "\n" + TraceTable.render(r)).isTrue();
            assertThat(r.notes()).as("rows and answers as the model's: " + r.verdict()).isEmpty();
            assertThat(KitPacksTest.answerAt(r, 1)).isInstanceOfSatisfying(Outcome.Granted.class, g -> assertThat(g.token()).isEqualTo(1));
            assertThat(KitPacksTest.answerAt(r, 6)).isInstanceOfSatisfying(Outcome.Granted.class, g -> assertThat(g.token()).isEqualTo(2));
            assertThat(KitPacksTest.answerAt(r, 7)).as("the old holder's fenced write after the takeover").isEqualTo(new Outcome.Stale());
            assertThat(KitPacksTest.answerAt(r, 17)).as("after the release (version moved, row free) the next pick")
                    .isInstanceOfSatisfying(Outcome.Granted.class, g -> assertThat(g.token()).isEqualTo(3));
        }
    }

    /**
     * A row created free and never picked has no fence, and is no lease. On a real-time session, whose search path
     * puts {@code public} first: installed on a lock-step one, the tables would go to that session's first schema and
     * hide those of every later kit implementation from lock-step sessions.
     */
    @Test
    void aRowNeverHeldIsNoLeaseAndARowGivenUpIsAReleasedOne() throws SQLException {
        KitLeaseProtocol leases = heldLeases();
        try (Connection connection = Databases.shared().connectRealTime()) {
            leases.installSchema(connection);
            leases.deleteAllRows(connection);
            try (LeaseClient client = leases.client(connection)) {
                try (Statement s = connection.createStatement()) {
                    s.execute("insert into kit_held_jobs (name, picked, version) values ('free', false, 1)");
                }
                assertThat(client.inspect("free").lease()).isNull();
                UUID owner = UUID.randomUUID();
                assertThat(client.acquire("free", owner, 1_000_000)).isInstanceOf(Outcome.Granted.class);
                assertThat(client.inspect("free").lease()).satisfies(l -> assertThat(l.released()).isFalse())
                        .satisfies(l -> assertThat(l.token()).isEqualTo(1));
                assertThat(client.release("free", owner, 1)).isEqualTo(new Outcome.Released());
                assertThat(client.inspect("free").lease()).satisfies(l -> assertThat(l.released()).isTrue())
                        .satisfies(l -> assertThat(l.token()).isEqualTo(1));
            } finally {
                leases.deleteAllRows(connection);
            }
        }
    }
}
