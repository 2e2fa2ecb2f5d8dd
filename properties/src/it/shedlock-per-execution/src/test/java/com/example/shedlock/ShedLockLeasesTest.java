package com.example.shedlock;

import fencecheck.properties.Fencecheck;
import fencecheck.properties.FencecheckSuite;
import fencecheck.run.Situation.Group;

/**
 * ShedLock with a lockedBy per execution and this project's fencing token, against fencecheck's model: generated
 * interleavings, network faults and restarts, database crashes, and real time. ShedLock has no job transaction, so
 * the job checks are not asked for.
 */
@Fencecheck(value = "com.example.shedlock.ShedLockLeases",
        checks = {Group.LEASES, Group.LEASE_FAULTS, Group.LEASE_CRASH, Group.REAL_TIME})
class ShedLockLeasesTest extends FencecheckSuite {
}
