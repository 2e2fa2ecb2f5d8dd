package com.example.quartz;

import fencecheck.api.SchedulerCluster;
import fencecheck.api.SchedulerClusterSuite;

/**
 * The job's result written by a plain upsert: the paused run, resumed after Quartz recovered its job on another node,
 * overwrites the recovered run's result. Fails: a stale write accepted, the newer acknowledged result lost.
 */
class PlainUpsertTest extends SchedulerClusterSuite {

    @Override
    protected SchedulerCluster cluster() {
        return QuartzCluster.writingThrough("unfenced");
    }
}
