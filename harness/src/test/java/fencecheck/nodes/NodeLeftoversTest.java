package fencecheck.nodes;

import fencecheck.db.Database;
import fencecheck.db.Databases;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** No node outlives the JVM that started it, whether that JVM exits without closing its cluster or is killed. */
@DisabledOnOs(value = OS.WINDOWS, disabledReason = "nodes are paused with POSIX signals")
class NodeLeftoversTest {

    private static final Duration WAIT = Duration.ofSeconds(60);

    @Test
    void aStarterThatExitsWithoutClosingLeavesNoNode() throws Exception {
        Process starter = starter("exit", UUID.randomUUID().toString());
        long node = nodePid(starter, "exit");
        assertThat(starter.waitFor(WAIT.toSeconds(), TimeUnit.SECONDS)).as("the starter exited").isTrue();
        await().atMost(WAIT).until(() -> gone(node));
    }

    @Test
    void aStarterKilledBeforeItsNodeRanLeavesNoNode() throws Exception {
        Process starter = starter("hang", UUID.randomUUID().toString());
        long node = nodePid(starter, "hang");
        starter.destroyForcibly();
        await().atMost(WAIT).until(() -> gone(node));
    }

    @Test
    void aStarterKilledWhileItsNodeRunsLeavesNoNode() throws Exception {
        Heartbeats beats = new Heartbeats(Databases.shared());
        Process starter = starter("hang", beats.run);
        long node = nodePid(starter, "hang");
        await().atMost(WAIT).until(() -> !beats.of(1).isEmpty());
        assertThat(ProcessHandle.of(node).map(ProcessHandle::isAlive)).isEqualTo(Optional.of(true));
        starter.destroyForcibly();
        await().atMost(WAIT).until(() -> gone(node));
    }

    private static boolean gone(long pid) {
        return ProcessHandle.of(pid).map(p -> !p.isAlive()).orElse(true);
    }

    private static Process starter(String mode, String run) throws Exception {
        Database database = Databases.shared();
        Path folder = Files.createDirectories(Path.of("target", "fencecheck-nodes", "starter-" + mode));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return new ProcessBuilder(List.of(java, "-Xmx128m", "-cp", System.getProperty("java.class.path"),
                "-Dfencecheck.db.url=jdbc:postgresql://" + database.host() + ":" + database.port() + "/postgres",
                "-Dfencecheck.db.user=postgres", ClusterStarter.class.getName(), mode, run,
                folder.toString()))
                .redirectErrorStream(true)
                .redirectOutput(folder.resolve("starter.log").toFile())
                .start();
    }

    /** The node's pid the starter prints in its log. */
    private static long nodePid(Process starter, String mode) {
        Path log = Path.of("target", "fencecheck-nodes", "starter-" + mode, "starter.log");
        try {
            return await().atMost(WAIT).until(() -> Files.readAllLines(log).stream()
                    .filter(l -> l.startsWith("node-pid ")).findFirst().map(l -> Long.parseLong(l.substring(9).strip())),
                    Optional::isPresent).orElseThrow();
        } catch (RuntimeException e) {
            starter.destroyForcibly();
            throw e;
        }
    }
}
