package com.example.quartz;

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

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Properties;

import static org.quartz.JobBuilder.newJob;
import static org.quartz.SimpleScheduleBuilder.repeatSecondlyForever;
import static org.quartz.TriggerBuilder.newTrigger;

/**
 * One node of a Quartz cluster: the clustered JDBC job store on PostgreSQL, checking in every second, and one job
 * that must not run twice at once and asks to be run again when its node dies. Runs until the process ends.
 */
public final class QuartzNode {

    /** The cluster's failure detection: a node is taken over when its check-in is older than this plus 7.5 s. */
    static final long CHECKIN_INTERVAL_MILLIS = 1000;
    static final String JOB_NAME = "report";
    static final String JOB_GROUP = "nightly";

    public static void main(String[] args) throws SchedulerException {
        NodeSettings node = NodeSettings.fromSystemProperties();
        Scheduler scheduler = new StdSchedulerFactory(quartzProperties(node)).getScheduler();
        JobDetail job = newJob(ReportJob.class).withIdentity(JOB_NAME, JOB_GROUP).requestRecovery(true).build();
        Trigger trigger = newTrigger().withIdentity("every-second", JOB_GROUP).forJob(job)
                .withSchedule(repeatSecondlyForever().withMisfireHandlingInstructionNextWithRemainingCount()).build();
        try {
            scheduler.scheduleJob(job, trigger);
        } catch (ObjectAlreadyExistsException scheduledByAnotherNode) {
            // the job and its trigger live in the shared tables: the first node to start schedules them
        }
        scheduler.start();
        System.out.println("node " + node.id() + " started");
    }

    static Properties quartzProperties(NodeSettings node) {
        Properties p = new Properties();
        p.setProperty("org.quartz.scheduler.instanceName", "fencecheck-cluster");
        // one instance id per node: the fired-triggers rows then name the node that runs a firing
        p.setProperty("org.quartz.scheduler.instanceId", "node-" + node.id());
        p.setProperty("org.quartz.threadPool.threadCount", "2");
        p.setProperty("org.quartz.jobStore.class", "org.quartz.impl.jdbcjobstore.JobStoreTX");
        p.setProperty("org.quartz.jobStore.driverDelegateClass", "org.quartz.impl.jdbcjobstore.PostgreSQLDelegate");
        p.setProperty("org.quartz.jobStore.isClustered", "true");
        p.setProperty("org.quartz.jobStore.clusterCheckinInterval", Long.toString(CHECKIN_INTERVAL_MILLIS));
        p.setProperty("org.quartz.jobStore.dataSource", "db");
        p.setProperty("org.quartz.dataSource.db.provider", "hikaricp");
        p.setProperty("org.quartz.dataSource.db.driver", "org.postgresql.Driver");
        p.setProperty("org.quartz.dataSource.db.URL", node.url());
        p.setProperty("org.quartz.dataSource.db.user", node.user());
        p.setProperty("org.quartz.dataSource.db.password", node.password());
        p.setProperty("org.quartz.dataSource.db.maxConnections", "5");
        return p;
    }

    /** Sleeps (a pause of its node lands here), then writes its result with a plain upsert. */
    @DisallowConcurrentExecution
    public static final class ReportJob implements Job {

        private static final String UPSERT = sql("upsert-result.sql");

        @Override
        public void execute(JobExecutionContext context) throws JobExecutionException {
            NodeSettings node = NodeSettings.fromSystemProperties();
            try {
                Thread.sleep(Long.getLong("quartz.job.sleepMillis", 3000));
                try (Connection c = DriverManager.getConnection(node.url(), node.user(), node.password());
                     PreparedStatement s = c.prepareStatement(UPSERT)) {
                    s.setString(1, context.getJobDetail().getKey().toString());
                    s.setString(2, "report of firing " + context.getFireInstanceId());
                    s.setInt(3, node.id());
                    s.setString(4, context.getFireInstanceId());
                    s.execute();
                }
            } catch (SQLException | InterruptedException e) {
                throw new JobExecutionException(e);
            }
        }
    }

    static String sql(String name) {
        try (InputStream in = QuartzNode.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
