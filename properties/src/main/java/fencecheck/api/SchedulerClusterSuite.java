package fencecheck.api;

import fencecheck.properties.ClusterResults;
import fencecheck.properties.ClusterRuns;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import org.apiguardian.api.API;

/**
 * A real scheduler cluster, its node running a job paused like a long GC pause (or killed, or cut off) until another
 * node has run the job again, then let go: checked on what the database stored and answered. Extend it with a class of
 * your tests and say what your cluster is:
 *
 * <pre>{@code
 * class MyClusterTest extends SchedulerClusterSuite {
 *     @Override
 *     protected SchedulerCluster cluster() {
 *         return SchedulerCluster.of(MyNode.class)
 *                 .schema("/scheduler-tables.sql")
 *                 .firings(FiringTable.quartz())
 *                 .detection(Duration.ofMillis(8_500));
 *     }
 * }
 * }</pre>
 *
 * <p>A run fails on a stale acceptance (invariant 1), a lost acknowledged result (invariant 4), or, where the cluster
 * claims exclusive execution, on overlapping runs (else those are notes), each in one sentence naming the node, its
 * pause, the runs and their tokens, and on a run whose fault missed what it was aimed at (no run to pause, or no other
 * node took over). The seed fixes the plan; the timing is the scheduler's, so a failure keeps its history (in the HTML
 * report under {@code target/fencecheck/}) rather than a replay. Not applicable, in one line, where processes cannot be
 * paused (Windows).
 */
@API(status = API.Status.STABLE, since = "0.1")
public abstract class SchedulerClusterSuite {

    /** For subclasses: the suite has no state of its own. */
    protected SchedulerClusterSuite() {
    }

    /**
     * The cluster to check.
     *
     * @return its settings
     */
    protected abstract SchedulerCluster cluster();

    /**
     * One cluster run: the node of the first job run to begin is paused (or killed, or cut off) inside that run, before
     * its write, until another node has run the job again and written; every run then ends, and the results are judged.
     *
     * @param seed picks the fault and how long it holds past the other node's write
     * @throws Exception when the cluster could not run, in one line
     */
    @Property(tries = 1, shrinking = ShrinkingMode.OFF)
    @AddLifecycleHook(ClusterResults.class)
    void aPausedNodeOverwritesNoNewerResult(@ForAll("seeds") long seed) throws Exception {
        ClusterRuns.run(getClass(), cluster(), seed);
    }

    /**
     * The seeds of the runs.
     *
     * @return any long
     */
    @Provide
    Arbitrary<Long> seeds() {
        return Arbitraries.longs();
    }
}
