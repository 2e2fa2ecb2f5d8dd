package fencecheck.properties;

import fencecheck.api.Check;
import fencecheck.api.Fencecheck;
import fencecheck.api.FencecheckSuite;

/**
 * The failover property. On the build's embedded server it is not applicable (one line); {@code FailoverPropertyTest}
 * runs it on a replicated pair, and a run with {@code -Dfencecheck.db=replicated} runs it for real.
 */
@Fencecheck(checks = {Check.FAILOVER})
class FailoverProperties extends FencecheckSuite {
}
