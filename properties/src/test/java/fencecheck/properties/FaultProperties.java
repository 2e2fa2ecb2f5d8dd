package fencecheck.properties;

import fencecheck.api.Fencecheck;
import fencecheck.api.FencecheckSuite;
import fencecheck.api.Check;

/** Faults from outside: network faults through per-session proxies, restarts, coordinator restarts and database crashes. */
@Fencecheck(checks = {Check.LEASE_FAULTS, Check.LEASE_CRASH})
class FaultProperties extends FencecheckSuite {
}
