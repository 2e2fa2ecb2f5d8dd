package com.example.quartz;

import fencecheck.db.Database;
import fencecheck.db.Databases;
import fencecheck.db.VirtualClock;
import fencecheck.kit.FiringTable;
import fencecheck.nodes.Node;
import fencecheck.nodes.NodeCluster;
import fencecheck.nodes.NodeSpec;
import fencecheck.scheduler.ClusterClaims;
import fencecheck.scheduler.ClusterRecords;
import fencecheck.scheduler.ClusterRecords.Firing;
import fencecheck.scheduler.ClusterRecords.Run;
import fencecheck.scheduler.ClusterVerdict;
import fencecheck.scheduler.NemesisAction;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * Three Quartz nodes on a fresh database (one per test JVM), the node running the job paused (SIGSTOP) inside its
 * run, before its write, until another node's recovered run of the job has written, then resumed; the paused run
 * finishes and writes. What the database then holds, judged.
 *
 * @param pausedRun  the run the pause landed in
 * @param detection  from the pause to the job's next firing, on the database's clock, in ms
 * @param pause      the pause, as the nemesis logs it
 * @param records    the firings, runs and final rows
 * @param verdict    the results checked (the adapter claims no exclusive execution: the results decide)
 */
record PausedCluster(Run pausedRun, long detection, NemesisAction pause, ClusterRecords records, ClusterVerdict verdict) {

    /** Every wait is bounded: a cluster that does not get there fails the test in one line. */
    private static final long WAIT_MILLIS = 60_000;
    private static final int NODES = 3;

    static PausedCluster run(String sink) throws Exception {
        Database db = Databases.shared();
        try (Connection c = db.connectRealTime()) {
            try (Statement s = c.createStatement()) {
                s.execute(resource("/org/quartz/impl/jdbcjobstore/tables_postgres.sql"));
            }
            FiringTable.quartz().install(c);
            NodeSpec spec = new NodeSpec(QuartzNode.class.getName(), NODES, List.of("-Xmx128m", "-XX:+UseSerialGC",
                    "-XX:TieredStopAtLevel=1", "-D" + QuartzNode.SINK_PROPERTY + "=" + sink, "-D" + QuartzNode.SLEEP_PROPERTY + "=3000"));
            NemesisAction pause;
            Run paused;
            try (NodeCluster cluster = NodeCluster.start(spec, db, Path.of("target", "quartz-nodes", sink))) {
                paused = await(c, "a run of the job begins", r -> r.write() == null && r.end() == null);
                Node node = cluster.node(paused.node());
                node.pause();
                long start = now(c);
                // the run had not written when its node stopped: the pause is inside the run, before its write
                Run atPause = run(c, paused.id());
                if (atPause.write() != null) {
                    throw new IllegalStateException("the pause came after run " + paused.id() + "'s write; give the job a longer sleep");
                }
                await(c, "another node's run of the job writes", r -> r.token() > paused.token() && r.write() != null
                        && r.write().answer() != null);
                long end = now(c);
                node.resume();
                pause = new NemesisAction(paused.node(), String.format(Locale.ROOT, "paused %.1f s", (end - start) / 1e6), start, end);
                await(c, "the paused run ends", r -> r.id() == paused.id() && r.end() != null);
            }
            ClusterRecords records = ClusterRecords.read(c);
            long detection = records.firings().stream().filter(f -> f.at() > pause.startMicros()).mapToLong(Firing::at).min()
                    .orElseThrow() - pause.startMicros();
            ClusterVerdict verdict = ClusterVerdict.of(records, List.of(pause), new ClusterClaims(false));
            PausedCluster result = new PausedCluster(run(records, paused.id()), detection / 1000, pause, records, verdict);
            System.out.println(result.summary());
            return result;
        }
    }

    /** What the cluster did, for the test's output. */
    String summary() {
        StringBuilder s = new StringBuilder("node " + pause.node() + " " + pause.what() + " in run " + pausedRun.id() + " (token "
                + pausedRun.token() + "); next firing " + detection + " ms after the pause\n");
        records.runs().forEach(r -> s.append("  run ").append(r.id()).append(" node ").append(r.node()).append(" token ")
                .append(r.token()).append(" write ").append(r.write() == null ? "-" : r.write().sink() + " " + r.write().answer())
                .append('\n'));
        verdict.findings().forEach(f -> s.append("  finding: ").append(f.words()).append('\n'));
        verdict.notes().forEach(f -> s.append("  note: ").append(f.words()).append('\n'));
        return s.toString();
    }

    private static Run await(Connection c, String what, Predicate<Run> wanted) throws Exception {
        long deadline = System.currentTimeMillis() + WAIT_MILLIS;
        while (System.currentTimeMillis() < deadline) {
            Optional<Run> found = ClusterRecords.read(c).runs().stream().filter(wanted).findFirst();
            if (found.isPresent()) {
                return found.get();
            }
            Thread.sleep(20);
        }
        throw new AssertionError("waited " + WAIT_MILLIS + " ms for: " + what + "; see target/quartz-nodes");
    }

    private static Run run(Connection c, long id) throws SQLException {
        return run(ClusterRecords.read(c), id);
    }

    private static Run run(ClusterRecords records, long id) {
        return records.runs().stream().filter(r -> r.id() == id).findFirst().orElseThrow();
    }

    private static long now(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("select clock_timestamp()")) {
            rs.next();
            return VirtualClock.toMicros(rs.getObject(1, OffsetDateTime.class));
        }
    }

    private static String resource(String path) throws IOException {
        try (InputStream in = PausedCluster.class.getResourceAsStream(path)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
