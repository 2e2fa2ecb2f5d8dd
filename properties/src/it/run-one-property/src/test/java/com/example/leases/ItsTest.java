package com.example.leases;

import fencecheck.api.Check;
import fencecheck.api.Fencecheck;
import fencecheck.api.FencecheckSuite;

/** The reference implementation, with the main property only: every property of the suite is still found, the others skipped. */
@Fencecheck(checks = Check.LEASES)
class ItsTest extends FencecheckSuite {
}
