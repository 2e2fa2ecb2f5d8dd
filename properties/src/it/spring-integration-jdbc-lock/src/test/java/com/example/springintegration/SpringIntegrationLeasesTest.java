package com.example.springintegration;

import fencecheck.api.Check;
import fencecheck.api.Fencecheck;
import fencecheck.api.FencecheckSuite;

/**
 * Spring Integration's JDBC lock with this project's fencing token, against fencecheck's model in real time only:
 * Spring Integration takes its instants from the JVM's clock, which fencecheck's virtual clock cannot move.
 */
@Fencecheck(implementation = SpringIntegrationLeases.class, checks = Check.REAL_TIME)
class SpringIntegrationLeasesTest extends FencecheckSuite {
}
