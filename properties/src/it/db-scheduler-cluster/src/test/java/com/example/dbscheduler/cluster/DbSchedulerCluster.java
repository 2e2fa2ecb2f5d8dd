package com.example.dbscheduler.cluster;

import fencecheck.api.SchedulerCluster;
import fencecheck.kit.FiringTable;

import java.time.Duration;

/** Three db-scheduler nodes, dead after 4 missed heartbeats of 0.5 s, each run of the job 2 s long. */
final class DbSchedulerCluster {

    private DbSchedulerCluster() {
    }

    /** The cluster, its job writing through {@code sink} ({@code latest} or {@code unfenced}). */
    static SchedulerCluster writingThrough(String sink) {
        return SchedulerCluster.of(DbSchedulerNode.class)
                .schema("/db-scheduler-schema.sql")
                .firings(FiringTable.dbScheduler())
                .detection(Duration.ofSeconds(2))
                .jvmOptions("-D" + DbSchedulerNode.SINK_PROPERTY + "=" + sink, "-D" + DbSchedulerNode.RUN_PROPERTY + "=2000");
    }
}
