package fencecheck.properties;

import fencecheck.run.Situation.Group;

/**
 * The failover property. On the build's embedded server it is not applicable (one line); {@code FailoverPropertyTest}
 * runs it on a replicated pair, and a run with {@code -Dfencecheck.db=replicated} runs it for real.
 */
@Fencecheck(checks = {Group.FAILOVER})
class FailoverProperties extends FencecheckSuite {
}
