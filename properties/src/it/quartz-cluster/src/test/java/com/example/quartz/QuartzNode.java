package com.example.quartz;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import fencecheck.kit.JobRun;
import fencecheck.kit.SchedulerNode;
import org.quartz.DisallowConcurrentExecution;
import org.quartz.Job;
import org.quartz.JobDetail;
import org.quartz.JobExecutionContext;
import org.quartz.JobExecutionException;
import org.quartz.ObjectAlreadyExistsException;
import org.quartz.Scheduler;
import org.quartz.SchedulerException;
import org.quartz.Trigger;
import org.quartz.impl.StdSchedulerFactory;
import org.quartz.utils.ConnectionProvider;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Properties;
import javax.sql.DataSource;

import static org.quartz.JobBuilder.newJob;
import static org.quartz.SimpleScheduleBuilder.repeatSecondlyForever;
import static org.quartz.TriggerBuilder.newTrigger;

/**
 * One node of a Quartz cluster: the clustered JDBC job store on PostgreSQL, checking in every second, and one job
 * that must not run twice at once and asks to be run again when its node fails. Runs until its process ends.
 * Settings: {@value #SINK_PROPERTY} ({@code latest}: the kit's sink; else a plain upsert) and
 * {@value #SLEEP_PROPERTY} (how long a run works before it writes, in ms).
 */
public final class QuartzNode {

    /** A node is taken for failed when its last check-in is older than this plus 7.5 s. */
    static final long CHECKIN_INTERVAL_MILLIS = 1000;
    static final String SINK_PROPERTY = "quartz.sink";
    static final String SLEEP_PROPERTY = "quartz.job.sleepMillis";
    static final String JOB_GROUP = "nightly";
    static final String JOB_NAME = "report";

    public static void main(String[] args) throws SchedulerException {
        Scheduler scheduler = new StdSchedulerFactory(quartzProperties(SchedulerNode.id())).getScheduler();
        JobDetail job = newJob(ReportJob.class).withIdentity(JOB_NAME, JOB_GROUP).requestRecovery(true).build();
        Trigger trigger = newTrigger().withIdentity("every-second", JOB_GROUP).forJob(job)
                .withSchedule(repeatSecondlyForever().withMisfireHandlingInstructionNextWithRemainingCount()).build();
        try {
            scheduler.scheduleJob(job, trigger);
        } catch (ObjectAlreadyExistsException scheduledByAnotherNode) {
            // the job and its trigger live in the shared tables: the first node to start schedules them
        }
        scheduler.start();
    }

    static Properties quartzProperties(int node) {
        Properties p = new Properties();
        p.setProperty("org.quartz.scheduler.instanceName", "fencecheck-cluster");
        // one instance id per node, so that the fired-trigger rows name the node that runs a firing
        p.setProperty("org.quartz.scheduler.instanceId", "node-" + node);
        p.setProperty("org.quartz.threadPool.threadCount", "2");
        p.setProperty("org.quartz.jobStore.class", "org.quartz.impl.jdbcjobstore.JobStoreTX");
        p.setProperty("org.quartz.jobStore.driverDelegateClass", "org.quartz.impl.jdbcjobstore.PostgreSQLDelegate");
        p.setProperty("org.quartz.jobStore.isClustered", "true");
        p.setProperty("org.quartz.jobStore.clusterCheckinInterval", Long.toString(CHECKIN_INTERVAL_MILLIS));
        p.setProperty("org.quartz.jobStore.dataSource", "node");
        p.setProperty("org.quartz.dataSource.node.connectionProvider.class", NodeConnections.class.getName());
        return p;
    }

    /** Quartz's connections: a HikariCP pool over the node's data source (its fault proxy, its timeouts). */
    public static final class NodeConnections implements ConnectionProvider {

        private HikariDataSource pool;

        @Override
        public void initialize() {
            HikariConfig config = new HikariConfig();
            config.setDataSource(SchedulerNode.dataSource());
            config.setMaximumPoolSize(5);
            pool = new HikariDataSource(config);
        }

        @Override
        public Connection getConnection() throws SQLException {
            return pool.getConnection();
        }

        @Override
        public void shutdown() {
            pool.close();
        }
    }

    /** Records its run, works a while (a pause of its node lands here), then writes its result. */
    @DisallowConcurrentExecution
    public static final class ReportJob implements Job {

        private static final DataSource RUNS = SchedulerNode.dataSource();

        @Override
        public void execute(JobExecutionContext context) throws JobExecutionException {
            String firing = context.getFireInstanceId();
            try (JobRun run = JobRun.begin(RUNS, context.getJobDetail().getKey().toString(), firing)) {
                Thread.sleep(Long.getLong(SLEEP_PROPERTY, 3000));
                String result = "report of firing " + firing;
                if ("latest".equals(System.getProperty(SINK_PROPERTY))) {
                    run.writeLatest(result);
                } else {
                    run.writeUnfenced(result);
                }
            } catch (SQLException | InterruptedException e) {
                throw new JobExecutionException(e);
            }
        }
    }
}
