// Camel's JdbcOrphanLockAwareIdempotentRepository with the kit's token fails, and for Camel's reasons only:
// - in real time, a safety finding where an instance whose lock was taken over acts on it still: its keep-alive is
//   answered as a renewal (it refreshes the new holder's createdAt), or its remove as a release (it deletes the new
//   holder's row); Camel's row names the route, never the instance, so nothing refuses either;
// - in lock step, one line that says Camel reads a clock fencecheck does not control, at the first grant, and no try after it;
// - TakeoverTest shows both on the database in every build.
// Any other finding, note (but the admissible ones named below), error or failure fails this project.
import groovy.json.JsonSlurper

def log = new File(basedir, 'build.log').text
def implementation = 'com.example.camel.CamelLeases'
def runs = new File(basedir, 'target/fencecheck/runs').listFiles().findAll { it.isDirectory() }.sort { it.name }
def results = new File(runs.last(), 'results').listFiles().findAll { it.name.endsWith('.json') }
        .collect { new JsonSlurper().parse(it) }
assert results*.property.sort() == ['CamelLeasesTest.databaseAgreesWithModel', 'CamelLeasesTest.historiesAreLinearizable']
def byProperty = results.collectEntries { [(it.property): it] }

// real time: safety findings only, each an old holder's renew or release after another instance was granted the
// message (one per key it met, each shrunk)
def realTime = byProperty['CamelLeasesTest.historiesAreLinearizable']
assert realTime.implementation == implementation
assert realTime.status == 'FAILED' && realTime.failure != null
def verdicts = ([realTime.failure.verdict] + (realTime.moreFindings ?: [])*.verdict).collect { it.replaceAll(/\s+/, ' ') }
def verdict = verdicts[0]
verdicts.each { found ->
    // the old holder's call, answered as if it still held the lock, while another instance's lease (a later token) holds
    def late = found =~ /^not linearizable on K\d: operation \d+ \((w[\d.]+): (renew K\d token \d+ as \1 for 200\.000 ms\) answered Renewed\(until [0-9.]+ ms\)|release K\d token \d+ as \1\) answered Released), but after the (answer|\d+ answers) before it the model answers (RenewRejected|ReleaseRejected) at [0-9.]+ ms, the lease of token \d+ held by (w[\d.]+)/
    assert late.find() : "not Camel's late keep-alive or remove: ${found}"
    assert late.group(1) != late.group(5) : "the lease the model holds is the caller's own: ${found}"
}
// Camel's differences from the reference's wording that break nothing, noted when the tries meet them (how often is
// up to the threads' timing): it stamps createdAt from the JVM's clock in milliseconds, read a moment before the
// statement runs, so a lease may end up to a millisecond before the reference's and an acquire may find a lease valid
// that the database's clock had just seen end (Busy); its keep-alive matches the route and message id alone, so one
// sent after the lease ran out, with nobody granted it meanwhile, revives it
def allowedNotes = ['renew: lease end # (shorter than the reference\'s #)',
                    'acquire: a grant: lease end # (shorter than the reference\'s #)',
                    'acquire: a re-grant: lease end # (shorter than the reference\'s #)',
                    'renew: a renew after the lease ran out at # revives it (nobody was granted the key meanwhile)',
                    'acquire: Busy where the reference grants: a refusal only delays the caller']
def otherNotes = (realTime.notes ?: [])*.kind.findAll { !allowedNotes.contains(it) }
assert otherNotes.isEmpty() : "notes other than Camel's clock, resolution and keep-alive: ${otherNotes}"
assert log =~ /CamelLeasesTest\.historiesAreLinearizable: \d+ findings? \(\d+ safety, 0 conformance\)/
// shrunk to the failing operation and the grant it contradicts, or little more
def shrunk = realTime.failure.realTime.history.operations
assert shrunk.size() <= 6 : "the shrunk history has ${shrunk.size()} operations"
// the other holder's lease it contradicts: its grant, or the lease the history starts from (an answer left out showed it)
assert shrunk.any { it.command.type == 'acquire' && it.outcome?.type == 'granted' } ||
        !(realTime.failure.realTime.history.startRows ?: [:]).isEmpty() : 'the shrunk history shows no other holder'

// lock step: stopped at its first try with the one line that names the clock
def lockStep = byProperty['CamelLeasesTest.databaseAgreesWithModel']
assert lockStep.status == 'FAILED' && lockStep.tries == 1 : "lock step ran ${lockStep.tries} tries"
def line = lockStep.failure.verdict.replaceAll(/\s+/, ' ')
assert line.startsWith('CamelLeasesTest.databaseAgreesWithModel: com.example.camel.CamelLeases reads a clock fencecheck does not control: ') : line
assert line =~ /w\d's acquire K\d as w\d for [0-9.]+s at [0-9.]+s answered a lease end of 20\d\d-\d\d-\d\dT/
assert line.contains('check it in real time only (checks = Check.REAL_TIME)')
assert !(log =~ /does not fulfill condition/) : 'a coverage floor was judged on the stopped property'

assert log =~ /fencecheck verdict: failed: \d+ findings? \(\d+ safety\), 1 property failed without a finding \(an error\)/
assert log =~ /Tests run: 2, Failures: 0, Errors: 0, Skipped: 0, Time elapsed: [0-9.]+ s -- in com\.example\.camel\.TakeoverTest/ :
        'TakeoverTest did not run and pass'
println "camel-idempotent: real time found ${verdict.take(140)}...; lock step stopped at its first grant naming the clock;" +
        " TakeoverTest showed the late keep-alive and the late remove"
return true
