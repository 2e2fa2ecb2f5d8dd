// ShedLock with plainly upserted results fails with a no-stale-acceptance finding: after a takeover, the old
// holder's write is Applied.
import groovy.json.JsonSlurper

def log = new File(basedir, 'build.log').text
assert log =~ /fencecheck verdict: failed: \d+ findings? \(/
assert !(log =~ /known bugs? caught/)

def runs = new File(basedir, 'target/fencecheck/runs').listFiles().findAll { it.isDirectory() }.sort { it.name }
def results = new File(runs.last(), 'results').listFiles().findAll { it.name.endsWith('.json') }
        .collect { new JsonSlurper().parse(it) }
assert results.size() == 1
def failure = results[0].failure
assert results[0].status == 'FAILED' && failure != null
assert failure.violations.any { it.invariant == 'NO_STALE_ACCEPTANCE' } : "no stale-acceptance finding: ${failure.verdict}"
// the failing step: a write the reference refuses as stale (a later token was granted), which the plain upsert applied
def failing = failure.history.find { it.step == failure.divergentStep && it.kind == 'STATEMENT' }
assert failing.command.type == 'write'
assert failing.expected.outcome.type == 'stale' && failing.observed.outcome.type == 'applied'
assert failing.level == 'UNSAFE'
def grants = failure.history.findAll { it.step < failure.divergentStep && it.command?.command?.type == 'acquire' &&
        it.observed?.outcome?.type == 'granted' }*.observed*.outcome*.token
assert grants.any { it > failing.command.write.token } : 'the stale write came before any takeover'
return true
