package com.example.quartz;

import fencecheck.api.SchedulerCluster;
import fencecheck.kit.FiringTable;

import java.time.Duration;

/**
 * Three Quartz nodes of one clustered JDBC job store, checking in every second: a node silent for its check-in
 * interval plus Quartz's fixed 7.5 s is taken over, and its recoverable job fired again on another node. Each run of
 * the job lasts 3 s, long enough for the pause to land in it.
 */
final class QuartzCluster {

    private QuartzCluster() {
    }

    /** The cluster, its job writing through {@code sink} ({@code latest} or {@code unfenced}). */
    static SchedulerCluster writingThrough(String sink) {
        return SchedulerCluster.of(QuartzNode.class)
                // Quartz's own script, in its jar: it drops and creates the tables, so every run starts from none
                .schema("/org/quartz/impl/jdbcjobstore/tables_postgres.sql")
                .firings(FiringTable.quartz())
                .detection(Duration.ofMillis(QuartzNode.CHECKIN_INTERVAL_MILLIS + 7_500))
                .jvmOptions("-D" + QuartzNode.SINK_PROPERTY + "=" + sink, "-D" + QuartzNode.SLEEP_PROPERTY + "=3000");
    }
}
