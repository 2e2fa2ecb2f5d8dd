package fencecheck.properties;

import fencecheck.api.Check;
import fencecheck.api.Fencecheck;
import fencecheck.api.FencecheckSuite;

/** Faults from outside: network faults through per-session proxies, restarts, coordinator restarts and database crashes. */
@Fencecheck(checks = {Check.LEASE_FAULTS, Check.LEASE_CRASH})
class FaultProperties extends FencecheckSuite {
}
