package fencecheck.properties;

import fencecheck.api.SchedulerCluster;
import fencecheck.db.Databases;
import fencecheck.nodes.NotApplicable;
import fencecheck.scheduler.ClusterFinding;
import fencecheck.scheduler.ClusterRun;
import org.apiguardian.api.API;

import java.nio.file.Path;
import java.util.Optional;

/** What the scheduler cluster property does with one try, and the last run's outcome for its result file. */
@API(status = API.Status.INTERNAL)
public final class ClusterRuns {

    private static ClusterRun.Result last;
    private static String notApplicable;

    private ClusterRuns() {
    }

    /**
     * Runs the cluster once and fails, in a message that starts with one sentence a finding, when the results break a
     * guarantee or when the fault missed what it was aimed at.
     */
    public static void run(Class<?> suite, SchedulerCluster cluster, long seed) throws Exception {
        String missing = cluster.missing();
        if (missing != null) {
            throw new ConfigurationError(suite.getSimpleName() + ": " + missing);
        }
        Path logs = Paths.run().resolve("nodes").resolve(suite.getSimpleName() + "-" + Long.toUnsignedString(seed, 36));
        ClusterRun.Result result;
        try {
            result = ClusterRun.run(cluster, Databases.shared(), seed, logs);
        } catch (NotApplicable e) {
            record(null, e.getMessage());
            System.out.println("fencecheck: " + suite.getSimpleName() + ": not applicable: " + e.getMessage());
            return;
        }
        record(result, null);
        System.out.println("fencecheck: " + suite.getSimpleName() + ": " + result.aim().words() + " (" + result.millis() + " ms)");
        result.verdict().notes().forEach(n -> System.out.println("fencecheck: note: " + n.words()));
        if (!result.verdict().passed()) {
            StringBuilder message = new StringBuilder();
            for (ClusterFinding f : result.verdict().findings()) {
                message.append(f.words()).append('\n');
            }
            message.append("(").append(result.aim().words()).append("; the nodes' logs: ").append(Paths.fromRoot(logs)).append(")");
            throw new AssertionError(message.toString());
        }
        if (!result.aim().reached()) {
            throw new AssertionError("the cluster run tested nothing: " + result.aim().words() + "; check the detection time given ("
                    + cluster.detection().toMillis() + " ms) against the scheduler's settings, and that a job runs long enough to be"
                    + " paused in (the nodes' logs: " + Paths.fromRoot(logs) + ")");
        }
    }

    private static synchronized void record(ClusterRun.Result result, String reason) {
        last = result;
        notApplicable = reason;
    }

    static synchronized void reset() {
        last = null;
        notApplicable = null;
    }

    static synchronized Optional<ClusterRun.Result> last() {
        return Optional.ofNullable(last);
    }

    static synchronized Optional<String> notApplicable() {
        return Optional.ofNullable(notApplicable);
    }
}
