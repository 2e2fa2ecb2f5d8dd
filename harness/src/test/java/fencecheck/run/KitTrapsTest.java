package fencecheck.run;

import fencecheck.api.Outcome;
import fencecheck.db.Databases;
import fencecheck.db.TestBed;
import fencecheck.db.VirtualClock;
import fencecheck.kit.FenceSource;
import fencecheck.kit.KitLeaseProtocol;
import fencecheck.kit.LockCalls;
import fencecheck.kit.LockTable;
import fencecheck.model.RunStop;
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
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * What a kit implementation gets wrong in its setup is said in one line, before the first try or at the first call
 * it shows in, never as a finding: a column the lock table lacks (one spelled as the library's DDL spells it, which
 * PostgreSQL keeps in lower case, is found), a lock table whose name another schema holds too, and a library that
 * commits the transaction form (a) advances the fence in.
 */
class KitTrapsTest {

    /** A lock library on a lease table of its own: an insert that takes a free or ended name; commits when told to. */
    private record Locks(Connection connection, boolean commitsOnItsOwn) implements LockCalls {

        @Override
        public Outcome acquire(String key, UUID owner, long ttlMicros) throws SQLException {
            try (PreparedStatement s = connection.prepareStatement("insert into kit_trap_locks as lock (name, holder, lease_until)"
                    + " values (?, ?, clock_timestamp() + ? * interval '1 microsecond') on conflict (name) do update"
                    + " set holder = excluded.holder, lease_until = excluded.lease_until"
                    + " where lock.lease_until < clock_timestamp() returning lease_until")) {
                s.setString(1, key);
                s.setObject(2, owner);
                s.setLong(3, ttlMicros);
                try (ResultSet rs = s.executeQuery()) {
                    Outcome answer = rs.next() ? new Outcome.Granted(0, VirtualClock.toMicros(rs.getObject(1, OffsetDateTime.class)))
                            : new Outcome.Busy();
                    if (commitsOnItsOwn) {
                        connection.commit(); // as Spring's DataSourceTransactionManager does with the connection it is handed
                    }
                    return answer;
                }
            }
        }

        @Override
        public Outcome renew(String key, UUID owner, long token, long ttlMicros) {
            return new Outcome.RenewRejected();
        }

        @Override
        public Outcome release(String key, UUID owner, long token) {
            return new Outcome.ReleaseRejected();
        }
    }

    private static KitLeaseProtocol.Builder locks(String name, LockTable table, boolean commitsOnItsOwn) {
        return KitLeaseProtocol.builder().name(name)
                .schema(connection -> {
                    try (Statement s = connection.createStatement()) {
                        s.execute("create table if not exists kit_trap_locks (name text primary key, holder uuid not null,"
                                + " lease_until timestamptz not null)");
                    }
                })
                .lockTable(table)
                .fence(FenceSource.FENCE_ROW)
                .calls(connection -> new Locks(connection, commitsOnItsOwn));
    }

    @Test
    void aColumnSpelledAsTheLibrarysDdlSpellsItIsFoundAndOneTheTableLacksIsRefusedInOneLine() throws SQLException {
        // PostgreSQL keeps a name created without quotes in lower case: the kit finds a column as written, else so
        KitLeaseProtocol folded = locks("kit-trap-folded", new LockTable("kit_trap_locks", "Name", "holder", "lease_until"), false)
                .build();
        new TestBed(Databases.shared(), folded).install();
        KitLeaseProtocol missing = locks("kit-trap-camel-case", new LockTable("kit_trap_locks", "name", "holder", "leaseUntil"), false)
                .build();
        assertThatThrownBy(() -> new TestBed(Databases.shared(), missing).install())
                .hasMessageContaining("kit_trap_locks has no column leaseUntil (lock.until)")
                .hasMessageEndingWith("check lock.table and its columns (the library's schema runs first)");
    }

    @Test
    void aLockTableWithANamesakeInAnotherSchemaIsRefusedBeforeTheFirstTry() throws SQLException {
        try (Connection c = Databases.shared().connect(); Statement s = c.createStatement()) {
            s.execute("create table if not exists kit_trap_twins (name text primary key, holder uuid not null,"
                    + " lease_until timestamptz not null)");
            s.execute("create schema if not exists kit_trap_other");
            s.execute("create table if not exists kit_trap_other.kit_trap_twins (name text primary key)");
        }
        KitLeaseProtocol leases = locks("kit-trap-twins", new LockTable("kit_trap_twins", "name", "holder", "lease_until"), false)
                .build();
        try {
            assertThatThrownBy(() -> new TestBed(Databases.shared(), leases).install())
                    .hasMessage("the kit's lock table kit_trap_twins has a namesake in another schema (kit_trap_other.kit_trap_twins):"
                            + " the kit numbers leases only in the one lock.table names, and a library that writes the other gets"
                            + " no token; drop the other table, or name the one the library writes, with its schema");
        } finally {
            try (Connection c = Databases.shared().connect(); Statement s = c.createStatement()) {
                s.execute("drop schema kit_trap_other cascade");
            }
        }
    }

    @Test
    void aLibraryThatCommitsTheKitsTransactionStopsTheRunAtItsFirstAcquire() {
        KitLeaseProtocol leases = locks("kit-trap-commits", new LockTable("kit_trap_locks", "name", "holder", "lease_until"), true)
                .build();
        try (TraceRunner runner = new TraceRunner(Databases.shared(), leases)) {
            assertThatThrownBy(() -> runner.run(Trace.of(leases.name(), List.of(Step.worker(1, new Action.Acquire("K1"))))))
                    .isInstanceOf(RunStop.class)
                    .hasMessage("the library's acquire ended the kit's transaction (it committed or rolled back on its own), so"
                            + " fence=fence-row would move the fence in a second transaction: run the acquire in the caller's"
                            + " transaction (with Spring, a TransactionTemplate with PROPAGATION_SUPPORTS over the kit's"
                            + " SessionDataSource), or use fence=trigger");
        }
    }
}
