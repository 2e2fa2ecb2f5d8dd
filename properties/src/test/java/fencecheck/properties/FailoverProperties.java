package fencecheck.properties;

import fencecheck.api.Fencecheck;
import fencecheck.api.FencecheckSuite;
import fencecheck.api.Check;

/**
 * The failover property. On the build's embedded server it is not applicable (one line); {@code FailoverPropertyTest}
 * runs it on a replicated pair, and a run with {@code -Dfencecheck.db=replicated} runs it for real.
 */
@Fencecheck(checks = {Check.FAILOVER})
class FailoverProperties extends FencecheckSuite {
}
