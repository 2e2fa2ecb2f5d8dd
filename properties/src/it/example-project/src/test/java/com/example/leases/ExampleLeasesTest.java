package com.example.leases;

import fencecheck.api.Check;
import fencecheck.api.Fencecheck;
import fencecheck.api.FencecheckSuite;

/**
 * This project's lease service (the SQL pack in src/test/resources/example-pack) against
 * fencecheck's model: generated interleavings, network faults and restarts, and real time.
 * It has no job transaction, so the job checks are not asked for.
 */
@Fencecheck(pack = "classpath:/example-pack", checks = {Check.LEASES, Check.LEASE_FAULTS, Check.REAL_TIME})
class ExampleLeasesTest extends FencecheckSuite {
}
