package fencecheck.properties;

import fencecheck.api.Check;
import fencecheck.api.Fencecheck;
import fencecheck.api.FencecheckSuite;

/** Job transactions interleaved, under network faults, and through a database crash. */
@Fencecheck(checks = {Check.JOBS, Check.JOB_FAULTS, Check.JOB_CRASH})
class JobTransactionProperties extends FencecheckSuite {
}
