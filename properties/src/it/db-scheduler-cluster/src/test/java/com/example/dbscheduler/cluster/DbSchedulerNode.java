package com.example.dbscheduler.cluster;

import com.github.kagkarlsson.scheduler.Scheduler;
import com.github.kagkarlsson.scheduler.SchedulerName;
import com.github.kagkarlsson.scheduler.task.ExecutionContext;
import com.github.kagkarlsson.scheduler.task.TaskInstance;
import com.github.kagkarlsson.scheduler.task.helper.RecurringTask;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import com.github.kagkarlsson.scheduler.task.schedule.FixedDelay;
import fencecheck.api.Outcome.WriteOutcome;
import fencecheck.kit.JobRun;
import fencecheck.kit.SchedulerNode;

import javax.sql.DataSource;
import java.sql.SQLException;
import java.time.Duration;

/**
 * One db-scheduler node: its real {@link Scheduler} with one recurring task whose run sleeps (so that a pause of the
 * node lands inside it) and then writes its result through fencecheck's kit, recording the run. Detection is
 * shortened by db-scheduler's own settings: an execution whose heartbeat is older than
 * {@code heartbeatInterval * missedHeartbeatsLimit} is dead, and another node revives and runs it again.
 */
public final class DbSchedulerNode {

    /** The job: one recurring task, so its one execution row is the job key {@code cluster-job/recurring}. */
    static final String TASK = "cluster-job";
    /** Which write the job makes: {@code latest} (the kit's latest-token sink) or {@code unfenced} (a plain upsert). */
    static final String SINK_PROPERTY = "fencecheck.dbscheduler.sink";
    static final String HEARTBEAT_PROPERTY = "fencecheck.dbscheduler.heartbeatMillis";
    static final String MISSED_HEARTBEATS_PROPERTY = "fencecheck.dbscheduler.missedHeartbeats";
    static final String POLLING_PROPERTY = "fencecheck.dbscheduler.pollingMillis";
    static final String RUN_PROPERTY = "fencecheck.job.runMillis";

    private DbSchedulerNode() {
    }

    public static void main(String[] args) {
        DataSource dataSource = SchedulerNode.dataSource();
        String sink = System.getProperty(SINK_PROPERTY, "latest");
        if (!sink.equals("latest") && !sink.equals("unfenced")) {
            throw new IllegalArgumentException("set -D" + SINK_PROPERTY + "=latest or =unfenced, not " + sink);
        }
        long runMillis = Long.getLong(RUN_PROPERTY, 3000);
        // a delay of an hour after each completion: within a check, a second run is a revival of a dead execution
        RecurringTask<Void> job = Tasks.recurring(TASK, FixedDelay.ofHours(1))
                .execute((instance, context) -> run(dataSource, sink, runMillis, instance, context));
        Scheduler scheduler = Scheduler.create(dataSource)
                .startTasks(job)
                .threads(2)
                .pollingInterval(Duration.ofMillis(Long.getLong(POLLING_PROPERTY, 200)))
                .heartbeatInterval(Duration.ofMillis(Long.getLong(HEARTBEAT_PROPERTY, 500)))
                .missedHeartbeatsLimit(Integer.getInteger(MISSED_HEARTBEATS_PROPERTY, 4))
                .schedulerName(new SchedulerName.Fixed("node-" + SchedulerNode.id()))
                .shutdownMaxWait(Duration.ofSeconds(1))
                .registerShutdownHook()
                .build();
        scheduler.start();
        System.out.println("node " + SchedulerNode.id() + " started, writing through " + sink);
    }

    /** The job body: its firing is the row's version that db-scheduler's pick set, which the handler is given. */
    private static void run(DataSource dataSource, String sink, long runMillis, TaskInstance<Void> instance,
                            ExecutionContext context) {
        String jobKey = instance.getTaskName() + "/" + instance.getId();
        String firing = Long.toString(context.getExecution().version);
        try (JobRun run = JobRun.begin(dataSource, jobKey, firing)) {
            System.out.println("run " + run.id() + " of " + jobKey + " firing " + firing + " token " + run.token());
            Thread.sleep(runMillis);
            String result = "node " + run.node() + ", firing " + firing;
            WriteOutcome answer = sink.equals("latest") ? run.writeLatest(result) : run.writeUnfenced(result);
            System.out.println("run " + run.id() + " wrote: " + answer);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (SQLException e) {
            throw new IllegalStateException("the run of " + jobKey + " firing " + firing + " failed: " + e.getMessage(), e);
        }
    }
}
