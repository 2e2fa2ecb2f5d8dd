// The project is README.md's consumer pom itself, as a reader copies it: taken from between the CONSUMER-POM marks
// at every build, so the check below is of what the README says. pom-17.xml is the same pom with its one property
// for the PostgreSQL release changed, and nothing else.
def readmeFile = new File(readme)
assert readmeFile.isFile() : "no README at ${readme}"
def text = readmeFile.getText('UTF-8')
def block = (text =~ /(?s)<!-- CONSUMER-POM -->\s*```xml\n(.*?)```\s*<!-- \/CONSUMER-POM -->/)
assert block.find() : 'README.md has no ```xml block between <!-- CONSUMER-POM --> and <!-- /CONSUMER-POM -->'
def pom = block.group(1)
new File(basedir, 'pom.xml').setText(pom, 'UTF-8')

def property = /<fencecheck\.postgres\.binaries>([^<]*)<\/fencecheck\.postgres\.binaries>/
def found = (pom =~ property)
assert found.count == 1 : "the README's pom sets fencecheck.postgres.binaries ${found.count} times, not once"
def other = pom.replaceFirst(property, '<fencecheck.postgres.binaries>17.11.0</fencecheck.postgres.binaries>')
assert other != pom : 'the README pom already names 17.11.0: pick another release for the switch'
new File(basedir, 'pom-17.xml').setText(other, 'UTF-8')
return true
