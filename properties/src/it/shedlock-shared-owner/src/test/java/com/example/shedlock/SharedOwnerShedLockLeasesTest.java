package com.example.shedlock;

import fencecheck.api.Check;
import fencecheck.api.Fencecheck;
import fencecheck.api.FencecheckSuite;

/**
 * ShedLock with its default lockedBy (one host name for every worker) against fencecheck's model: expected to fail
 * with a safety finding, a late extend or unlock acting on the successor's lock.
 */
@Fencecheck(implementation = SharedOwnerShedLockLeases.class, checks = {Check.LEASES, Check.EXHAUSTIVE})
class SharedOwnerShedLockLeasesTest extends FencecheckSuite {
}
