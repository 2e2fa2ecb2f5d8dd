package com.example.shedlock;

import fencecheck.api.Check;
import fencecheck.api.Fencecheck;
import fencecheck.api.FencecheckSuite;

/**
 * ShedLock with a lockedBy per execution and this project's fencing token, against fencecheck's model: generated
 * interleavings, network faults and restarts, database crashes, and real time. ShedLock has no job transaction, so
 * the job checks are not asked for.
 */
@Fencecheck(implementation = ShedLockLeases.class,
        checks = {Check.LEASES, Check.LEASE_FAULTS, Check.LEASE_CRASH, Check.REAL_TIME, Check.EXHAUSTIVE})
class ShedLockLeasesTest extends FencecheckSuite {
}
