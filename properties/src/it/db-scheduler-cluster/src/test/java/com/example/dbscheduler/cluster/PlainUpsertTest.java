package com.example.dbscheduler.cluster;

import fencecheck.api.SchedulerCluster;
import fencecheck.api.SchedulerClusterSuite;

/** The job's result written by a plain upsert: the paused node's late write overwrites the newer run's. Fails. */
class PlainUpsertTest extends SchedulerClusterSuite {

    @Override
    protected SchedulerCluster cluster() {
        return DbSchedulerCluster.writingThrough("unfenced");
    }
}
