package com.example.leases;

import fencecheck.api.Check;
import fencecheck.api.Fencecheck;
import fencecheck.api.FencecheckSuite;

/**
 * The same service with a known bug (renew does not check that the lease is still valid):
 * fencecheck must catch it. Its name ends in Check, not Test, so that mvn verify leaves it
 * out; run it with mvn test -Dtest=RenewAfterExpiryCheck to see the failure it prints.
 */
@Fencecheck(pack = "classpath:/example-pack-renew-after-expiry", checks = Check.LEASES)
class RenewAfterExpiryCheck extends FencecheckSuite {
}
