package fencecheck.properties;

import fencecheck.run.Situation.Group;

/** Faults from outside: network faults through per-session proxies, restarts, coordinator restarts and database crashes. */
@Fencecheck(checks = {Group.LEASE_FAULTS, Group.LEASE_CRASH})
class FaultProperties extends FencecheckSuite {
}
