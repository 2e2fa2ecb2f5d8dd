package fencecheck.properties;

import fencecheck.run.Situation.Group;

/** The heart of fencecheck, on the implementation -Dfencecheck.implementation names (the reference by default): the database agrees with the model over generated interleavings. */
@Fencecheck(checks = {Group.LEASES})
class LeaseProtocolProperties extends FencecheckSuite {
}
