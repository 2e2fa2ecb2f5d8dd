package fencecheck.run;

import fencecheck.db.Databases;
import fencecheck.db.VirtualClock;
import fencecheck.model.ModelConfig;
import fencecheck.model.OperationBinding;
import fencecheck.model.Outcome;
import fencecheck.model.RowComparison;
import fencecheck.protocol.kit.FenceSource;
import fencecheck.protocol.kit.KitLeaseProtocol;
import fencecheck.protocol.kit.LockCalls;
import fencecheck.protocol.kit.LockTable;
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
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A Java implementation through the kit's builder: three JDBC calls of a hand-written lock table without a token,
 * and the kit's trigger, sinks, inspect and reset.
 */
class KitJavaLeasesTest {

    /** The lock library: kit-trigger's statements, sent by plain JDBC on fencecheck's connection. */
    private static final class JdbcLocks implements LockCalls {
        private final Connection connection;

        JdbcLocks(Connection connection) {
            this.connection = connection;
        }

        @Override
        public Outcome acquire(String key, UUID owner, long ttlMicros) throws SQLException {
            try (PreparedStatement s = connection.prepareStatement("insert into kit_java_locks as lock (name, holder, lease_until, lease_id)"
                    + " values (?, ?, clock_timestamp() + ? * interval '1 microsecond', gen_random_uuid())"
                    + " on conflict (name) do update set holder = excluded.holder,"
                    + " lease_until = case when lock.lease_until < clock_timestamp() then excluded.lease_until else lock.lease_until end,"
                    + " lease_id = case when lock.lease_until < clock_timestamp() then excluded.lease_id else lock.lease_id end"
                    + " where lock.lease_until < clock_timestamp() or lock.holder = excluded.holder returning lease_until")) {
                s.setString(1, key);
                s.setObject(2, owner);
                s.setLong(3, ttlMicros);
                try (ResultSet rs = s.executeQuery()) {
                    return rs.next() ? new Outcome.Granted(0, micros(rs)) : new Outcome.Busy();
                }
            }
        }

        @Override
        public Outcome renew(String key, UUID owner, long token, long ttlMicros) throws SQLException {
            try (PreparedStatement s = connection.prepareStatement("update kit_java_locks set lease_until = clock_timestamp()"
                    + " + ? * interval '1 microsecond' where name = ? and holder = ? and lease_until >= clock_timestamp()"
                    + " returning lease_until")) {
                s.setLong(1, ttlMicros);
                s.setString(2, key);
                s.setObject(3, owner);
                try (ResultSet rs = s.executeQuery()) {
                    return rs.next() ? new Outcome.Renewed(micros(rs)) : new Outcome.RenewRejected();
                }
            }
        }

        @Override
        public Outcome release(String key, UUID owner, long token) throws SQLException {
            try (PreparedStatement s = connection.prepareStatement("update kit_java_locks set lease_until = least(lease_until,"
                    + " clock_timestamp() - interval '1 microsecond') where name = ? and holder = ?")) {
                s.setString(1, key);
                s.setObject(2, owner);
                return s.executeUpdate() == 1 ? new Outcome.Released() : new Outcome.ReleaseRejected();
            }
        }

        private static long micros(ResultSet rs) throws SQLException {
            return VirtualClock.toMicros(rs.getObject(1, OffsetDateTime.class));
        }
    }

    static KitLeaseProtocol javaLeases() {
        return KitLeaseProtocol.builder()
                .name("kit-java-leases")
                .modelConfig(ModelConfig.reference().withBinding(OperationBinding.OWNER_ONLY)
                        .withRowComparison(RowComparison.VALIDITY_AND_ANSWERS))
                .schema(connection -> {
                    try (Statement s = connection.createStatement()) {
                        s.execute("create table if not exists kit_java_locks (name text primary key, holder uuid not null,"
                                + " lease_until timestamptz not null, lease_id uuid not null)");
                    }
                })
                .lockTable(new LockTable("kit_java_locks", "name", "holder", "lease_until").newLeaseWhenChanged("lease_id"))
                .fence(FenceSource.TRIGGER)
                .calls(JdbcLocks::new)
                .build();
    }

    @Test
    void threeCallsOfALibraryWithoutATokenAgreeWithTheModelUnderTheKitsFence() {
        KitLeaseProtocol leases = javaLeases();
        try (TraceRunner runner = new TraceRunner(Databases.shared(), leases)) {
            TryResult r = runner.run(Trace.of(leases.name(), KitPacksTest.TAKEOVER_THEN_STALE_WRITES));
            assertThat(r.passed()).as(r.verdict() + "\n" + TraceTable.render(r)).isTrue();
            assertThat(r.history()).filteredOn(e -> e.step() == 7 && e.kind() == HistoryEntry.Kind.STATEMENT)
                    .as("the old holder's write after the takeover").singleElement()
                    .satisfies(e -> assertThat(e.observed().toString()).contains("Stale"));
        }
    }

    @Test
    void aMissingSettingIsOneLineSayingWhatToAdd() {
        assertThatThrownBy(() -> KitLeaseProtocol.builder().name("incomplete").modelConfig(ModelConfig.reference())
                .schema(connection -> { }).fence(FenceSource.FENCE_ROW).calls(JdbcLocks::new).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("incomplete: the kit needs lockTable(...); add it to the builder");
    }
}
