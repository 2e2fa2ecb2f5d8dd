package com.example.quartz;

import fencecheck.db.EmbeddedDatabase;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * First contact: three Quartz nodes, the one running the job stopped (SIGSTOP) past the cluster's failure detection.
 * Another node recovers the job and fires it again; the stopped node, resumed, finishes its run and writes.
 */
class FailoverTest {

    private static final long PAUSE_MILLIS = 16_000;
    private final List<Process> nodes = new ArrayList<>();

    @Test
    void aPausedNodesJobIsRecoveredAndThePausedRunStillWrites() throws Exception {
        EmbeddedDatabase db = EmbeddedDatabase.shared();
        try (Connection c = db.connectRealTime(); Statement s = c.createStatement()) {
            s.execute(QuartzNode.sql("/org/quartz/impl/jdbcjobstore/tables_postgres.sql"));
            s.execute(QuartzNode.sql("result-tables.sql"));
        }
        String url = "jdbc:postgresql://" + db.host() + ":" + db.port() + "/postgres";
        Path logs = Files.createDirectories(Path.of("target", "quartz-nodes"));
        for (int id = 1; id <= 3; id++) {
            nodes.add(new ProcessBuilder(javaCommand(), "-Xmx128m", "-cp", System.getProperty("java.class.path"),
                    "-Dfencecheck.node.id=" + id, "-Dfencecheck.node.url=" + url, "-Dfencecheck.node.user=postgres",
                    "-Dfencecheck.node.password=", "-Dquartz.job.sleepMillis=3000", QuartzNode.class.getName())
                    .redirectErrorStream(true).redirectOutput(logs.resolve("node-" + id + ".log").toFile()).start());
        }
        try (Connection c = db.connectRealTime()) {
            Firing paused = await(c, 60_000, () -> executing(c, null));
            Process node = nodes.get(Integer.parseInt(paused.instance().substring("node-".length())) - 1);
            long pausedAt = System.currentTimeMillis();
            signal("STOP", node.pid());
            Firing recovered = await(c, PAUSE_MILLIS, () -> executing(c, paused.instance()));
            long detection = recovered.firedTime() - pausedAt;
            System.out.printf("paused %s in firing %s; %s fired %s (%s) %d ms after the pause%n", paused.instance(),
                    paused.entryId(), recovered.instance(), recovered.entryId(), recovered.trigger(), detection);
            Thread.sleep(Math.max(0, pausedAt + PAUSE_MILLIS - System.currentTimeMillis()));
            signal("CONT", node.pid());
            await(c, 30_000, () -> write(c, paused.entryId()));
            List<String> writes = writes(c);
            System.out.println("writes in order: " + writes);
            assertThat(detection).isBetween(QuartzNode.CHECKIN_INTERVAL_MILLIS + 7_500 - 1_000, PAUSE_MILLIS);
            assertThat(writes).containsSubsequence(recovered.entryId(), paused.entryId());
            assertThat(finalFiring(c)).isEqualTo(paused.entryId());
        }
    }

    record Firing(String entryId, String instance, long firedTime, String trigger) {}

    /** A firing of the job being executed by another instance than {@code notBy}, if any. */
    private static Optional<Firing> executing(Connection c, String notBy) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("select entry_id, instance_name, fired_time, trigger_group"
                + " || '.' || trigger_name from qrtz_fired_triggers where job_name = ? and state = 'EXECUTING'"
                + " and instance_name <> coalesce(?, '') order by fired_time")) {
            s.setString(1, QuartzNode.JOB_NAME);
            s.setString(2, notBy);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? Optional.of(new Firing(rs.getString(1), rs.getString(2), rs.getLong(3), rs.getString(4)))
                        : Optional.empty();
            }
        }
    }

    private static Optional<String> write(Connection c, String firingId) throws SQLException {
        return writes(c).contains(firingId) ? Optional.of(firingId) : Optional.empty();
    }

    private static List<String> writes(Connection c) throws SQLException {
        List<String> ids = new ArrayList<>();
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("select firing_id from report_write order by written_at")) {
            while (rs.next()) {
                ids.add(rs.getString(1));
            }
        }
        return ids;
    }

    private static String finalFiring(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("select firing_id from report_result")) {
            rs.next();
            return rs.getString(1);
        }
    }

    interface Probe<T> {
        Optional<T> get() throws SQLException;
    }

    private static <T> T await(Connection c, long millis, Probe<T> probe) throws Exception {
        long end = System.currentTimeMillis() + millis;
        while (System.currentTimeMillis() < end) {
            Optional<T> found = probe.get();
            if (found.isPresent()) {
                return found.get();
            }
            Thread.sleep(50);
        }
        throw new AssertionError("nothing within " + millis + " ms");
    }

    private static void signal(String signal, long pid) throws IOException, InterruptedException {
        assertThat(new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).start().waitFor()).isZero();
    }

    private static String javaCommand() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    @AfterEach
    void stopNodes() throws Exception {
        for (Process p : nodes) {
            new ProcessBuilder("kill", "-CONT", Long.toString(p.pid())).start().waitFor();
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }
}
