// Spring Integration's JDBC lock with the kit's token: the real-time property passes with no finding, and its one
// difference from the reference, a renew after expiry that revives the lease, is shown on the database and judged
// admissible by fencecheck's model (RenewAfterExpiryTest). Any other finding or failure fails this project.
import groovy.json.JsonSlurper

def log = new File(basedir, 'build.log').text
def implementation = 'com.example.springintegration.SpringIntegrationLeases'
// the console line wraps after the implementation's name
assert log =~ /SpringIntegrationLeasesTest\.historiesAreLinearizable \[com\.example\.springintegration\.SpringIntegrationLeases\]\s+passed/ :
        'the real-time property did not pass'

// the latest test run's result files: the real-time property alone, passed, with no finding
def runs = new File(basedir, 'target/fencecheck/runs').listFiles().findAll { it.isDirectory() }.sort { it.name }
def results = new File(runs.last(), 'results').listFiles().findAll { it.name.endsWith('.json') }
        .collect { new JsonSlurper().parse(it) }
assert results*.property == ['SpringIntegrationLeasesTest.historiesAreLinearizable']
results.each { result ->
    assert result.implementation == implementation
    assert result.status == 'PASSED' && result.failure == null && !result.moreFindings : "${result.property}: ${result.failure?.verdict}"
}

// the revival: one test, run and passed
assert log =~ /Tests run: 1, Failures: 0, Errors: 0, Skipped: 0, Time elapsed: [0-9.]+ s -- in com\.example\.springintegration\.RenewAfterExpiryTest/ :
        'RenewAfterExpiryTest did not run and pass'
return true
