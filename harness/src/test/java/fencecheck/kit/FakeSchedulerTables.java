package fencecheck.kit;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;

/**
 * Tables with the columns of Quartz 2.5.2's {@code qrtz_fired_triggers} and db-scheduler 16.7.1's
 * {@code scheduled_tasks} (PostgreSQL DDL of each), under a name of their own per test, so tests never share rows.
 */
final class FakeSchedulerTables {

    final String firedTriggers = "qrtz_fired_triggers_" + suffix();
    final String scheduledTasks = "scheduled_tasks_" + suffix();

    FakeSchedulerTables create(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("create table " + firedTriggers + " (sched_name varchar(120) not null, entry_id varchar(95) not null,"
                    + " trigger_name varchar(200) not null, trigger_group varchar(200) not null, instance_name varchar(200) not null,"
                    + " fired_time bigint not null, sched_time bigint not null, priority integer not null, state varchar(16) not null,"
                    + " job_name varchar(200), job_group varchar(200), is_nonconcurrent bool, requests_recovery bool,"
                    + " primary key (sched_name, entry_id))");
            s.execute("create table " + scheduledTasks + " (task_name text not null, task_instance text not null, task_data bytea,"
                    + " execution_time timestamp with time zone not null, picked boolean not null, picked_by text,"
                    + " last_success timestamp with time zone, last_failure timestamp with time zone, consecutive_failures int,"
                    + " last_heartbeat timestamp with time zone, version bigint not null, priority smallint,"
                    + " primary key (task_name, task_instance))");
        }
        return this;
    }

    private static String suffix() {
        return UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    }
}
