package fencecheck.kit;

import fencecheck.db.Databases;
import fencecheck.scheduler.ClusterRecords;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class FiringTableTest {

    private final String group = "g" + UUID.randomUUID().toString().substring(0, 8);

    @Test
    void eachInsertedFiringAdvancesTheFenceOfItsJobKey() throws SQLException {
        try (Connection c = Databases.shared().connectRealTime()) {
            FakeSchedulerTables tables = new FakeSchedulerTables().create(c);
            FiringTable.inserted(tables.firedTriggers, List.of("job_group", "job_name"), ".", "entry_id").install(c);

            fire(c, tables.firedTriggers, "n1-1", "report");
            fire(c, tables.firedTriggers, "n2-1", "report");
            fire(c, tables.firedTriggers, "n1-2", "cleanup");
            fire(c, tables.firedTriggers, "n2-2", "report");

            assertThat(firingsOf(c, group + ".report")).containsExactly("n1-1=1", "n2-1=2", "n2-2=3");
            assertThat(firingsOf(c, group + ".cleanup")).containsExactly("n1-2=1");
            assertThat(fence(c, group + ".report")).isEqualTo(3);
        }
    }

    @Test
    void onlyAPickOfAnUnpickedRowIsAFiring() throws SQLException {
        try (Connection c = Databases.shared().connectRealTime()) {
            FakeSchedulerTables tables = new FakeSchedulerTables().create(c);
            FiringTable.heldWhenSet(tables.scheduledTasks, List.of("task_name", "task_instance"), "/", "version", "picked").install(c);
            String t = tables.scheduledTasks;
            run(c, "insert into " + t + " (task_name, task_instance, execution_time, picked, version) values (?, 'i', now(), false, 1)");
            // db-scheduler's pick: picked, picked_by, last_heartbeat and the next version, in one statement
            String pick = "update " + t + " set picked = true, picked_by = 'node1', last_heartbeat = now(), version = version + 1"
                    + " where task_name = ? and picked = false";
            run(c, pick);
            run(c, "update " + t + " set last_heartbeat = now() where task_name = ?");
            run(c, pick);  // already picked: changes nothing
            // completion: the next execution time, not picked, the next version
            run(c, "update " + t + " set picked = false, picked_by = null, execution_time = now(), version = version + 1 where task_name = ?");
            run(c, pick);
            // a dead execution revived: not picked, the next version; then picked by another node
            run(c, "update " + t + " set picked = false, picked_by = null, version = version + 1 where task_name = ?");
            run(c, pick);

            assertThat(firingsOf(c, group + "/i")).containsExactly("2=1", "4=2", "6=3");
        }
    }

    @Test
    void aRowThatNamesNoJobKeyIsNoFiringAndTheSchedulersStatementGoesOn() throws SQLException {
        try (Connection c = Databases.shared().connectRealTime()) {
            FakeSchedulerTables tables = new FakeSchedulerTables().create(c);
            FiringTable.inserted(tables.firedTriggers, List.of("job_group", "job_name"), ".", "entry_id").install(c);
            int before = ClusterRecords.read(c).firings().size();

            fire(c, tables.firedTriggers, "n1-1", null);

            assertThat(ClusterRecords.read(c).firings()).hasSize(before);
        }
    }

    @Test
    void quartzsAcquiredRowIsAFiringWhenItsFiringNamesTheJob() throws SQLException {
        try (Connection c = Databases.shared().connectRealTime()) {
            FakeSchedulerTables tables = new FakeSchedulerTables().create(c);
            FiringTable.inserted(tables.firedTriggers, List.of("job_group", "job_name"), ".", "entry_id").install(c);
            String t = tables.firedTriggers;
            // Quartz 2.5.2: acquiring inserts the row without the job (ACQUIRED); firing names the job (EXECUTING)
            fire(c, t, "n1-1", null);
            executing(c, t, "n1-1");
            executing(c, t, "n1-1");  // names the job again: no new firing
            fire(c, t, "n2-1", null);
            executing(c, t, "n2-1");

            assertThat(firingsOf(c, group + ".report")).containsExactly("n1-1=1", "n2-1=2");
        }
    }

    @Test
    void aColumnTheTableLacksIsRefusedInOneLine() throws SQLException {
        try (Connection c = Databases.shared().connectRealTime()) {
            FakeSchedulerTables tables = new FakeSchedulerTables().create(c);
            assertThatThrownBy(() -> FiringTable.inserted(tables.firedTriggers, List.of("job_group", "job"), ".", "entry_id").install(c))
                    .isInstanceOf(SQLException.class)
                    .hasMessageStartingWith("the kit could not register firing table " + tables.firedTriggers + ": ")
                    .hasMessageContaining("has no column job ")
                    .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
        }
    }

    @Test
    void theQuartzAndDbSchedulerTablesAreNamedAsTheLibrariesNameThem() {
        assertThat(FiringTable.quartz()).isEqualTo(new FiringTable("qrtz_fired_triggers", List.of("job_group", "job_name"), ".",
                "entry_id", null));
        assertThat(FiringTable.dbScheduler()).isEqualTo(new FiringTable("scheduled_tasks", List.of("task_name", "task_instance"),
                "/", "version", "picked"));
    }

    private void fire(Connection c, String table, String entryId, String job) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("insert into " + table + " (sched_name, entry_id, trigger_name, trigger_group,"
                + " instance_name, fired_time, sched_time, priority, state, job_name, job_group, is_nonconcurrent, requests_recovery)"
                + " values ('cluster', ?, 't', 'tg', 'node', 0, 0, 5, 'EXECUTING', ?, ?, true, true)")) {
            s.setString(1, entryId);
            s.setString(2, job);
            s.setString(3, group);
            s.executeUpdate();
        }
    }

    /** Quartz's firing of an acquired row: the state and the job, by the row's entry id. */
    private void executing(Connection c, String table, String entryId) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("update " + table
                + " set state = 'EXECUTING', job_name = 'report', job_group = ? where entry_id = ?")) {
            s.setString(1, group);
            s.setString(2, entryId);
            s.executeUpdate();
        }
    }

    private void run(Connection c, String sql) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(sql)) {
            s.setString(1, group);
            s.executeUpdate();
        }
    }

    /** "firing id=token" of the key's firings, in token order, as the checker reads them. */
    static List<String> firingsOf(Connection c, String key) throws SQLException {
        return ClusterRecords.read(c).firings().stream().filter(f -> f.jobKey().equals(key))
                .map(f -> f.firingId() + "=" + f.token()).toList();
    }

    private static long fence(Connection c, String key) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("select token from fencecheck_kit_fences where lock_name = ?")) {
            s.setString(1, key);
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }
}
