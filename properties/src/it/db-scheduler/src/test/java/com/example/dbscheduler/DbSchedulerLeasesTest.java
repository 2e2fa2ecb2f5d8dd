package com.example.dbscheduler;

import fencecheck.api.Check;
import fencecheck.api.Fencecheck;
import fencecheck.api.FencecheckSuite;

/**
 * db-scheduler's pick, heartbeat, dead-execution check and completion against fencecheck's model: generated
 * interleavings, network faults and restarts, database crashes, and real time (with one lease length, since a
 * scheduler has one dead limit). db-scheduler has no job transaction of the protocol's kind, so the job checks are
 * not asked for.
 */
@Fencecheck(implementation = DbSchedulerLeases.class, realTimeTtl = "200",
        checks = {Check.LEASES, Check.LEASE_FAULTS, Check.LEASE_CRASH, Check.REAL_TIME})
class DbSchedulerLeasesTest extends FencecheckSuite {
}
