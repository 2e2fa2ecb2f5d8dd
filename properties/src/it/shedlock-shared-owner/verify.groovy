// ShedLock with one lockedBy for every worker fails with a mutual-exclusion finding: a worker whose lock was taken
// over extends it, lengthening its successor's lock; the counterexample is shrunk to at most six steps. Exhaustive
// mode fails on it too, with a trace of four steps.
import groovy.json.JsonSlurper

def log = new File(basedir, 'build.log').text
// a description is not a claim of a known bug: the verdict is the run's own, failed on its findings
assert log =~ /fencecheck verdict: failed: \d+ findings? \(/
assert !(log =~ /known bugs? caught/)

def runs = new File(basedir, 'target/fencecheck/runs').listFiles().findAll { it.isDirectory() }.sort { it.name }
def results = new File(runs.last(), 'results').listFiles().findAll { it.name.endsWith('.json') }
        .collect { new JsonSlurper().parse(it) }
assert results*.property.sort() == ['SharedOwnerShedLockLeasesTest.databaseAgreesWithModel',
                                    'SharedOwnerShedLockLeasesTest.everyScheduleUpToADepth']
// exhaustive mode: the same bug, with the shortest trace that shows it, four steps
def exhaustive = results.find { it.property.endsWith('.everyScheduleUpToADepth') }
assert exhaustive.status == 'FAILED' && exhaustive.failure != null
assert exhaustive.failure.violations.any { it.invariant == 'MUTUAL_EXCLUSION' } : "no mutual-exclusion finding: ${exhaustive.failure.verdict}"
assert exhaustive.failure.trace.steps.size() == 4
assert log =~ /exhaustive: depth 4 complete \(2 workers, 1 key, faults: none\), \d+ states, \d+ findings?/

def lockStep = results.find { it.property.endsWith('.databaseAgreesWithModel') }
def failure = lockStep.failure
assert lockStep.status == 'FAILED' && failure != null
assert failure.violations.any { it.invariant == 'MUTUAL_EXCLUSION' } : "no mutual-exclusion finding: ${failure.verdict}"
assert failure.trace.steps.size() <= 6 : "shrunk to ${failure.trace.steps.size()} steps, not at most 6"
// the failing step: a renew the reference refuses, which ShedLock answered by extending the lock
def failing = failure.history.find { it.step == failure.divergentStep && it.kind == 'STATEMENT' }
assert failing.command.command.type == 'renew'
assert failing.expected.outcome.type == 'renew-rejected' && failing.observed.outcome.type == 'renewed'
assert failing.level == 'UNSAFE'
return true
