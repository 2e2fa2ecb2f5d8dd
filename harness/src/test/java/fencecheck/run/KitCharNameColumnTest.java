package fencecheck.run;

import fencecheck.api.Lease;
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
 * Form (b) on a lock table shaped like Spring Integration's: names and holders in {@code char(36)} columns, which
 * PostgreSQL pads with spaces, lease ends in a {@code timestamp} in UTC, the row deleted on release. The trigger
 * must key the fence by the name as the caller gives it, or the kit finds no fence for the grant.
 */
class KitCharNameColumnTest {

    /** A hand-written library on that table: takes a free or expired row, renews while valid, deletes on release. */
    private record PaddedLocks(Connection connection) implements LockCalls {

        @Override
        public Outcome acquire(String key, UUID owner, long ttlMicros) throws SQLException {
            try (PreparedStatement s = connection.prepareStatement("insert into kit_char_locks as lock (name, holder, lease_until)"
                    + " values (?, ?, (clock_timestamp() at time zone 'UTC') + ? * interval '1 microsecond')"
                    + " on conflict (name) do update set holder = excluded.holder, lease_until = excluded.lease_until"
                    + " where lock.lease_until < clock_timestamp() at time zone 'UTC'"
                    + " returning lease_until at time zone 'UTC'")) {
                s.setString(1, key);
                s.setString(2, owner.toString());
                s.setLong(3, ttlMicros);
                try (ResultSet rs = s.executeQuery()) {
                    return rs.next() ? new Outcome.Granted(0, micros(rs)) : new Outcome.Busy();
                }
            }
        }

        @Override
        public Outcome renew(String key, UUID owner, long token, long ttlMicros) throws SQLException {
            try (PreparedStatement s = connection.prepareStatement("update kit_char_locks set lease_until ="
                    + " (clock_timestamp() at time zone 'UTC') + ? * interval '1 microsecond' where name = ? and holder = ?"
                    + " and lease_until >= clock_timestamp() at time zone 'UTC' returning lease_until at time zone 'UTC'")) {
                s.setLong(1, ttlMicros);
                s.setString(2, key);
                s.setString(3, owner.toString());
                try (ResultSet rs = s.executeQuery()) {
                    return rs.next() ? new Outcome.Renewed(micros(rs)) : new Outcome.RenewRejected();
                }
            }
        }

        @Override
        public Outcome release(String key, UUID owner, long token) throws SQLException {
            try (PreparedStatement s = connection.prepareStatement("delete from kit_char_locks where name = ? and holder = ?")) {
                s.setString(1, key);
                s.setString(2, owner.toString());
                return s.executeUpdate() == 1 ? new Outcome.Released() : new Outcome.ReleaseRejected();
            }
        }

        private static long micros(ResultSet rs) throws SQLException {
            return VirtualClock.toMicros(rs.getObject(1, OffsetDateTime.class));
        }
    }

    static KitLeaseProtocol paddedLeases() {
        return KitLeaseProtocol.builder()
                .name("kit-char-name-column")
                .semantics(c -> c.withIdempotentRegrant(false).withRelease(ReleaseEncoding.KEEP_TOKEN_MARK_RELEASED))
                .schema(connection -> {
                    try (Statement s = connection.createStatement()) {
                        s.execute("create table if not exists kit_char_locks (name char(36) primary key,"
                                + " holder char(36) not null, lease_until timestamp not null)");
                    }
                })
                .lockTable(new LockTable("kit_char_locks", "name", "holder", "lease_until").newLeaseWhenSet("holder"))
                .fence(FenceSource.TRIGGER)
                .calls(PaddedLocks::new)
                .build();
    }

    @Test
    void aPaddedNameIsFencedUnderTheNameTheCallerGives() throws SQLException {
        KitLeaseProtocol leases = paddedLeases();
        try (TraceRunner runner = new TraceRunner(Databases.shared(), leases)) {
            TryResult r = runner.run(Trace.of(leases.name(), KitPacksTest.TAKEOVER_THEN_STALE_WRITES));
            assertThat(r.passed()).as(r.verdict() + "\n" + TraceTable.render(r)).isTrue();
            assertThat(r.history()).filteredOn(e -> e.step() == 7 && e.kind() == HistoryEntry.Kind.STATEMENT)
                    .as("the old holder's write after the takeover").singleElement()
                    .satisfies(e -> assertThat(e.observed().toString()).contains("Stale"));
            assertThat(r.history()).filteredOn(e -> e.step() == 17 && e.kind() == HistoryEntry.Kind.STATEMENT)
                    .as("the lock taken again after its row was deleted, under the name's next token").last()
                    .satisfies(e -> assertThat(e.observed().toString()).contains("Granted").contains("token=3"));
        }
        try (Connection c = Databases.shared().connect(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("select lock_name from fencecheck_kit_fences where lock_name like 'K1%'")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getString(1)).as("the fence's name, unpadded").isEqualTo("K1");
            assertThat(rs.next()).as("one fence row for K1").isFalse();
        }
    }

    @Test
    void aNameWhoseRowWasDeletedIsReadAsALeaseThatIsOverUnderItsFence() throws SQLException {
        KitLeaseProtocol leases = paddedLeases();
        UUID owner = UUID.randomUUID();
        try (Connection c = Databases.shared().connectRealTime()) {
            leases.installSchema(c);
            leases.deleteAllRows(c);
            try (LeaseClient client = leases.client(c)) {
                assertThat(client.inspect("K1").lease()).as("a name never locked has no lease").isNull();
                Outcome granted = client.acquire("K1", owner, 60_000_000L);
                assertThat(granted).isInstanceOfSatisfying(Outcome.Granted.class, g -> assertThat(g.token()).isEqualTo(1));
                assertThat(client.release("K1", owner, 1)).isEqualTo(new Outcome.Released());
                // the library deleted its row; the name's tokens go on from the fence, which the rows read must show
                Lease after = client.inspect("K1").lease();
                assertThat(after).as("the lease of a name whose row was deleted").isNotNull();
                assertThat(after.token()).isEqualTo(1);
                assertThat(after.released()).as("nobody holds it").isTrue();
            }
        }
    }
}
