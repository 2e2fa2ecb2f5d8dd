package com.example.dbscheduler.cluster;

import com.github.kagkarlsson.scheduler.Scheduler;
import com.github.kagkarlsson.scheduler.SchedulerName;
import com.github.kagkarlsson.scheduler.task.ExecutionContext;
import com.github.kagkarlsson.scheduler.task.TaskInstance;
import com.github.kagkarlsson.scheduler.task.helper.RecurringTask;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import com.github.kagkarlsson.scheduler.task.schedule.FixedDelay;

import javax.sql.DataSource;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;

/**
 * One db-scheduler node: its real {@link Scheduler} with one recurring task whose run sleeps (so that a pause of the
 * node lands inside it) and then writes its result. Detection is shortened by db-scheduler's own settings: an
 * execution whose heartbeat is older than {@code heartbeatInterval * missedHeartbeatsLimit} is dead, and another
 * node revives and runs it again.
 */
public final class DbSchedulerNode {

    /** The job: one recurring task, so its one execution row is the job key {@code cluster-job/recurring}. */
    static final String TASK = "cluster-job";

    static final Duration HEARTBEAT = Duration.ofMillis(Long.getLong("fencecheck.dbscheduler.heartbeatMillis", 500));
    static final int MISSED_HEARTBEATS = Integer.getInteger("fencecheck.dbscheduler.missedHeartbeats", 4);
    static final Duration POLLING = Duration.ofMillis(Long.getLong("fencecheck.dbscheduler.pollingMillis", 200));
    static final long RUN_MILLIS = Long.getLong("fencecheck.job.runMillis", 3000);

    private DbSchedulerNode() {
    }

    public static void main(String[] args) throws Exception {
        NodeSettings node = NodeSettings.fromSystemProperties();
        DataSource dataSource = node.dataSource();
        // a delay of an hour after each completion: within a check, a second run is a revival of a dead execution
        RecurringTask<Void> job = Tasks.recurring(TASK, FixedDelay.ofHours(1))
                .execute((instance, context) -> run(dataSource, node.id(), instance, context));
        Scheduler scheduler = Scheduler.create(dataSource)
                .startTasks(job)
                .threads(2)
                .pollingInterval(POLLING)
                .heartbeatInterval(HEARTBEAT)
                .missedHeartbeatsLimit(MISSED_HEARTBEATS)
                .schedulerName(new SchedulerName.Fixed("node-" + node.id()))
                .shutdownMaxWait(Duration.ofSeconds(1))
                .registerShutdownHook()
                .build();
        scheduler.start();
        System.out.println("node " + node.id() + " started");
    }

    private static void run(DataSource dataSource, int node, TaskInstance<Void> instance, ExecutionContext context) {
        String jobKey = instance.getTaskName() + "/" + instance.getId();
        long firing = context.getExecution().version;
        System.out.println("node " + node + " runs " + jobKey + " version " + firing);
        try {
            Thread.sleep(RUN_MILLIS);
            String result = "node " + node + " version " + firing;
            try (Connection c = dataSource.getConnection()) {
                execute(c, "write-result.sql", jobKey, result, node, firing);
                execute(c, "log-write.sql", jobKey, result, node, firing);
            }
            System.out.println("node " + node + " wrote " + jobKey + " version " + firing);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (SQLException e) {
            throw new IllegalStateException("node " + node + " could not write its result: " + e.getMessage(), e);
        }
    }

    private static void execute(Connection c, String resource, String jobKey, String result, int node, long firing)
            throws SQLException {
        try (PreparedStatement s = c.prepareStatement(sql(resource))) {
            s.setString(1, jobKey);
            s.setString(2, result);
            s.setInt(3, node);
            s.setLong(4, firing);
            s.executeUpdate();
        }
    }

    static String sql(String resource) {
        try (InputStream in = DbSchedulerNode.class.getResourceAsStream("/" + resource)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + resource + " on the class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
