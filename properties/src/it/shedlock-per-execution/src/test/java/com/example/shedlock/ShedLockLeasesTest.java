package com.example.shedlock;

import fencecheck.api.Fencecheck;
import fencecheck.api.FencecheckSuite;
import fencecheck.api.Check;

/**
 * ShedLock with a lockedBy per execution and this project's fencing token, against fencecheck's model: generated
 * interleavings, network faults and restarts, database crashes, and real time. ShedLock has no job transaction, so
 * the job checks are not asked for.
 */
@Fencecheck(value = "com.example.shedlock.ShedLockLeases",
        checks = {Check.LEASES, Check.LEASE_FAULTS, Check.LEASE_CRASH, Check.REAL_TIME})
class ShedLockLeasesTest extends FencecheckSuite {
}
