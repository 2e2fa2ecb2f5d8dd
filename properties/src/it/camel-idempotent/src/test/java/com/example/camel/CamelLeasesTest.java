package com.example.camel;

import fencecheck.api.Check;
import fencecheck.api.Fencecheck;
import fencecheck.api.FencecheckSuite;

/**
 * Camel's orphan-lock-aware idempotent repository with this project's fencing token, against fencecheck's model in real
 * time, with one lease length (Camel has one lockMaxAgeMillis per route, and whoever takes a lock over judges it by its
 * own); and in lock step, which refuses it in one line: Camel reads the JVM's clock, which the virtual clock cannot move.
 */
@Fencecheck(implementation = CamelLeases.class, checks = {Check.LEASES, Check.REAL_TIME}, realTimeTtl = "200")
class CamelLeasesTest extends FencecheckSuite {
}
