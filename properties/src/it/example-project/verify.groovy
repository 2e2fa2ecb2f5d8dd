// Checks what a user of this example project sees: the passing check, the known bug caught with a
// shrunk trace, the report, and the replay command the failure printed, run from the project's root.
import java.util.concurrent.TimeUnit

def log = new File(basedir, 'build.log').text
assert log.contains('ExampleLeasesTest.databaseAgreesWithModel [sql:classpath:/example-pack] passed')
assert log.contains('ExampleLeasesTest.networkFaultsAndRestarts [sql:classpath:/example-pack] passed')
assert log.contains('ExampleLeasesTest.historiesAreLinearizable [sql:classpath:/example-pack] passed')

def lines = log.readLines()
def trace = lines.find { it.startsWith('trace: ') }?.substring('trace: '.length())
assert trace != null : 'the failure names no saved trace'
assert new File(basedir, trace).isFile() : "the saved trace ${trace} is not there"
// shrunk: the saved trace has no more than ten steps, and the table marks the failing one
def steps = new groovy.json.JsonSlurper().parse(new File(basedir, trace)).steps
assert steps.size() <= 10 : "the trace was not shrunk: ${steps.size()} steps"
assert lines.any { it.startsWith('>>') } : 'the failure shows no failing step'
// the pack's description declares its bug, so the verdict counts the failure as a known bug caught
assert log =~ /fencecheck verdict: as expected: 0 unexpected failures, 0 known bugs missed, 0 runs of correct implementations passed, 1 known bugs? caught/

def report = new File(basedir, 'target/fencecheck/report/index.html')
assert report.isFile() : 'no report'
assert report.text.contains('example-pack-renew-after-expiry')

def replay = lines.find { it.startsWith('replay the trace: ') }?.substring('replay the trace: '.length())
assert replay != null : 'the failure printed no replay command'
println "running the printed replay command: ${replay}"
def builder = new ProcessBuilder('bash', '-c', replay).directory(basedir).redirectErrorStream(true)
// the repository this build installed fencecheck into (under fencecheck's target/, not the user's ~/.m2)
builder.environment().put('MAVEN_OPTS', ((builder.environment().get('MAVEN_OPTS') ?: '') + ' -Dmaven.repo.local=' + localRepositoryPath).trim())
def process = builder.start()
def output = new StringBuilder()
def reader = Thread.start { output.append(process.inputStream.text) }
assert process.waitFor(10, TimeUnit.MINUTES) : 'the replay did not end in 10 minutes'
reader.join(10_000)
println output
assert process.exitValue() == 1 : "the replay exited with ${process.exitValue()}, not 1 (the failure reproduced)"
assert output.contains('implementation: sql:classpath:/example-pack-renew-after-expiry')
assert output.contains('>>')
return true
