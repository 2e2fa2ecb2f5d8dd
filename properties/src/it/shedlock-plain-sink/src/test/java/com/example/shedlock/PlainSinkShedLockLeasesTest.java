package com.example.shedlock;

import fencecheck.properties.Fencecheck;
import fencecheck.properties.FencecheckSuite;
import fencecheck.run.Situation.Group;

/**
 * ShedLock with a lockedBy per execution, its results written by a plain upsert, against fencecheck's model:
 * expected to fail with a safety finding, a stale write accepted after a takeover.
 */
@Fencecheck(value = "com.example.shedlock.PlainSinkShedLockLeases", checks = Group.LEASES)
class PlainSinkShedLockLeasesTest extends FencecheckSuite {
}
