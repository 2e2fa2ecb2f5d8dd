package com.example.dbscheduler.cluster;

import fencecheck.db.Database;
import fencecheck.db.Databases;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;

/** Throwaway first-contact harness: three node JVMs, the one running the execution stopped past the dead limit. */
class FirstContactTest {

    @Test
    void aPausedNodesExecutionIsRevivedElsewhereAndThePausedNodeStillWrites() throws Exception {
        Database db = Databases.shared();
        Path logs = Files.createDirectories(Path.of("target", "nodes", Long.toString(System.currentTimeMillis())));
        List<Process> nodes = new ArrayList<>();
        try (Connection c = db.connectRealTime(); Statement s = c.createStatement()) {
            s.execute(DbSchedulerNode.sql("db-scheduler-schema.sql"));
            s.execute(DbSchedulerNode.sql("job-tables.sql"));
            s.execute("delete from scheduled_tasks; delete from job_result; delete from job_write");
            String java = ProcessHandle.current().info().command().orElseThrow();
            for (int i = 1; i <= 3; i++) {
                nodes.add(new ProcessBuilder(java, "-Xmx128m", "-cp", System.getProperty("java.class.path"),
                        "-Dfencecheck.node.id=" + i,
                        "-Dfencecheck.node.url=jdbc:postgresql://" + db.host() + ":" + db.port() + "/postgres",
                        "-Dfencecheck.node.user=postgres", "-Dfencecheck.node.password=",
                        "-Dfencecheck.node.marker=fencecheck-node", DbSchedulerNode.class.getName())
                        .redirectErrorStream(true).redirectOutput(logs.resolve("node-" + i + ".log").toFile()).start());
            }
            String[] first = await(60, () -> row(s, "select picked_by, version, clock_timestamp() from scheduled_tasks where picked"));
            int pausedNode = Integer.parseInt(first[0].substring("node-".length()));
            long v1 = Long.parseLong(first[1]);
            signal("STOP", nodes.get(pausedNode - 1).pid());
            String pausedAt = row(s, "select clock_timestamp()")[0];
            String hb = row(s, "select last_heartbeat from scheduled_tasks")[0];
            System.out.println("picked by " + first[0] + " version " + v1 + " at " + first[2] + "; paused at " + pausedAt + "; last heartbeat " + hb);
            String[] second = await(60, () -> row(s, "select picked_by, version, clock_timestamp(), "
                    + "extract(epoch from clock_timestamp() - '" + pausedAt + "'::timestamptz), "
                    + "extract(epoch from clock_timestamp() - '" + hb + "'::timestamptz) from scheduled_tasks where picked and version > " + v1));
            System.out.println("re-picked by " + second[0] + " version " + second[1] + " at " + second[2]
                    + ": " + second[3] + " s after the pause, " + second[4] + " s after the last heartbeat");
            await(60, () -> row(s, "select node from job_write where firing = " + second[1]));
            signal("CONT", nodes.get(pausedNode - 1).pid());
            String[] late = await(60, () -> row(s, "select node, extract(epoch from written_at - '" + pausedAt + "'::timestamptz) from job_write where firing = " + v1));
            System.out.println("paused node wrote " + late[1] + " s after its pause");
            String[] last = row(s, "select node, firing from job_result");
            assertThat(Integer.parseInt(last[0])).as("the final result's node").isEqualTo(pausedNode);
            Thread.sleep(2000);
            System.out.println("rows after: " + String.join(" | ", row(s, "select picked, picked_by, version, execution_time from scheduled_tasks")));
        } finally {
            for (Process p : nodes) {
                signal("CONT", p.pid());
                p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
    }

    private static String[] row(Statement s, String sql) {
        try (ResultSet rs = s.executeQuery(sql)) {
            if (!rs.next()) {
                return null;
            }
            String[] r = new String[rs.getMetaData().getColumnCount()];
            for (int i = 0; i < r.length; i++) {
                r[i] = rs.getString(i + 1);
            }
            return r;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String[] await(int seconds, Supplier<String[]> query) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (System.nanoTime() < end) {
            String[] r = query.get();
            if (r != null) {
                return r;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("not seen in " + seconds + " s");
    }

    private static void signal(String signal, long pid) throws Exception {
        new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).inheritIO().start().waitFor(10, TimeUnit.SECONDS);
    }
}
