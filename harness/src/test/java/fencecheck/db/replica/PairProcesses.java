package fencecheck.db.replica;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** What a test of a pair checks at its end: no server process of either role is left on the pair's directories. */
final class PairProcesses {

    private PairProcesses() {
    }

    static void assertNoneLeft(Path pairDirectory) throws IOException, InterruptedException {
        // the postmaster carries its data directory on its command line (its children quit when it is gone)
        Process pgrep = new ProcessBuilder("pgrep", "-f", pairDirectory.toString()).redirectErrorStream(true).start();
        assertThat(pgrep.waitFor(10, TimeUnit.SECONDS)).isTrue();
        List<String> left = new String(pgrep.getInputStream().readAllBytes()).lines().toList();
        assertThat(left).as("processes still running on %s", pairDirectory).isEmpty();
        assertThat(pgrep.exitValue()).as("pgrep's exit value: 1 when nothing matches").isEqualTo(1);
    }
}
