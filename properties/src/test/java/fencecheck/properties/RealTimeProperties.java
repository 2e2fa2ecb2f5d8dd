package fencecheck.properties;

import fencecheck.run.Situation.Group;

/** The real-time mode: workers on real threads and the server's clock, histories checked for linearizability. */
@Fencecheck(checks = {Group.REAL_TIME})
class RealTimeProperties extends FencecheckSuite {
}
