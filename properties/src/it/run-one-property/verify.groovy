// What surefire ran for each -Dtest of invoker.properties, read from its XML reports (one folder per invocation):
// a method named with the project's own test class selects that property, although FencecheckSuite declares it.
import javax.xml.parsers.DocumentBuilderFactory

def every = ['databaseAgreesWithModel', 'databaseCrashes', 'databaseFailsOver', 'everyScheduleUpToADepth', 'historiesAreLinearizable',
             'interleavedTransactionsAgreeWithModel', 'jobsUnderNetworkFaults', 'networkFaultsAndRestarts',
             'openJobsVanishInADatabaseCrash']

// each test case of the reports in target/FOLDER: its suite (the test class), name and outcome
def ran = { String folder ->
    def reports = new File(basedir, "target/${folder}").listFiles()?.findAll { it.name ==~ /TEST-.*\.xml/ }
    assert reports : "surefire wrote no report to target/${folder}"
    reports.collectMany { file ->
        def suite = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(file).documentElement
        def cases = suite.getElementsByTagName('testcase')
        (0..<cases.length).collect { i ->
            def c = cases.item(i)
            def outcome = ['failure', 'error', 'skipped'].find { c.getElementsByTagName(it).length > 0 } ?: 'passed'
            [suite: suite.getAttribute('name'), name: c.getAttribute('name'), outcome: outcome]
        }
    }
}

def one = ran('one-property')
assert one == [[suite: 'com.example.leases.ItsTest', name: 'databaseAgreesWithModel', outcome: 'passed']] : "-Dtest=ItsTest#databaseAgreesWithModel ran ${one}"

def pattern = ran('pattern')
assert pattern*.suite.unique() == ['com.example.leases.ItsTest']
assert pattern*.name.sort() == ['databaseAgreesWithModel', 'databaseCrashes', 'databaseFailsOver'] : "-Dtest=ItsTest#database* ran ${pattern}"
assert pattern*.outcome.unique() == ['skipped']

def whole = ran('class')
assert whole*.suite.unique() == ['com.example.leases.ItsTest']
assert whole*.name.sort() == every : "-Dtest=ItsTest ran ${whole}"
assert whole*.outcome.unique() == ['skipped']

def log = new File(basedir, 'build.log').text
assert log.contains('ItsTest.databaseAgreesWithModel [reference] passed')
return true
