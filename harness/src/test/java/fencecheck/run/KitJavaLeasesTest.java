package fencecheck.run;

import fencecheck.api.ModelConfig;
import fencecheck.api.OperationBinding;
import fencecheck.api.Outcome;
import fencecheck.api.RowComparison;
import fencecheck.api.SinkKind;
import fencecheck.check.Invariant;
import fencecheck.check.Violation;
import fencecheck.db.Databases;
import fencecheck.db.VirtualClock;
import fencecheck.kit.FenceSource;
import fencecheck.kit.KitLeaseProtocol;
import fencecheck.kit.LockCalls;
import fencecheck.kit.LockTable;
import fencecheck.protocol.pack.PackException;
import fencecheck.trace.Action;
import fencecheck.trace.Step;
import fencecheck.trace.TokenSource;
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
import java.util.function.UnaryOperator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A Java implementation through the kit's builder: three JDBC calls of a hand-written lock table without a token,
 * and the kit's trigger, sinks, inspect and reset; with sinks of its own, and with one holder value for every
 * execution.
 */
class KitJavaLeasesTest {

    /** One holder for every execution, as a library that names its holder by host has it. */
    private static final UUID SHARED_HOLDER = UUID.fromString("00000000-0000-0000-0000-00000000a11e");

    /** The lock library: kit-trigger's statements, sent by plain JDBC on fencecheck's connection. */
    private static class JdbcLocks implements LockCalls {
        private final Connection connection;
        /** What it stores as the holder of an execution: the execution's id, or one value for all. */
        private final UnaryOperator<UUID> holder;

        JdbcLocks(Connection connection) {
            this(connection, UnaryOperator.identity());
        }

        JdbcLocks(Connection connection, UnaryOperator<UUID> holder) {
            this.connection = connection;
            this.holder = holder;
        }

        @Override
        public String ownerValue(UUID owner) {
            return holder.apply(owner).toString();
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
                s.setObject(2, holder.apply(owner));
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
                s.setObject(3, holder.apply(owner));
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
                s.setObject(2, holder.apply(owner));
                return s.executeUpdate() == 1 ? new Outcome.Released() : new Outcome.ReleaseRejected();
            }
        }

        private static long micros(ResultSet rs) throws SQLException {
            return VirtualClock.toMicros(rs.getObject(1, OffsetDateTime.class));
        }
    }

    static KitLeaseProtocol javaLeases() {
        return javaLeasesBuilder().build();
    }

    private static KitLeaseProtocol.Builder javaLeasesBuilder() {
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
                .calls(JdbcLocks::new);
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

    /** The kit's builder with a folder of the implementation's own sinks: a fenced write that compares no token. */
    @Test
    void ownSinksReplaceTheKitsAndAStaleWriteThroughThemIsCaught() {
        KitLeaseProtocol leases = javaLeasesBuilder().name("kit-java-plain-fenced").sinks("/kit-java-sinks/plain-fenced").build();
        try (TraceRunner runner = new TraceRunner(Databases.shared(), leases)) {
            TryResult r = runner.run(Trace.of(leases.name(), KitPacksTest.TAKEOVER_THEN_STALE_WRITES));
            // agreeing up to step 7: the kit's inspect, below the folder's one file, reads what that file stored
            assertThat(r.divergent()).as(r.verdict()).isNotNull();
            assertThat(r.divergent().step()).as(r.verdict() + "\n" + TraceTable.render(r)).isEqualTo(7);
            assertThat(r.divergent().observed().toString()).as("the old holder's write after the takeover").contains("Applied");
            assertThat(r.violations()).extracting(Violation::invariant).contains(Invariant.NO_STALE_ACCEPTANCE);
        }
    }

    @Test
    void aSinksFolderWithoutSinkFilesOrWithALockCallIsOneLineSayingWhatToDo() {
        assertThatThrownBy(() -> javaLeasesBuilder().sinks("/kit-java-sinks/no-such-folder").build())
                .isInstanceOf(PackException.class)
                .hasMessageStartingWith("kit-java-leases: classpath:/kit-java-sinks/no-such-folder holds none of delete_all.sql,")
                .hasMessageEndingWith("; give sinks(...) the class path folder of the implementation's own sink files");
        assertThatThrownBy(() -> javaLeasesBuilder().sinks("/packs/kit-trigger").build())
                .isInstanceOf(PackException.class)
                .hasMessage("kit-java-leases: classpath:/packs/kit-trigger/schema.sql is not a sink file; its acquire, renew,"
                        + " release and schema are the implementation's Java, so remove it from the sinks folder");
    }

    /**
     * One holder value for every execution ({@link LockCalls#ownerValue}): the kit reads the fence under it and names
     * each lease by the execution it saw granted it, so a run without a takeover agrees with the model throughout.
     */
    @Test
    void aHolderValueSharedByEveryExecutionIsNamedByTheGrantTheKitSaw() {
        KitLeaseProtocol leases = javaLeasesBuilder().name("kit-java-shared-holder")
                .calls(connection -> new JdbcLocks(connection, owner -> SHARED_HOLDER)).build();
        List<Step> handOver = List.of(
                Step.worker(1, new Action.Acquire("K1")),
                Step.worker(1, new Action.Write(SinkKind.CURRENT_FENCE, TokenSource.HELD, "r1", "a")),
                Step.worker(1, new Action.Release()),
                Step.worker(2, new Action.Acquire("K1")),
                Step.worker(2, new Action.Renew()),
                Step.worker(2, new Action.Write(SinkKind.CURRENT_FENCE, TokenSource.HELD, "r2", "b")));
        try (TraceRunner runner = new TraceRunner(Databases.shared(), leases)) {
            TryResult r = runner.run(Trace.of(leases.name(), handOver));
            assertThat(r.passed()).as(r.verdict() + "\n" + TraceTable.render(r)).isTrue();
            // a holder the model does not know would be a difference of rows, a note under safety conformance
            assertThat(r.notes()).as(TraceTable.render(r)).isEmpty();
            assertThat(holderAfter(r, 1)).isEqualTo("w1");
            assertThat(holderAfter(r, 4)).isEqualTo("w2");
        }
    }

    private static String holderAfter(TryResult r, int step) {
        return r.history().stream().filter(e -> e.step() == step && e.kind() == HistoryEntry.Kind.STATEMENT).findFirst()
                .orElseThrow().observedRows().protocol().lease().owner();
    }

    @Test
    void aHolderValueTheKitCannotReadItsFenceUnderIsAnError() {
        KitLeaseProtocol leases = javaLeasesBuilder().name("kit-java-shared-holder-unsaid").calls(connection ->
                new JdbcLocks(connection, owner -> SHARED_HOLDER) {
                    @Override
                    public String ownerValue(UUID owner) {
                        return owner.toString();
                    }
                }).build();
        try (TraceRunner runner = new TraceRunner(Databases.shared(), leases)) {
            TryResult r = runner.run(Trace.of(leases.name(), List.of(Step.worker(1, new Action.Acquire("K1")))));
            assertThat(r.divergent()).as(r.verdict()).isNotNull();
            assertThat(r.divergent().error()).contains("finds no fence under a lease row of that holder");
        }
    }

    /** The same shared holder lets an execution whose lease was taken over renew its successor's: caught. */
    @Test
    void aLateRenewUnderASharedHolderIsAMutualExclusionFinding() {
        KitLeaseProtocol leases = javaLeasesBuilder().name("kit-java-shared-holder")
                .calls(connection -> new JdbcLocks(connection, owner -> SHARED_HOLDER)).build();
        List<Step> lateRenew = List.of(
                Step.worker(1, new Action.Acquire("K1")),
                Step.clock(new Action.AdvanceToExpiry("K1", 1)),
                Step.worker(2, new Action.Acquire("K1")),
                Step.worker(1, new Action.Renew()));
        try (TraceRunner runner = new TraceRunner(Databases.shared(), leases)) {
            TryResult r = runner.run(Trace.of(leases.name(), lateRenew));
            assertThat(r.divergent()).as(r.verdict()).isNotNull();
            assertThat(r.divergent().step()).as(r.verdict() + "\n" + TraceTable.render(r)).isEqualTo(4);
            assertThat(r.divergent().observed().toString()).contains("Renewed");
            assertThat(r.violations()).extracting(Violation::invariant).contains(Invariant.MUTUAL_EXCLUSION);
        }
    }
}
