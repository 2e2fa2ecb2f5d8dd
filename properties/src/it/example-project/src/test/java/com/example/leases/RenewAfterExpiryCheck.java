package com.example.leases;

import fencecheck.properties.Fencecheck;
import fencecheck.properties.FencecheckSuite;
import fencecheck.run.Situation.Group;

/**
 * The same service with a known bug (renew does not check that the lease is still valid):
 * fencecheck must catch it. Its name ends in Check, not Test, so that mvn verify leaves it
 * out; run it with mvn test -Dtest=RenewAfterExpiryCheck to see the failure it prints.
 */
@Fencecheck(value = "sql:classpath:/example-pack-renew-after-expiry", checks = Group.LEASES)
class RenewAfterExpiryCheck extends FencecheckSuite {
}
