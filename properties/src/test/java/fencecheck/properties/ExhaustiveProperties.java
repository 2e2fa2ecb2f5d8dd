package fencecheck.properties;

import fencecheck.api.Check;
import fencecheck.api.Fencecheck;
import fencecheck.api.FencecheckSuite;

/** The exhaustive property alone: the reference at the default depth in the module's run, a variant in the tests that name one. */
@Fencecheck(checks = Check.EXHAUSTIVE)
class ExhaustiveProperties extends FencecheckSuite {
}
