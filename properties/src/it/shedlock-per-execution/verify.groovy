// ShedLock with a lockedBy per execution passes every property that applies: no safety finding in any of them.
import groovy.json.JsonSlurper

def log = new File(basedir, 'build.log').text
def implementation = 'com.example.shedlock.ShedLockLeases'
def properties = ['databaseAgreesWithModel', 'networkFaultsAndRestarts', 'databaseCrashes', 'historiesAreLinearizable',
                  'everyScheduleUpToADepth']
properties.each { property ->
    assert log.contains("ShedLockLeasesTest.${property} [${implementation}] passed") : "${property} did not pass"
}

// the latest test run's result files: one per property, each passed, none with a failure
def runs = new File(basedir, 'target/fencecheck/runs').listFiles().findAll { it.isDirectory() }.sort { it.name }
def results = new File(runs.last(), 'results').listFiles().findAll { it.name.endsWith('.json') }
        .collect { new JsonSlurper().parse(it) }
assert results*.property.collect { it.substring(it.indexOf('.') + 1) }.sort() == properties.sort()
results.each { result ->
    assert result.status == 'PASSED' && result.failure == null : "${result.property}: ${result.failure?.verdict}"
}
return true
