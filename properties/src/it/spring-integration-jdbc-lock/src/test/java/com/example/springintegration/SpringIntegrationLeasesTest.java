package com.example.springintegration;

import fencecheck.api.Fencecheck;
import fencecheck.api.FencecheckSuite;
import fencecheck.api.Check;

/**
 * Spring Integration's JDBC lock with this project's fencing token, against fencecheck's model in real time only:
 * Spring Integration takes its instants from the JVM's clock, which fencecheck's virtual clock cannot move.
 */
@Fencecheck(value = "com.example.springintegration.SpringIntegrationLeases", checks = Check.REAL_TIME)
class SpringIntegrationLeasesTest extends FencecheckSuite {
}
