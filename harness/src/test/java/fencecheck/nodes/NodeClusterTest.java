package fencecheck.nodes;

import fencecheck.db.Database;
import fencecheck.db.Databases;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Node processes under the process nemesis, observed from the database's side through the heartbeat rows of
 * {@link HeartbeatNode}: every timing test repeats its fault {@value #REPEATS} times on one cluster.
 */
@DisabledOnOs(value = OS.WINDOWS, disabledReason = "nodes are paused with POSIX signals")
class NodeClusterTest {

    private static final int REPEATS = 5;
    private static final Duration PAUSE = Duration.ofSeconds(2);
    private static final Duration DOWN = Duration.ofSeconds(1);
    private static final Duration PARTITION = Duration.ofSeconds(2);
    /** A statement sent just before a fault may still run on the server just after it is in place. */
    private static final long IN_FLIGHT_MICROS = 250_000;
    /** Generous for a JVM start or a reconnect on 2 busy cores. */
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final Path LOGS = Path.of("target", "fencecheck-nodes");

    private static Database database;

    @BeforeAll
    static void database() {
        database = Databases.shared();
    }

    private static NodeCluster start(Heartbeats beats, int nodes, String test) {
        NodeSpec spec = new NodeSpec(HeartbeatNode.class.getName(), nodes,
                List.of("-Xmx64m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", beats.option()));
        return NodeCluster.start(spec, database, LOGS.resolve(test));
    }

    /** Waits until node {@code node} has written at least {@code rows} heartbeats after {@code micros}. */
    private static void awaitBeats(Heartbeats beats, int node, long micros, int rows) {
        await().atMost(WAIT).pollInterval(Duration.ofMillis(50))
                .until(() -> beats.after(node, micros).size() >= rows);
    }

    @Test
    void aPausedNodeMakesNoProgressAndItsPauseShowsFromTheDatabasesSide() throws Exception {
        Heartbeats beats = new Heartbeats(database);
        List<String> figures = new ArrayList<>();
        try (NodeCluster cluster = start(beats, 2, "pause");
             ProcessNemesis nemesis = new ProcessNemesis(cluster, database)) {
            long since = Long.MIN_VALUE;
            for (int i = 0; i < REPEATS; i++) {
                awaitBeats(beats, 1, since, 5);
                NemesisAction pause = nemesis.pause(1, PAUSE);
                awaitBeats(beats, 1, pause.endMicros(), 3);

                List<Long> inside = beats.within(1, pause.startMicros(), pause.endMicros());
                assertThat(inside).as("node 1's heartbeats inside its pause, only a statement in flight at its start")
                        .allMatch(t -> t <= pause.startMicros() + IN_FLIGHT_MICROS).hasSizeLessThanOrEqualTo(1);
                long lastBefore = beats.of(1).stream().filter(t -> t <= pause.startMicros() + IN_FLIGHT_MICROS).reduce((a, b) -> b).orElseThrow();
                long firstAfter = beats.after(1, pause.endMicros()).getFirst();
                long gap = firstAfter - lastBefore;
                assertThat(pause.micros()).isGreaterThanOrEqualTo(PAUSE.toNanos() / 1_000);
                assertThat(gap).as("the gap between node 1's heartbeats around the pause")
                        .isGreaterThanOrEqualTo(pause.micros() - IN_FLIGHT_MICROS);
                assertThat(beats.within(2, pause.startMicros(), pause.endMicros()))
                        .as("node 2 went on while node 1 was paused").hasSizeGreaterThanOrEqualTo(5);
                assertThat(cluster.node(1).alive()).isTrue();
                figures.add("asked " + PAUSE.toMillis() + " ms, logged " + pause.micros() / 1_000 + " ms, gap "
                        + gap / 1_000 + " ms, rows inside " + inside.size());
                since = firstAfter;
            }
        }
        System.out.println("fencecheck nodes test, pauses: " + String.join("; ", figures));
    }

    @Test
    void aKilledNodesRowsAreKeptAndARestartedNodeWritesAgain() throws Exception {
        Heartbeats beats = new Heartbeats(database);
        List<String> figures = new ArrayList<>();
        try (NodeCluster cluster = start(beats, 1, "kill");
             ProcessNemesis nemesis = new ProcessNemesis(cluster, database)) {
            long since = Long.MIN_VALUE;
            for (int i = 0; i < REPEATS; i++) {
                awaitBeats(beats, 1, since, 5);
                long pidBefore = cluster.node(1).pid();
                List<Long> before = beats.of(1);
                NemesisAction kill = nemesis.killAndRestart(1, DOWN);
                assertThat(ProcessHandle.of(pidBefore).map(ProcessHandle::isAlive)).as("the killed process").isNotEqualTo(Optional.of(true));
                awaitBeats(beats, 1, kill.endMicros(), 3);

                assertThat(beats.of(1)).as("rows written before the kill are kept").containsAll(before);
                assertThat(beats.within(1, kill.startMicros(), kill.endMicros())).as("rows while the node was down").isEmpty();
                assertThat(cluster.node(1).pid()).isNotEqualTo(pidBefore);
                long firstAfter = beats.after(1, kill.endMicros()).getFirst();
                figures.add("down " + kill.micros() / 1_000 + " ms, first row " + (firstAfter - kill.endMicros()) / 1_000
                        + " ms after the restart, " + before.size() + " rows kept");
                since = firstAfter;
            }
        }
        System.out.println("fencecheck nodes test, kills: " + String.join("; ", figures));
    }

    @Test
    void aPartitionedNodeWritesNothingUntilHealed() throws Exception {
        Heartbeats beats = new Heartbeats(database);
        List<String> figures = new ArrayList<>();
        try (NodeCluster cluster = start(beats, 1, "partition");
             ProcessNemesis nemesis = new ProcessNemesis(cluster, database)) {
            long since = Long.MIN_VALUE;
            for (int i = 0; i < REPEATS; i++) {
                awaitBeats(beats, 1, since, 5);
                NemesisAction cut = nemesis.partition(1, PARTITION);
                assertThat(cluster.node(1).partitioned()).isFalse();
                awaitBeats(beats, 1, cut.endMicros(), 3);

                List<Long> inside = beats.within(1, cut.startMicros(), cut.endMicros());
                assertThat(inside).as("rows while partitioned, only a statement in flight at its start")
                        .allMatch(t -> t <= cut.startMicros() + IN_FLIGHT_MICROS).hasSizeLessThanOrEqualTo(1);
                long firstAfter = beats.after(1, cut.endMicros()).getFirst();
                figures.add("partitioned " + cut.micros() / 1_000 + " ms, first row " + (firstAfter - cut.endMicros()) / 1_000
                        + " ms after the heal");
                since = firstAfter;
            }
        }
        System.out.println("fencecheck nodes test, partitions: " + String.join("; ", figures));
    }

    @Test
    void aLostAnswerIsLostOnceAndTheNodeGoesOn() throws Exception {
        Heartbeats beats = new Heartbeats(database);
        try (NodeCluster cluster = start(beats, 1, "lost-answer");
             ProcessNemesis nemesis = new ProcessNemesis(cluster, database)) {
            long since = Long.MIN_VALUE;
            for (int i = 0; i < REPEATS; i++) {
                awaitBeats(beats, 1, since, 5);
                long errorsBefore = errorsIn(cluster.node(1));
                NemesisAction loss = nemesis.loseNextAnswer(1);
                if (!loss.what().equals("lost a statement's answer")) {
                    // armed while the node was between sessions (its handshake's answer lost, no statement sent; met
                    // once in a loaded build): the nemesis says so, and once connected again the next try loses one
                    awaitBeats(beats, 1, loss.endMicros(), 3);
                    errorsBefore = errorsIn(cluster.node(1));
                    loss = nemesis.loseNextAnswer(1);
                }
                assertThat(loss.what()).isEqualTo("lost a statement's answer");
                awaitBeats(beats, 1, loss.endMicros(), 3);
                assertThat(errorsIn(cluster.node(1))).as("the node's statement failed without its answer").isGreaterThan(errorsBefore);
                since = beats.after(1, loss.endMicros()).getFirst();
            }
        }
    }

    /** The session errors a heartbeat node has logged. */
    private static long errorsIn(Node node) throws IOException {
        try (Stream<String> lines = Files.lines(node.logFile())) {
            return lines.filter(l -> l.startsWith("heartbeat node " + node.id() + ": ")).count();
        }
    }

    @Test
    void closeLeavesNoProcessEvenWithAPausedNode() throws Exception {
        Heartbeats beats = new Heartbeats(database);
        List<Long> pids = new ArrayList<>();
        NodeCluster cluster = start(beats, 2, "close");
        try {
            awaitBeats(beats, 1, Long.MIN_VALUE, 1);
            cluster.node(1).pause();
            assertThat(cluster.node(1).paused()).isTrue();
            cluster.nodes().forEach(n -> pids.add(n.pid()));
        } finally {
            cluster.close();
        }
        for (long pid : pids) {
            assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive)).as("node process " + pid).isNotEqualTo(Optional.of(true));
        }
        assertThat(ProcessHandle.allProcesses()
                .filter(p -> p.info().commandLine().orElse("").contains(beats.run))
                .toList()).as("processes of this run").isEmpty();
    }

    @Test
    void aSeedsPlanIsCarriedOutAndLoggedOnTheDatabasesClock() throws Exception {
        Heartbeats beats = new Heartbeats(database);
        NemesisPlan settings = new NemesisPlan(4, List.of(NemesisStep.Fault.PAUSE, NemesisStep.Fault.KILL, NemesisStep.Fault.PARTITION),
                Duration.ofMillis(200), Duration.ofMillis(500), Duration.ofMillis(500), Duration.ofMillis(1_000));
        List<NemesisStep> plan = settings.draw(11, 2);
        try (NodeCluster cluster = start(beats, 2, "plan");
             ProcessNemesis nemesis = new ProcessNemesis(cluster, database)) {
            awaitBeats(beats, 1, Long.MIN_VALUE, 1);
            awaitBeats(beats, 2, Long.MIN_VALUE, 1);
            nemesis.run(plan);
            List<NemesisAction> log = nemesis.log();
            assertThat(log).hasSize(plan.size());
            for (int i = 0; i < plan.size(); i++) {
                NemesisStep step = plan.get(i);
                NemesisAction action = log.get(i);
                assertThat(action.node()).isEqualTo(step.node());
                assertThat(action.what()).startsWith(switch (step.fault()) {
                    case PAUSE -> "paused";
                    case KILL -> "killed";
                    case PARTITION -> "partitioned";
                    case LOSE_ANSWER -> "lost";
                });
                assertThat(action.micros()).isGreaterThanOrEqualTo(step.length().toNanos() / 1_000);
                if (i > 0) {
                    assertThat(action.startMicros()).isGreaterThan(log.get(i - 1).endMicros());
                }
            }
            System.out.println("fencecheck nodes test, plan of seed 11: " + log);
        }
    }

    @Test
    void nemesisPlansAreFixedByTheirSeed() {
        NemesisPlan plan = new NemesisPlan(6, List.of(NemesisStep.Fault.values()), Duration.ofMillis(100), Duration.ofSeconds(2),
                Duration.ofSeconds(8), Duration.ofSeconds(12));
        assertThat(plan.draw(42, 3)).isEqualTo(plan.draw(42, 3)).hasSize(6)
                .allMatch(s -> s.node() >= 1 && s.node() <= 3)
                .allMatch(s -> s.length().compareTo(Duration.ofSeconds(8)) >= 0 && s.length().compareTo(Duration.ofSeconds(12)) <= 0);
        assertThat(plan.draw(42, 3)).isNotEqualTo(plan.draw(43, 3));
    }
}
