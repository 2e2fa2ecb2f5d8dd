package fencecheck.scheduler;

import fencecheck.api.SchedulerCluster;
import fencecheck.api.SchedulerCluster.NodeFault;
import fencecheck.db.Database;
import fencecheck.db.SqlResources;
import fencecheck.nodes.NemesisAction;
import fencecheck.nodes.NemesisStep;
import fencecheck.nodes.NodeCluster;
import fencecheck.nodes.NodeSpec;
import fencecheck.nodes.ProcessNemesis;
import fencecheck.scheduler.ClusterRecords.Run;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * One run of a scheduler cluster: its nodes started on the database, the first job run to begin aimed at (its node
 * paused, killed or cut off, as the seed picks) until another node has run the job again and written, then released a
 * moment later (the seed picks how long), every run let finish, and the records judged. The seed fixes the plan; the
 * timing is the scheduler's own, so a run is kept as its history, not replayed.
 */
public final class ClusterRun {

    /** A node JVM and its scheduler start, then the first firing: generous for 2 busy cores. */
    static final Duration FIRST_RUN_WITHIN = Duration.ofSeconds(90);
    /** Beyond the scheduler's detection time, how long another node may take to run the job again and write. */
    static final Duration TAKEOVER_MARGIN = Duration.ofSeconds(30);
    /** How long the released node's run and every other run may take to end. */
    static final Duration RUNS_END_WITHIN = Duration.ofSeconds(60);
    /** The longest the seed holds a fault past the newer run's write. */
    static final Duration MAX_EXTRA = Duration.ofMillis(1_000);

    /**
     * A run's outcome: the records, what the nemesis did, the verdict, and where the fault landed.
     *
     * @param records  what the nodes recorded and the results the job keys ended with
     * @param nemesis  what was done to which node, on the database's clock
     * @param verdict  the records judged
     * @param aim      where the fault landed
     * @param millis   the run's wall time
     * @param logs     the folder of the nodes' logs
     */
    public record Result(ClusterRecords records, List<NemesisAction> nemesis, ClusterVerdict verdict, Aim aim, long millis, Path logs) {
    }

    /**
     * Where the fault landed, read from the records: inside the aimed run, before its write, and held while another
     * node ran the job again and wrote. A run that missed either tested nothing and says why.
     *
     * @param inRunBeforeWrite the fault began after the run began and before its write was sent
     * @param takenOver        another node's run of the job with a higher token wrote while the fault held
     * @param words            what happened, in one sentence
     */
    public record Aim(boolean inRunBeforeWrite, boolean takenOver, String words) {

        /** Whether the run reached the situation it is for. */
        public boolean reached() {
            return inRunBeforeWrite && takenOver;
        }
    }

    private ClusterRun() {
    }

    /**
     * Runs {@code cluster} once on {@code database} with the plan of {@code seed}, the nodes' logs in {@code logs}.
     *
     * @throws IllegalStateException in one line, when a wait ran out (no run began, the aimed run never ended)
     */
    public static Result run(SchedulerCluster cluster, Database database, long seed, Path logs) throws SQLException, InterruptedException {
        String missing = cluster.missing();
        if (missing != null) {
            throw new IllegalArgumentException(missing);
        }
        SplittableRandom random = new SplittableRandom(seed);
        NodeFault fault = cluster.faults().get(random.nextInt(cluster.faults().size()));
        Duration extra = Duration.ofMillis(random.nextLong(MAX_EXTRA.toMillis() + 1));
        long started = System.nanoTime();
        try (Connection c = database.connectRealTime(); Statement s = c.createStatement()) {
            reset(cluster, c, s);
            List<String> options = new ArrayList<>(NodeSpec.of(cluster.nodeMain().getName(), cluster.nodes()).jvmOptions());
            options.addAll(cluster.jvmOptions());
            NodeSpec spec = new NodeSpec(cluster.nodeMain().getName(), cluster.nodes(), options);
            List<NemesisAction> log;
            try (NodeCluster nodes = NodeCluster.start(spec, database, logs); ProcessNemesis nemesis = new ProcessNemesis(nodes, database)) {
                Awaits awaits = new Awaits(c, logs);
                Run aimed = awaits.firstRun(FIRST_RUN_WITHIN);
                Duration takeover = cluster.detection().plus(TAKEOVER_MARGIN);
                nemesis.hold(aimed.node(), step(fault), takeover, () -> awaits.newerRunWrote(aimed), extra);
                // a killed run ends never, a cut-off one with its session broken: only a paused one is waited for
                if (fault == NodeFault.PAUSE) {
                    awaits.ended(aimed, RUNS_END_WITHIN);
                }
                awaits.allEnded(RUNS_END_WITHIN, nemesis.log(), fault == NodeFault.PAUSE ? -1 : aimed.id());
                log = nemesis.log();
            }
            ClusterRecords records = ClusterRecords.read(c);
            ClusterVerdict verdict = ClusterVerdict.of(records, log, new ClusterClaims(cluster.exclusiveExecution()));
            return new Result(records, log, verdict, aim(records, log), (System.nanoTime() - started) / 1_000_000, logs);
        }
    }

    private static void reset(SchedulerCluster cluster, Connection c, Statement s) throws SQLException {
        if (cluster.schema() != null) {
            s.execute(schema(cluster));
        }
        cluster.firings().install(c);
        s.execute(SqlResources.load("scheduler/reset.sql"));
    }

    /** The cluster's schema resource, found as the node's own class finds resources. */
    private static String schema(SchedulerCluster cluster) {
        String path = cluster.schema().startsWith("/") ? cluster.schema() : "/" + cluster.schema();
        try (InputStream in = cluster.nodeMain().getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalArgumentException("no resource " + path + " on the class path: give .schema(...) a class-path resource"
                        + " such as \"/scheduler-tables.sql\" (in src/test/resources)");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + path + ": " + e.getMessage(), e);
        }
    }

    private static NemesisStep.Fault step(NodeFault fault) {
        return switch (fault) {
            case PAUSE -> NemesisStep.Fault.PAUSE;
            case KILL -> NemesisStep.Fault.KILL;
            case PARTITION -> NemesisStep.Fault.PARTITION;
        };
    }

    /** Where the first fault landed, from the records. */
    static Aim aim(ClusterRecords records, List<NemesisAction> log) {
        if (log.isEmpty()) {
            return new Aim(false, false, "the nemesis did nothing");
        }
        NemesisAction action = log.getFirst();
        Optional<Run> aimed = records.runs().stream()
                // a killed or cut-off run records no end: open from its start on
                .filter(r -> r.node() == action.node() && r.start() <= action.startMicros()
                        && (r.end() == null || r.end() >= action.startMicros()))
                .findFirst();
        if (aimed.isEmpty()) {
            return new Aim(false, false, "node " + action.node() + " was " + action.what() + " outside every run of its own");
        }
        Run run = aimed.get();
        boolean beforeWrite = run.write() == null || run.write().invoke() > action.startMicros();
        boolean takenOver = records.runs().stream().anyMatch(r -> r.jobKey().equals(run.jobKey()) && r.token() > run.token()
                && r.write() != null && r.write().complete() != null && r.write().complete() < action.endMicros());
        String where = "node " + action.node() + ", " + action.what() + " in run " + run.id() + " of job " + run.jobKey()
                + (beforeWrite ? " before its write" : " after its write");
        return new Aim(beforeWrite, takenOver, where + (takenOver ? ", while another node ran the job again and wrote"
                : ", and no other node ran the job again and wrote meanwhile"));
    }

    /** The bounded waits of a run, each polling the records on the run's own session. */
    private record Awaits(Connection c, Path logs) {

        private static final long POLL_MILLIS = 20;

        Run firstRun(Duration within) throws SQLException, InterruptedException {
            return until(within, () -> ClusterRecords.runs(c).stream().findFirst(),
                    "no job run began within " + within.toSeconds() + " s of the nodes' start: see the nodes' logs in " + logs);
        }

        boolean newerRunWrote(Run aimed) {
            try {
                return ClusterRecords.runs(c).stream().anyMatch(r -> r.jobKey().equals(aimed.jobKey())
                        && r.token() > aimed.token() && r.write() != null && r.write().complete() != null);
            } catch (SQLException e) {
                return false;
            }
        }

        void ended(Run aimed, Duration within) throws SQLException, InterruptedException {
            until(within, () -> ClusterRecords.runs(c).stream().filter(r -> r.id() == aimed.id() && r.end() != null).findFirst(),
                    "run " + aimed.id() + " of node " + aimed.node() + " did not end within " + within.toSeconds()
                            + " s of its release: see the nodes' logs in " + logs);
        }

        /**
         * Every run that began before the fault was lifted ends, but for those of a node the nemesis killed and the run
         * {@code except} (the aimed one, when its session was cut); runs begun later are not waited for (a job that
         * fires every second always has one open).
         */
        void allEnded(Duration within, List<NemesisAction> log, long except) throws SQLException, InterruptedException {
            long lifted = log.stream().mapToLong(NemesisAction::endMicros).max().orElse(Long.MAX_VALUE);
            until(within, () -> {
                List<Run> open = ClusterRecords.runs(c).stream()
                        .filter(r -> r.id() != except && r.start() <= lifted && r.end() == null && !killedIn(r, log)).toList();
                return open.isEmpty() ? Optional.of(Boolean.TRUE) : Optional.empty();
            }, "runs begun before the fault was lifted still open " + within.toSeconds() + " s later: see the nodes' logs in " + logs);
        }

        private static boolean killedIn(Run r, List<NemesisAction> log) {
            return log.stream().anyMatch(a -> a.node() == r.node() && a.what().startsWith("killed") && a.startMicros() >= r.start());
        }

        private interface Probe<T> {
            Optional<T> probe() throws SQLException;
        }

        private static <T> T until(Duration within, Probe<T> probe, String otherwise) throws SQLException, InterruptedException {
            long end = System.nanoTime() + within.toNanos();
            while (true) {
                Optional<T> seen = probe.probe();
                if (seen.isPresent()) {
                    return seen.get();
                }
                if (System.nanoTime() > end) {
                    throw new IllegalStateException(otherwise);
                }
                Thread.sleep(POLL_MILLIS);
            }
        }
    }
}
