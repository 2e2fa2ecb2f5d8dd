package com.example.shedlock;

import fencecheck.properties.Fencecheck;
import fencecheck.properties.FencecheckSuite;
import fencecheck.run.Situation.Group;

/**
 * ShedLock with its default lockedBy (one host name for every worker) against fencecheck's model: expected to fail
 * with a safety finding, a late extend or unlock acting on the successor's lock.
 */
@Fencecheck(value = "com.example.shedlock.SharedOwnerShedLockLeases", checks = Group.LEASES)
class SharedOwnerShedLockLeasesTest extends FencecheckSuite {
}
