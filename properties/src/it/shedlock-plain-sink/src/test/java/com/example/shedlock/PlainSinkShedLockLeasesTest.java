package com.example.shedlock;

import fencecheck.api.Check;
import fencecheck.api.Fencecheck;
import fencecheck.api.FencecheckSuite;

/**
 * ShedLock with a lockedBy per execution, its results written by a plain upsert, against fencecheck's model:
 * expected to fail with a safety finding, a stale write accepted after a takeover.
 */
@Fencecheck(implementation = PlainSinkShedLockLeases.class, checks = Check.LEASES)
class PlainSinkShedLockLeasesTest extends FencecheckSuite {
}
