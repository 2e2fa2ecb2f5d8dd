// Both outcomes of the cluster run, each from its test: with a plain upsert the paused node's late write is a finding
// in one sentence; through the kit's sink it is refused and the overlap of the two runs is a note.
def log = new File(basedir, 'build.log').text
assert log.contains('Tests run: 2, Failures: 0, Errors: 0, Skipped: 0') : 'the two cluster tests did not both run and pass'
assert log =~ /finding: node \d, paused [\d.]+ s in run \d+ of job cluster-job\/recurring with token 1 wrote after node \d's run \d+ with token 2 had written: Applied/ :
        "the plain upsert's finding is not in the build log"
assert log =~ /note: runs \d+ \(node \d paused [\d.]+ s, token 1\) and \d+ \(node \d, token 2\) of job cluster-job\/recurring overlapped/ :
        'the overlapping runs are not reported'
