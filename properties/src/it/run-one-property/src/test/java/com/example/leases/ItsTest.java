package com.example.leases;

import fencecheck.properties.Fencecheck;
import fencecheck.properties.FencecheckSuite;
import fencecheck.run.Situation.Group;

/** The reference implementation, with the main property only: every property of the suite is still found, the others skipped. */
@Fencecheck(checks = Group.LEASES)
class ItsTest extends FencecheckSuite {
}
