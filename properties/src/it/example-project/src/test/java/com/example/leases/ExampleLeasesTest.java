package com.example.leases;

import fencecheck.properties.Fencecheck;
import fencecheck.properties.FencecheckSuite;
import fencecheck.run.Situation.Group;

/**
 * This project's lease service (the SQL pack in src/test/resources/example-pack) against
 * fencecheck's model: generated interleavings, network faults and restarts, and real time.
 * It has no job transaction, so the job checks are not asked for.
 */
@Fencecheck(value = "sql:classpath:/example-pack", checks = {Group.LEASES, Group.LEASE_FAULTS, Group.REAL_TIME})
class ExampleLeasesTest extends FencecheckSuite {
}
