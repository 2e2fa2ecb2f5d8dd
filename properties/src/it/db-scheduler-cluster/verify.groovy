// Both outcomes of the cluster check, from the result files: with a plain upsert the paused node's late write is a
// stale acceptance and loses the newer run's acknowledged result; through the kit's sink it is refused, the run
// passes, and the two runs' overlap is a note.
import groovy.json.JsonSlurper

def log = new File(basedir, 'build.log').text
def runs = new File(basedir, 'target/fencecheck/runs').listFiles().findAll { it.isDirectory() }.sort { it.name }
def results = new File(runs.last(), 'results').listFiles().findAll { it.name.endsWith('.json') }
        .collect { new JsonSlurper().parse(it) }
def plain = results.find { it.property.startsWith('PlainUpsertTest.') }
def kit = results.find { it.property.startsWith('KitSinkTest.') }
assert plain != null && kit != null : "both cluster properties wrote a result: ${results*.property}"

assert plain.status == 'FAILED'
def findings = [plain.failure] + plain.moreFindings
assert findings.any { it.violations.any { v -> v.invariant == 'NO_STALE_ACCEPTANCE' } } : "no stale acceptance: ${plain.failure.verdict}"
assert findings.any { it.violations.any { v -> v.invariant == 'ACKNOWLEDGED_WRITE_KEPT' } } : "no lost acknowledged write"
assert plain.failure.verdict =~ /^node \d, paused [\d.]+ s in run \d+ of job cluster-job\/recurring with token \d+, wrote after node \d's run \d+ with token \d+ had written: Applied$/
assert plain.failure.realTime.history.operations.size() >= 4 : 'the runs are drawn as a history'
assert log.contains(plain.failure.verdict) : 'the finding is printed'

assert kit.status == 'PASSED' : "the kit's sink run: ${kit.failure?.verdict}"
assert kit.notes.any { it.difference =~ /^runs \d+ \(node \d paused [\d.]+ s, token \d+\) and \d+ \(node \d, token \d+\) of job cluster-job\/recurring overlapped/ }
assert log =~ /fencecheck: KitSinkTest: node \d, paused [\d.]+ s in run \d+ of job cluster-job\/recurring before its write, while another node ran the job again and wrote/
return true
