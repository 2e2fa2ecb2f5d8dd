package com.example.dbscheduler.cluster;

import fencecheck.db.Database;
import fencecheck.db.Databases;
import fencecheck.kit.FiringTable;
import fencecheck.nodes.NodeCluster;
import fencecheck.nodes.NodeSpec;
import fencecheck.nodes.ProcessNemesis;
import fencecheck.scheduler.ClusterClaims;
import fencecheck.scheduler.ClusterRecords;
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
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One cluster run: three db-scheduler nodes on the shared test database, the node whose run began first stopped for
 * {@link #PAUSE} (past db-scheduler's 2 s dead limit and the newer run's write), resumed, and the runs' records judged.
 */
final class PausedRun {

    /** Dead limit 2 s, looked for every 1 s, polled every 0.2 s: a newer run has begun and written (2 s) well before. */
    static final Duration PAUSE = Duration.ofSeconds(Long.getLong("fencecheck.dbscheduler.pauseSeconds", 10));
    static final int NODES = 3;
    private static final long WAIT_SECONDS = 60;

    record Outcome(ClusterRecords records, List<NemesisAction> nemesis, ClusterVerdict verdict) {
    }

    private PausedRun() {
    }

    /** Runs the cluster with the job writing through {@code sink} ({@code latest} or {@code unfenced}). */
    static Outcome of(String sink) throws Exception {
        Database db = Databases.shared();
        try (Connection c = db.connectRealTime(); Statement s = c.createStatement()) {
            s.execute(resource("db-scheduler-schema.sql"));
            FiringTable.dbScheduler().install(c);
            s.execute(resource("reset.sql"));
            List<String> options = new ArrayList<>(NodeSpec.of(DbSchedulerNode.class.getName(), NODES).jvmOptions());
            options.addAll(List.of("-D" + DbSchedulerNode.SINK_PROPERTY + "=" + sink, "-D" + DbSchedulerNode.RUN_PROPERTY + "=2000"));
            NodeSpec spec = new NodeSpec(DbSchedulerNode.class.getName(), NODES, options);
            List<NemesisAction> log = new ArrayList<>();
            try (NodeCluster cluster = NodeCluster.start(spec, db, Path.of("target", "nodes", sink));
                 ProcessNemesis nemesis = new ProcessNemesis(cluster, db)) {
                int node = Integer.parseInt(await(s, "select node from fencecheck_kit_runs order by id limit 1"));
                nemesis.pause(node, PAUSE);
                // the paused run, resumed after its sleep, writes at once; both runs end
                await(s, "select 1 from fencecheck_kit_runs having count(*) >= 2 and count(ended) = count(*)");
                nemesis.log().forEach(a -> log.add(new NemesisAction(a.node(), a.what(), a.startMicros(), a.endMicros())));
            }
            ClusterRecords records = ClusterRecords.read(c);
            return new Outcome(records, log, ClusterVerdict.of(records, log, new ClusterClaims(false)));
        }
    }

    /** The first column of the query's first row, once there is one (bounded). */
    private static String await(Statement s, String sql) throws SQLException, InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
        while (System.nanoTime() < end) {
            try (ResultSet rs = s.executeQuery(sql)) {
                if (rs.next()) {
                    return rs.getString(1);
                }
            }
            Thread.sleep(50);
        }
        throw new AssertionError("not seen within " + WAIT_SECONDS + " s: " + sql + " (see target/nodes)");
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = PausedRun.class.getResourceAsStream("/" + name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + name + " on the class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
