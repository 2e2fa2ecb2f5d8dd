// db-scheduler passes every property that applies with no safety finding, and fencecheck reports its weakness: a
// heartbeat after the dead limit revives the execution (nobody had picked it meanwhile). That is reported, and no
// other difference from the reference is.
import groovy.json.JsonSlurper

def log = new File(basedir, 'build.log').text
def implementation = 'com.example.dbscheduler.DbSchedulerLeases'
def properties = ['databaseAgreesWithModel', 'networkFaultsAndRestarts', 'databaseCrashes', 'historiesAreLinearizable']
properties.each { property ->
    assert log.contains("DbSchedulerLeasesTest.${property} [${implementation}] passed") : "${property} did not pass"
}

def runs = new File(basedir, 'target/fencecheck/runs').listFiles().findAll { it.isDirectory() }.sort { it.name }
def results = new File(runs.last(), 'results').listFiles().findAll { it.name.endsWith('.json') }
        .collect { new JsonSlurper().parse(it) }
assert results*.property.collect { it.substring(it.indexOf('.') + 1) }.sort() == properties.sort()
results.each { result ->
    assert result.status == 'PASSED' && result.failure == null : "${result.property}: ${result.failure?.verdict}"
}

// the conformance notes the results carry: every list named "notes", at any depth
def notes = []
def collect
collect = { node ->
    if (node instanceof Map) {
        node.each { k, v -> if (k == 'notes' && v instanceof List) { notes.addAll(v) } else { collect(v) } }
    } else if (node instanceof List) {
        node.each { collect(it) }
    }
}
results.each { collect(it) }
def words = { note -> note instanceof Map ? (note.difference ?: note.toString()) : note.toString() }
assert !notes.isEmpty() : 'no conformance note was reported: the revived execution must be'
assert notes.any { words(it).contains('revive') } : "no note reports the revived execution: ${notes.collect(words)}"
def others = notes.findAll { !words(it).contains('revive') }
assert others.isEmpty() : "differences other than the revival were reported: ${others.collect(words)}"
return true
