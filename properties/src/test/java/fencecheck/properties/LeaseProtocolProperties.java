package fencecheck.properties;

import fencecheck.api.Check;
import fencecheck.api.Fencecheck;
import fencecheck.api.FencecheckSuite;

/** The heart of fencecheck, on the implementation -Dfencecheck.implementation names (the reference by default): the database agrees with the model over generated interleavings. */
@Fencecheck(checks = {Check.LEASES})
class LeaseProtocolProperties extends FencecheckSuite {
}
