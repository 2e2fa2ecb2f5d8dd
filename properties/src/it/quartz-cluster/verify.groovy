// the cluster test ran and passed
def reports = new File(basedir, 'target/surefire-reports').listFiles().findAll { it.name.endsWith('.xml') }
assert !reports.isEmpty() : 'no test ran'
def suites = reports.collect { new groovy.xml.XmlSlurper().parse(it) }
assert suites.sum { it.@tests.toInteger() } > 0
assert suites.every { it.@failures.toInteger() == 0 && it.@errors.toInteger() == 0 }
return true
