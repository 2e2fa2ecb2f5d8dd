package fencecheck.run;

import fencecheck.api.KeyState;
import fencecheck.api.LeaseClient;
import fencecheck.api.LeaseProtocol;
import fencecheck.api.Outcome;
import fencecheck.api.ReleaseEncoding;
import fencecheck.db.Databases;
import fencecheck.kit.FenceSource;
import fencecheck.kit.KitLeaseProtocol;
import fencecheck.kit.LeaseTime;
import fencecheck.kit.LockCalls;
import fencecheck.kit.LockTable;
import fencecheck.protocol.Implementations;
import fencecheck.trace.Action;
import fencecheck.trace.Step;
import fencecheck.trace.Trace;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Lock tables as libraries have them, fenced by the kit's trigger: a lock name of two columns, "free" said by a null
 * owner, a row that keeps the last claim or heartbeat rather than the lease's end, and that time kept as text. The
 * pack {@code packs/kit-claims} has all four; the Java implementation here (a heartbeat table of processor and message
 * id) the first three through {@link LockTable}'s builder-style methods.
 */
class KitClaimTableTest {

    static final String CLAIMS = "sql:classpath:/packs/kit-claims";

    /** A heartbeat table: a row per processor and message id, owned (or not) by owner, alive while its heartbeat is recent. */
    private record HeartbeatCalls(Connection connection) implements LockCalls {

        @Override
        public Outcome acquire(String key, UUID owner, long ttlMicros) throws SQLException {
            return answer(key, owner, ttlMicros, "insert into kit_heartbeats as row (processor, messageId, owner, heartbeat)"
                    + " values ('orders', ?, ?, clock_timestamp()) on conflict (processor, messageId) do update"
                    + " set owner = excluded.owner, heartbeat = excluded.heartbeat where row.owner is null"
                    + " or row.owner = excluded.owner or row.heartbeat + ? * interval '1 microsecond' < clock_timestamp()"
                    + " returning heartbeat", new Outcome.Busy(), true);
        }

        @Override
        public Outcome renew(String key, UUID owner, long token, long ttlMicros) throws SQLException {
            return answer(key, owner, ttlMicros, "update kit_heartbeats set heartbeat = clock_timestamp() where processor = 'orders'"
                    + " and messageId = ? and owner = ? and heartbeat + ? * interval '1 microsecond' >= clock_timestamp()"
                    + " returning heartbeat", new Outcome.RenewRejected(), false);
        }

        @Override
        public Outcome release(String key, UUID owner, long token) throws SQLException {
            try (PreparedStatement s = connection.prepareStatement("update kit_heartbeats set owner = null"
                    + " where processor = 'orders' and messageId = ? and owner = ?")) {
                s.setString(1, key);
                s.setString(2, owner.toString());
                return s.executeUpdate() == 1 ? new Outcome.Released() : new Outcome.ReleaseRejected();
            }
        }

        private Outcome answer(String key, UUID owner, long ttlMicros, String sql, Outcome refused, boolean granted)
                throws SQLException {
            try (PreparedStatement s = connection.prepareStatement(sql)) {
                s.setString(1, key);
                s.setString(2, owner.toString());
                s.setLong(3, ttlMicros);
                try (ResultSet rs = s.executeQuery()) {
                    if (!rs.next()) {
                        return refused;
                    }
                    long until = LeaseTime.micros(rs.getObject(1, OffsetDateTime.class)) + ttlMicros;
                    return granted ? new Outcome.Granted(0, until) : new Outcome.Renewed(until);
                }
            }
        }
    }

    static KitLeaseProtocol heartbeats() {
        return KitLeaseProtocol.builder()
                .name("kit-heartbeats")
                .semantics(c -> c.withRelease(ReleaseEncoding.KEEP_TOKEN_MARK_RELEASED))
                .schema(connection -> {
                    try (Statement s = connection.createStatement()) {
                        s.execute("create table if not exists kit_heartbeats (processor text not null, messageId text not null,"
                                + " owner text, heartbeat timestamptz, primary key (processor, messageId))");
                    }
                })
                // messageId, unquoted in the table's DDL, is the column messageid: the kit finds it as SQL does
                .lockTable(new LockTable("kit_heartbeats", "processor, messageId", "owner", "heartbeat")
                        .nameOfKey("orders/{key}").untilIsLastRenewal().newLeaseWhenChangedOrEnded("owner"))
                .fence(FenceSource.TRIGGER)
                .calls(HeartbeatCalls::new)
                .build();
    }

    private static TryResult run(LeaseProtocol protocol, List<Step> steps) {
        try (TraceRunner runner = new TraceRunner(Databases.shared(), protocol)) {
            return runner.run(Trace.of(protocol.name(), steps));
        }
    }

    @Test
    void aClaimTableIsFencedAsAnyOtherAndAgreesWithTheModel() {
        for (LeaseProtocol protocol : List.of(Implementations.select(CLAIMS), heartbeats())) {
            TryResult r = run(protocol, KitPacksTest.TAKEOVER_THEN_STALE_WRITES);
            assertThat(r.passed()).as(protocol.name() + ": " + r.verdict() + "\n" + TraceTable.render(r)).isTrue();
            assertThat(r.notes()).as(protocol.name() + ": " + r.verdict()).isEmpty();
            assertThat(KitPacksTest.answerAt(r, 6)).as(protocol.name() + ": the takeover")
                    .isInstanceOfSatisfying(Outcome.Granted.class, g -> assertThat(g.token()).isEqualTo(2));
            assertThat(KitPacksTest.answerAt(r, 7)).as(protocol.name() + ": the old holder's late write").isEqualTo(new Outcome.Stale());
            assertThat(KitPacksTest.answerAt(r, 17)).as(protocol.name() + ": a claim of the row its owner let go")
                    .isInstanceOfSatisfying(Outcome.Granted.class, g -> assertThat(g.token()).isEqualTo(3));
        }
    }

    /**
     * "Ended" is the last claim plus the lease length: the owner claiming again at its claim's very end (valid
     * through it) keeps its token, one microsecond later takes the next. Were the time alone compared, both would.
     */
    @Test
    void changedOrEndedIsJudgedOnTheLastClaimPlusTheLeaseLength() {
        for (LeaseProtocol protocol : List.of(Implementations.select(CLAIMS), heartbeats())) {
            TryResult r = run(protocol, List.of(
                    Step.worker(1, new Action.Acquire("K1")),
                    Step.clock(new Action.AdvanceToExpiry("K1", 0)),
                    Step.worker(1, new Action.Acquire("K1")),
                    Step.clock(new Action.AdvanceToExpiry("K1", 1)),
                    Step.worker(1, new Action.Acquire("K1"))));
            assertThat(r.passed()).as(protocol.name() + ": " + r.verdict() + "\n" + TraceTable.render(r)).isTrue();
            assertThat(KitPacksTest.answerAt(r, 3)).as(protocol.name() + ": claimed again at its end")
                    .isInstanceOfSatisfying(Outcome.Granted.class, g -> assertThat(g.token()).isEqualTo(1));
            assertThat(KitPacksTest.answerAt(r, 5)).as(protocol.name() + ": claimed again after its end")
                    .isInstanceOfSatisfying(Outcome.Granted.class, g -> assertThat(g.token()).isEqualTo(2));
        }
    }

    /** The fence is keyed by both columns; a row owned by nobody is a released lease; the claim time is text. */
    @Test
    void theFenceIsKeyedByBothColumnsAndARowOwnedByNobodyIsFree() throws SQLException {
        LeaseProtocol claims = Implementations.select(CLAIMS);
        UUID owner = UUID.randomUUID();
        try (Connection c = Databases.shared().connectRealTime()) {
            claims.installSchema(c);
            claims.deleteAllRows(c);
            try (LeaseClient client = claims.client(c)) {
                Outcome.Granted granted = (Outcome.Granted) client.acquire("K1", owner, 60_000_000);
                assertThat(fences(c)).isEqualTo(List.of("fencecheck/K1=1"));
                assertThat(one(c, "select claimed_at from kit_claims")).as("kept as text").endsWith("Z");
                assertThat(client.inspect("K1").lease()).satisfies(l -> assertThat(l.until()).isEqualTo(granted.until()))
                        .satisfies(l -> assertThat(l.owner()).isEqualTo(owner.toString()));
                assertThat(client.release("K1", owner, 1)).isEqualTo(new Outcome.Released());
                KeyState released = client.inspect("K1");
                assertThat(released.lease()).satisfies(l -> assertThat(l.released()).isTrue())
                        .satisfies(l -> assertThat(l.token()).isEqualTo(1));
                assertThat(client.acquire("K1", owner, 60_000_000))
                        .isInstanceOfSatisfying(Outcome.Granted.class, g -> assertThat(g.token()).isEqualTo(2));
                try (Statement s = c.createStatement()) {
                    s.execute("insert into kit_claims (processor, segment) values ('fencecheck', 'K2')");
                }
                assertThat(client.inspect("K2").lease()).as("a row created owned by nobody is no lease").isNull();
                assertThat(fences(c)).as("nor a new one").isEqualTo(List.of("fencecheck/K1=2"));
            } finally {
                claims.deleteAllRows(c);
            }
        }
    }

    /** A time kept as text is read as its offset says, or in UTC when it names none, whatever the session's zone. */
    @Test
    void aTimeKeptAsTextIsReadByItsOffsetOrInUtc() throws SQLException {
        try (Connection c = Databases.shared().connectRealTime()) {
            Implementations.select(CLAIMS).installSchema(c);
            try (Statement s = c.createStatement()) {
                s.execute("set time zone 'Asia/Tokyo'");
                assertThat(one(c, "select fencecheck_kit_time('2030-01-01 00:00:00.5') = '2030-01-01T00:00:00.5Z'")).isEqualTo("t");
                assertThat(one(c, "select fencecheck_kit_time('2030-01-01T00:00:00.000001Z') = '2030-01-01T00:00:00.000001Z'"))
                        .isEqualTo("t");
                assertThat(one(c, "select fencecheck_kit_time('2030-01-01T02:00:00+02:00') = '2030-01-01T00:00:00Z'")).isEqualTo("t");
                s.execute("reset time zone");
            }
        }
    }

    /** A lock table the kit cannot read is refused at install, in one line naming the column and what to check. */
    @Test
    void aColumnTheTableLacksOrAnEndItCannotReadIsRefusedAtInstall() throws SQLException {
        try (Connection c = Databases.shared().connectRealTime()) {
            try (Statement s = c.createStatement()) {
                s.execute("create table if not exists kit_epoch_locks (name text primary key, holder text, until_millis bigint)");
            }
            KitLeaseProtocol wrongName = epochLocks(new LockTable("kit_epoch_locks", "name, part", "holder", "until_millis")
                    .nameOfKey("x/{key}"));
            assertThatThrownBy(() -> wrongName.installSchema(c)).isInstanceOf(SQLException.class)
                    .hasMessage("the kit could not register lock table kit_epoch_locks: ERROR: kit_epoch_locks has no column part"
                            + " (lock.name, lock.owner); check lock.table and its columns (the library's schema runs first)");
            KitLeaseProtocol epoch = epochLocks(new LockTable("kit_epoch_locks", "name", "holder", "until_millis"));
            assertThatThrownBy(() -> epoch.installSchema(c)).isInstanceOf(SQLException.class)
                    .hasMessage("the kit could not register lock table kit_epoch_locks: ERROR: the kit reads"
                            + " kit_epoch_locks.until_millis (lock.until) as timestamptz, timestamp (in UTC) or text, not as bigint;"
                            + " check lock.table and its columns (the library's schema runs first)");
        }
    }

    private static KitLeaseProtocol epochLocks(LockTable table) {
        return KitLeaseProtocol.builder().name("kit-epoch-locks").schema(connection -> { })
                .lockTable(table.newLeaseWhenChanged("holder")).fence(FenceSource.TRIGGER).calls(HeartbeatCalls::new).build();
    }

    private static List<String> fences(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("select lock_name || '=' || token from fencecheck_kit_fences order by lock_name")) {
            List<String> fences = new ArrayList<>();
            while (rs.next()) {
                fences.add(rs.getString(1));
            }
            return fences;
        }
    }

    private static String one(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            assertThat(rs.next()).as(sql).isTrue();
            return rs.getString(1);
        }
    }
}
