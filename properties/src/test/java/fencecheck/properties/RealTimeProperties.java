package fencecheck.properties;

import fencecheck.api.Check;
import fencecheck.api.Fencecheck;
import fencecheck.api.FencecheckSuite;

/** The real-time mode: workers on real threads and the server's clock, histories checked for linearizability. */
@Fencecheck(checks = {Check.REAL_TIME})
class RealTimeProperties extends FencecheckSuite {
}
