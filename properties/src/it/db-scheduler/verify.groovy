// db-scheduler's one weakness, a heartbeat after the dead limit that revives the execution, is reported, and nothing
// else is. Whether a run meets it as a conformance note (nobody picked the execution meanwhile: the revival breaks no
// guarantee) or as a safety finding (another scheduler picked it while the late heartbeat was told it still holds it:
// two executions at once) depends on how the generated history and, in real time, the threads fall; both are that
// weakness. The build runs with test failures ignored so that this script judges what was found.
import groovy.json.JsonSlurper

def implementation = 'com.example.dbscheduler.DbSchedulerLeases'
def properties = ['databaseAgreesWithModel', 'networkFaultsAndRestarts', 'databaseCrashes', 'historiesAreLinearizable']

def runs = new File(basedir, 'target/fencecheck/runs').listFiles().findAll { it.isDirectory() }.sort { it.name }
def results = new File(runs.last(), 'results').listFiles().findAll { it.name.endsWith('.json') }
        .collect { new JsonSlurper().parse(it) }
assert results*.property.collect { it.substring(it.indexOf('.') + 1) }.sort() == properties.sort()
assert results.every { it.implementation == implementation }

// a finding is the revival when it is a renew (a heartbeat) answered Renewed where the model refuses it
def words = { f -> [f?.finding?.title, f?.verdict].findAll { it }.join(' ') }
// in real time the failing operation may be the other scheduler's pick that the revived heartbeat overlaps: the
// shrunk history then holds a heartbeat (a renew) invoked after its lease had ended and answered Renewed
def revivedInRealTime = { f ->
    def h = f?.realTime?.history
    if (h == null) {
        return false
    }
    def ends = [:]
    h.startRows?.each { key, rows -> if (rows?.lease) { ends["${key}#${rows.lease.token}"] = rows.lease.until } }
    h.operations.sort { it.invoke }.any { op ->
        def c = op.command
        def o = op.outcome
        def lease = "${c.key}#${c.token}"
        def revived = c.type == 'renew' && o?.type == 'renewed' && ends[lease] != null && op.invoke > ends[lease]
        if (o?.type == 'granted') {
            ends["${c.key}#${o.token}"] = o.until
        } else if (o?.type == 'renewed') {
            ends[lease] = o.until
        }
        revived
    }
}
def isRevival = { f -> def w = words(f); (w.contains('renew') && w.contains('Renewed')) || revivedInRealTime(f) }
def revivals = 0
results.each { result ->
    def findings = ([result.failure] + (result.moreFindings ?: [])).findAll { it != null }
    assert result.status == 'PASSED' || !findings.isEmpty() : "${result.property} ${result.status} without a finding"
    def others = findings.findAll { !isRevival(it) }
    assert others.isEmpty() : "${result.property}: findings other than the revival: ${others.collect(words)}"
    revivals += findings.size()
    def notes = result.notes ?: []
    // a refusal where the reference grants (after a lost answer the rows settled as not run, say) only delays a
    // scheduler: a conservative note, allowed; any other difference is not
    def conservative = { n -> def w = n.kind ?: n.difference; w.contains('a refusal only delays') || w.contains(' is refused where the reference') }
    def otherNotes = notes.findAll { !(it.difference ?: it.kind).contains('revive') && !conservative(it) }
    assert otherNotes.isEmpty() : "${result.property}: differences other than the revival: ${otherNotes*.kind}"
    revivals += notes.size()
}
assert revivals > 0 : 'the revived execution was reported neither as a note nor as a finding'
println "db-scheduler: the revival reported ${revivals} times over ${results.size()} properties, nothing else"
return true
