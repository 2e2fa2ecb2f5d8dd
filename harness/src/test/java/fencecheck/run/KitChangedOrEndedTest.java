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
 * Form (b) on changed-or-ended, on a table shaped like Spring Integration's: the library's acquire takes a row that
 * is free or its caller's own (a re-lock, which moves the end), setting the holder either way. A new holder, or a
 * lease that had ended, is a new lease; a holder's re-lock of its valid lease keeps its token, so a caller that locks
 * twice is not fenced out by itself.
 */
class KitChangedOrEndedTest {

    private static final long MINUTE = 60_000_000L;

    /** The library: one statement that takes a free, expired or own row. */
    private record RelockingLocks(Connection connection) implements LockCalls {

        @Override
        public Outcome acquire(String key, UUID owner, long ttlMicros) throws SQLException {
            try (PreparedStatement s = connection.prepareStatement("insert into kit_relocking_locks as lock (name, holder,"
                    + " lease_until) values (?, ?, clock_timestamp() + ? * interval '1 microsecond') on conflict (name)"
                    + " do update set holder = excluded.holder, lease_until = excluded.lease_until"
                    + " where lock.holder = excluded.holder or lock.lease_until < clock_timestamp() returning lease_until")) {
                s.setString(1, key);
                s.setString(2, owner.toString());
                s.setLong(3, ttlMicros);
                try (ResultSet rs = s.executeQuery()) {
                    return rs.next() ? new Outcome.Granted(0, VirtualClock.toMicros(rs.getObject(1, OffsetDateTime.class)))
                            : new Outcome.Busy();
                }
            }
        }

        @Override
        public Outcome renew(String key, UUID owner, long token, long ttlMicros) {
            throw new UnsupportedOperationException("not needed here");
        }

        @Override
        public Outcome release(String key, UUID owner, long token) {
            throw new UnsupportedOperationException("not needed here");
        }
    }

    private static KitLeaseProtocol relockingLeases(Boundary boundary) {
        return KitLeaseProtocol.builder()
                .name("kit-changed-or-ended")
                .semantics(c -> c.withBoundary(boundary).withRelease(ReleaseEncoding.KEEP_TOKEN_MARK_RELEASED))
                .schema(connection -> {
                    try (Statement s = connection.createStatement()) {
                        s.execute("create table if not exists kit_relocking_locks (name text primary key, holder text not null,"
                                + " lease_until timestamptz not null)");
                    }
                })
                .lockTable(new LockTable("kit_relocking_locks", "name", "holder", "lease_until").newLeaseWhenChangedOrEnded("holder"))
                .fence(FenceSource.TRIGGER)
                .calls(RelockingLocks::new)
                .build();
    }

    @Test
    void aHoldersRelockKeepsItsTokenAndALeaseThatEndedOrChangedHandsTakesTheNext() throws Exception {
        KitLeaseProtocol leases = relockingLeases(Boundary.INCLUSIVE);
        UUID a = UUID.randomUUID();
        UUID b = UUID.randomUUID();
        try (Connection c = Databases.shared().connectRealTime()) {
            leases.installSchema(c);
            leases.deleteAllRows(c);
            try (LeaseClient client = leases.client(c)) {
                Outcome.Granted first = (Outcome.Granted) client.acquire("K1", a, MINUTE);
                Outcome.Granted relock = (Outcome.Granted) client.acquire("K1", a, 2 * MINUTE);
                assertThat(relock.token()).as("the holder's re-lock of its valid lease").isEqualTo(first.token());
                assertThat(relock.until()).as("the library moves the end").isGreaterThan(first.until());
                assertThat(client.acquire("K1", b, MINUTE)).isEqualTo(new Outcome.Busy());

                Outcome.Granted brief = (Outcome.Granted) client.acquire("K2", a, 1_000);
                waitPast(c, brief.until());
                Outcome.Granted again = (Outcome.Granted) client.acquire("K2", a, MINUTE);
                assertThat(again.token()).as("the holder's lock after its lease ended: a new lease").isEqualTo(brief.token() + 1);

                Outcome.Granted shortLease = (Outcome.Granted) client.acquire("K3", a, 1_000);
                waitPast(c, shortLease.until());
                Outcome.Granted takeover = (Outcome.Granted) client.acquire("K3", b, MINUTE);
                assertThat(takeover.token()).as("another holder's takeover").isEqualTo(shortLease.token() + 1);
            }
        }
    }

    @Test
    void theTriggerEndsALeaseAsTheLibrarysBoundarySays() throws SQLException {
        assertThat(updateTrigger(Boundary.INCLUSIVE)).as("valid through its end")
                .contains("old.holder IS DISTINCT FROM new.holder").contains("fencecheck_kit_ended(old.lease_until, true)");
        assertThat(updateTrigger(Boundary.EXCLUSIVE)).as("over at its end").contains("fencecheck_kit_ended(old.lease_until, false)");
    }

    private static String updateTrigger(Boundary boundary) throws SQLException {
        try (Connection c = Databases.shared().connectRealTime()) {
            relockingLeases(boundary).installSchema(c);
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("select pg_get_triggerdef(oid) from pg_trigger"
                    + " where tgrelid = 'kit_relocking_locks'::regclass and tgname = 'fencecheck_kit_new_lease_updated'")) {
                assertThat(rs.next()).as("form (b)'s update trigger").isTrue();
                return rs.getString(1);
            }
        }
    }

    /** Until the database's clock is past {@code until}: a lease of a millisecond, so a few polls at most. */
    private static void waitPast(Connection c, long until) throws Exception {
        for (int i = 0; i < 1_000 && now(c) <= until; i++) {
            Thread.sleep(2);
        }
        assertThat(now(c)).as("the database's clock past the lease's end").isGreaterThan(until);
    }

    private static long now(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("select clock_timestamp()")) {
            rs.next();
            return VirtualClock.toMicros(rs.getObject(1, OffsetDateTime.class));
        }
    }
}
