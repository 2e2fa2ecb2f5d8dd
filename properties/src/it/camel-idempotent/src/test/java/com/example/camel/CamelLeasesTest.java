package com.example.camel;

import fencecheck.api.Check;
import fencecheck.api.Fencecheck;
import fencecheck.api.FencecheckSuite;

@Fencecheck(implementation = CamelLeases.class, checks = Check.REAL_TIME, realTimeTtl = "200")
class CamelLeasesTest extends FencecheckSuite {
}
