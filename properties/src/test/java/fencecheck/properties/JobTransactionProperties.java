package fencecheck.properties;

import fencecheck.run.Situation.Group;

/** Job transactions interleaved, under network faults, and through a database crash. */
@Fencecheck(checks = {Group.JOBS, Group.JOB_FAULTS, Group.JOB_CRASH})
class JobTransactionProperties extends FencecheckSuite {
}
