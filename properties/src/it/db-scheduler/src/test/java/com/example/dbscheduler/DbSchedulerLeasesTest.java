package com.example.dbscheduler;

import fencecheck.properties.Fencecheck;
import fencecheck.properties.FencecheckSuite;
import fencecheck.run.Situation.Group;

/**
 * db-scheduler's pick, heartbeat, dead-execution check and completion against fencecheck's model: generated
 * interleavings, network faults and restarts, database crashes, and real time (with one lease length, since a
 * scheduler has one dead limit). db-scheduler has no job transaction of the protocol's kind, so the job checks are
 * not asked for.
 */
@Fencecheck(value = "com.example.dbscheduler.DbSchedulerLeases", realTimeTtl = "200",
        checks = {Group.LEASES, Group.LEASE_FAULTS, Group.LEASE_CRASH, Group.REAL_TIME})
class DbSchedulerLeasesTest extends FencecheckSuite {
}
