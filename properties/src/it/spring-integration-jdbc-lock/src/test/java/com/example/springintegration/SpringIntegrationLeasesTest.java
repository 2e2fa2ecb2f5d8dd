package com.example.springintegration;

import fencecheck.properties.Fencecheck;
import fencecheck.properties.FencecheckSuite;
import fencecheck.run.Situation.Group;

/**
 * Spring Integration's JDBC lock with this project's fencing token, against fencecheck's model in real time only:
 * Spring Integration takes its instants from the JVM's clock, which fencecheck's virtual clock cannot move.
 */
@Fencecheck(value = "com.example.springintegration.SpringIntegrationLeases", checks = Group.REAL_TIME)
class SpringIntegrationLeasesTest extends FencecheckSuite {
}
