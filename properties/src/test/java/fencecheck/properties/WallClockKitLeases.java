package fencecheck.properties;

import fencecheck.api.Outcome;
import fencecheck.kit.FenceSource;
import fencecheck.kit.KitLeaseProtocol;
import fencecheck.kit.LeaseTime;
import fencecheck.kit.LockCalls;
import fencecheck.kit.LockTable;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.UUID;

/**
 * A lock library on the fencing kit that computes its lease ends in Java from the JVM's clock, as one that calls
 * {@code System.currentTimeMillis()} does, and stores them in its table; the kit's trigger numbers its leases.
 */
public class WallClockKitLeases extends KitLeaseProtocol {

    public WallClockKitLeases() {
        super(KitLeaseProtocol.builder()
                .schema(connection -> {
                    try (Statement s = connection.createStatement()) {
                        s.execute("create table if not exists wall_clock_locks (name text primary key, holder uuid not null,"
                                + " lease_until timestamptz not null, lease_id uuid not null)");
                    }
                })
                .lockTable(new LockTable("wall_clock_locks", "name", "holder", "lease_until").newLeaseWhenChanged("lease_id"))
                .fence(FenceSource.TRIGGER)
                .calls(Calls::new));
    }

    private record Calls(Connection connection) implements LockCalls {

        @Override
        public Outcome acquire(String key, UUID owner, long ttlMicros) throws SQLException {
            try (PreparedStatement s = connection.prepareStatement("insert into wall_clock_locks as lock (name, holder, lease_until,"
                    + " lease_id) values (?, ?, ?, gen_random_uuid()) on conflict (name) do update set holder = excluded.holder,"
                    + " lease_until = excluded.lease_until, lease_id = excluded.lease_id where lock.lease_until < ?"
                    + " returning lease_until")) {
                s.setString(1, key);
                s.setObject(2, owner);
                s.setObject(3, now().plus(ttlMicros, ChronoUnit.MICROS));
                s.setObject(4, now());
                try (ResultSet rs = s.executeQuery()) {
                    return rs.next() ? new Outcome.Granted(0, LeaseTime.micros(rs.getObject(1, OffsetDateTime.class))) : new Outcome.Busy();
                }
            }
        }

        @Override
        public Outcome renew(String key, UUID owner, long token, long ttlMicros) throws SQLException {
            try (PreparedStatement s = connection.prepareStatement("update wall_clock_locks set lease_until = ? where name = ?"
                    + " and holder = ? and lease_until >= ? returning lease_until")) {
                s.setObject(1, now().plus(ttlMicros, ChronoUnit.MICROS));
                s.setString(2, key);
                s.setObject(3, owner);
                s.setObject(4, now());
                try (ResultSet rs = s.executeQuery()) {
                    return rs.next() ? new Outcome.Renewed(LeaseTime.micros(rs.getObject(1, OffsetDateTime.class))) : new Outcome.RenewRejected();
                }
            }
        }

        @Override
        public Outcome release(String key, UUID owner, long token) throws SQLException {
            try (PreparedStatement s = connection.prepareStatement("delete from wall_clock_locks where name = ? and holder = ?")) {
                s.setString(1, key);
                s.setObject(2, owner);
                return s.executeUpdate() == 1 ? new Outcome.Released() : new Outcome.ReleaseRejected();
            }
        }

        /** The JVM's clock, to the microsecond PostgreSQL keeps. */
        private static OffsetDateTime now() {
            return Instant.now().truncatedTo(ChronoUnit.MICROS).atOffset(ZoneOffset.UTC);
        }
    }
}
