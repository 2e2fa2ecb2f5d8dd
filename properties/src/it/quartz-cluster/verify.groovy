// both cluster runs ran and met their outcome: the plain upsert's finding, the kit sink's pass (each test asserts it)
def reports = new File(basedir, 'target/surefire-reports').listFiles().findAll { it.name.endsWith('.xml') }
def suites = reports.collect { new groovy.xml.XmlSlurper().parse(it) }
assert suites*.@name*.toString().sort() == ['com.example.quartz.KitSinkTest', 'com.example.quartz.PlainUpsertTest']
assert suites.every { it.@tests.toInteger() == 1 && it.@failures.toInteger() == 0 && it.@errors.toInteger() == 0 }
return true
