package fencecheck.api;

import fencecheck.kit.FiringTable;
import org.apiguardian.api.API;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A scheduler cluster to check: the main class of one node, how many nodes, the scheduler's tables, which row change
 * is a firing, and how long the scheduler takes to give a silent node's work to another. Built like jqwik's
 * arbitraries: start from {@link #of(Class)}, each setting returns a new value.
 *
 * <pre>{@code
 * SchedulerCluster.of(MyNode.class)
 *         .schema("/scheduler-tables.sql")
 *         .firings(FiringTable.quartz())
 *         .detection(Duration.ofMillis(8_500))
 * }</pre>
 *
 * @param nodeMain           the node's main class: it starts the scheduler on {@link fencecheck.kit.SchedulerNode}'s
 *                           connection and registers the job, whose body writes through {@link fencecheck.kit.JobRun}
 * @param nodes              how many node processes
 * @param schema             a class-path resource run before every cluster run, or null: it creates the scheduler's
 *                           tables where missing and empties them
 * @param firings            which row change of the scheduler's tables is a new firing of a job
 * @param detection          how long after a node goes silent the scheduler gives its work to another node, from the
 *                           scheduler's settings (Quartz: the check-in interval plus 7.5 s; db-scheduler: heartbeat
 *                           interval times the missed-heartbeats limit)
 * @param faults             what the nemesis does to the node running the job, one per run picked by the seed
 * @param jvmOptions         options of every node's command line, e.g. {@code -Dmy.sink=latest}
 * @param exclusiveExecution whether the scheduler claims that two runs of one job never overlap: then overlapping runs
 *                           are a finding, else a note
 */
@API(status = API.Status.STABLE, since = "0.1")
public record SchedulerCluster(Class<?> nodeMain, int nodes, String schema, FiringTable firings, Duration detection,
                               List<NodeFault> faults, List<String> jvmOptions, boolean exclusiveExecution) {

    /** What the nemesis does to the node whose run it aims at, for as long as it takes another node to run the job again. */
    @API(status = API.Status.STABLE, since = "0.1")
    public enum NodeFault {
        /** {@code SIGSTOP}, then {@code SIGCONT}: every thread of the node stops, as in a long GC pause. */
        PAUSE,
        /** {@code SIGKILL}, then the node is started again with the same settings. */
        KILL,
        /** The node's database traffic is dropped both ways, then let through again. */
        PARTITION
    }

    /** Checks every setting, in one line each. */
    public SchedulerCluster {
        Objects.requireNonNull(nodeMain, "nodeMain");
        if (nodes < 2) {
            throw new IllegalArgumentException("a scheduler cluster needs at least 2 nodes (one to pause, one to take over), not " + nodes);
        }
        if (detection != null && (detection.isNegative() || detection.isZero())) {
            throw new IllegalArgumentException("the scheduler's detection time must be positive, not " + detection);
        }
        faults = List.copyOf(faults);
        if (faults.isEmpty()) {
            throw new IllegalArgumentException("a scheduler cluster check needs at least one fault: PAUSE, KILL or PARTITION");
        }
        jvmOptions = List.copyOf(jvmOptions);
    }

    /**
     * A cluster of 3 nodes of {@code nodeMain}, paused in a job's run; {@link #firings} and {@link #detection} are still
     * to be given.
     *
     * @param nodeMain the node's main class
     * @return the cluster's settings
     */
    public static SchedulerCluster of(Class<?> nodeMain) {
        return new SchedulerCluster(nodeMain, 3, null, null, null, List.of(NodeFault.PAUSE), List.of(), false);
    }

    /**
     * How many node processes to start.
     *
     * @param count how many node processes, at least 2
     * @return these settings with {@code count} nodes
     */
    public SchedulerCluster nodes(int count) {
        return new SchedulerCluster(nodeMain, count, schema, firings, detection, faults, jvmOptions, exclusiveExecution);
    }

    /**
     * The scheduler's tables.
     *
     * @param resource a class-path resource, run before every cluster run, that creates the scheduler's tables where
     *                 missing and empties them
     * @return these settings with that schema
     */
    public SchedulerCluster schema(String resource) {
        return new SchedulerCluster(nodeMain, nodes, resource, firings, detection, faults, jvmOptions, exclusiveExecution);
    }

    /**
     * Which row change is a firing.
     *
     * @param table which row change of the scheduler's tables is a new firing ({@link FiringTable#quartz()},
     *              {@link FiringTable#dbScheduler()}, or one of your own)
     * @return these settings with that firing table
     */
    public SchedulerCluster firings(FiringTable table) {
        return new SchedulerCluster(nodeMain, nodes, schema, table, detection, faults, jvmOptions, exclusiveExecution);
    }

    /**
     * The scheduler's failure detection time.
     *
     * @param time how long the scheduler, as configured by the node, takes to give a silent node's work to another
     * @return these settings with that detection time
     */
    public SchedulerCluster detection(Duration time) {
        return new SchedulerCluster(nodeMain, nodes, schema, firings, time, faults, jvmOptions, exclusiveExecution);
    }

    /**
     * The faults the nemesis picks from.
     *
     * @param chosen the faults a run's seed picks from
     * @return these settings with those faults
     */
    public SchedulerCluster faults(NodeFault... chosen) {
        return new SchedulerCluster(nodeMain, nodes, schema, firings, detection, List.of(chosen), jvmOptions, exclusiveExecution);
    }

    /**
     * More options of every node's command line.
     *
     * @param options options added to every node's command line, e.g. {@code -Dmy.sink=latest}
     * @return these settings with those options after the ones given before
     */
    public SchedulerCluster jvmOptions(String... options) {
        List<String> all = new ArrayList<>(jvmOptions);
        all.addAll(List.of(options));
        return new SchedulerCluster(nodeMain, nodes, schema, firings, detection, faults, all, exclusiveExecution);
    }

    /**
     * Whether runs of one job may overlap.
     *
     * @param claimed whether the scheduler claims two runs of one job never overlap (overlapping runs then fail)
     * @return these settings with that claim
     */
    public SchedulerCluster exclusiveExecution(boolean claimed) {
        return new SchedulerCluster(nodeMain, nodes, schema, firings, detection, faults, jvmOptions, claimed);
    }

    /**
     * The first setting still missing, in one line that says what to give, or null when the cluster can run.
     *
     * @return the problem, or null
     */
    public String missing() {
        if (firings == null) {
            return "say which row change is a firing: .firings(FiringTable.quartz()), .firings(FiringTable.dbScheduler()) or your own";
        }
        if (detection == null) {
            return "give the scheduler's detection time from its settings: .detection(Duration.ofMillis(8_500))";
        }
        return null;
    }
}
