package com.example.quartz;

import fencecheck.api.SchedulerCluster;
import fencecheck.api.SchedulerClusterSuite;

/** The job's result written through the kit's latest-token sink with its run's token: the late write is refused. */
class KitSinkTest extends SchedulerClusterSuite {

    @Override
    protected SchedulerCluster cluster() {
        return QuartzCluster.writingThrough("latest");
    }
}
