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
// a description is not a claim of a known bug: the verdict is the run's own, failed on its findings
assert log =~ /fencecheck verdict: failed: \d+ findings? \(/
assert !(log =~ /known bugs? caught/)

def report = new File(basedir, 'target/fencecheck/report/index.html')
assert report.isFile() : 'no report'
assert report.text.contains('example-pack-renew-after-expiry')

// the command is wrapped at the console's width, each line but its last ending in a backslash: joined as a shell joins them
def at = lines.findIndexOf { it.startsWith('replay the trace: ') }
def replay = null
if (at >= 0) {
    def parts = [lines[at].substring('replay the trace: '.length())]
    while (parts.last().endsWith(' \\') && at + 1 < lines.size()) {
        parts[-1] = parts.last().substring(0, parts.last().length() - 2)
        parts << lines[++at].strip()
    }
    replay = parts.join(' ')
}
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
