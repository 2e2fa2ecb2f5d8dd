package fencecheck.run;

import fencecheck.db.Database;
import fencecheck.db.replica.Replication;
import fencecheck.job.JobRows;
import fencecheck.job.JobState;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * What the model had committed after each step of a try, so that a failover can be settled the way the standby
 * settles it: the new primary holds some prefix of the commits (all of them when the replication setting waits for
 * the standby), and which prefix is read from its rows, as after a crash what survived is read from the rows.
 * Kept at step granularity: commits inside one step are taken or lost together.
 */
final class CommittedPrefixes {

    /** The committed state after {@code step} (0: before the first step). */
    record Prefix(int step, JobState state) {
    }

    /**
     * What a failover took: the commits of the steps after {@code keptStep} up to {@code failoverStep}.
     *
     * @param replication the database's replication setting, or null when it is not a pair fencecheck started
     */
    record Loss(int failoverStep, int keptStep, Replication replication) {

        /** One clause for a verdict: where the loss came from and why the setting allowed it. */
        String explain() {
            int first = keptStep + 1;
            int last = Math.max(first, failoverStep - 1);
            String lost = first == last ? "step " + first : "steps " + first + "-" + last;
            return "the failover at step " + failoverStep + " lost what " + lost + " committed, acknowledged though the standby"
                    + " did not have it (" + setting(replication) + ")";
        }
    }

    private final List<Prefix> prefixes = new ArrayList<>();

    CommittedPrefixes(JobState initial) {
        prefixes.add(new Prefix(0, initial));
    }

    /** Keeps the model's committed state after {@code step} (a later call for the same step replaces it). */
    void keep(int step, JobState state) {
        if (prefixes.getLast().step() == step) {
            prefixes.removeLast();
        }
        prefixes.add(new Prefix(step, state));
    }

    /**
     * The newest kept prefix whose committed rows, key by key over every key {@code current} knows, are the ones
     * the database shows now; null when none is.
     */
    Prefix survivor(JobState current, Observer observer) throws SQLException {
        TreeMap<String, JobRows> observed = new TreeMap<>();
        for (String key : current.committed().keys().keySet()) {
            observed.put(key, observer.read(key, null));
        }
        if (matches(current, observed, observer)) {
            return new Prefix(Integer.MAX_VALUE, current);
        }
        for (Prefix p : prefixes.reversed()) {
            if (matches(p.state(), observed, observer)) {
                return p;
            }
        }
        return null;
    }

    /**
     * What a failover that left {@code kept} on the new primary did, for its history entry: the steps after
     * {@code kept} up to {@code failoverStep} whose commits changed some key's rows (a step that committed nothing,
     * such as a refused acquire, lost nothing).
     *
     * @param kept the survivor ({@link #survivor}), or null when the rows match no prefix
     */
    FailoverFacts facts(Prefix kept, int failoverStep, JobState current, Replication replication, String before, String after) {
        String setting = replication == null ? null : replication.value();
        if (kept == null) {
            return new FailoverFacts(setting, mayLose(replication), before, after, null, List.of());
        }
        if (kept.state() == current) {
            return new FailoverFacts(setting, mayLose(replication), before, after, failoverStep - 1, List.of());
        }
        List<Integer> lost = new ArrayList<>();
        Prefix previous = null;
        for (Prefix p : prefixes) {
            if (previous != null && p.step() > kept.step() && p.step() < failoverStep && !sameRows(previous.state(), p.state(), current)) {
                lost.add(p.step());
            }
            previous = p;
        }
        return new FailoverFacts(setting, mayLose(replication), before, after, kept.step(), lost);
    }

    private static boolean sameRows(JobState a, JobState b, JobState current) {
        return current.committed().keys().keySet().stream().allMatch(key -> a.rows(key, null).equals(b.rows(key, null)));
    }

    private static boolean matches(JobState candidate, TreeMap<String, JobRows> observed, Observer observer) {
        return observed.entrySet().stream().allMatch(e -> e.getValue().equals(observer.asClaimed(candidate.rows(e.getKey(), null),
                e.getValue())));
    }

    /**
     * The state the model goes on from after a failover kept {@code kept}: its commits, nothing open, nothing
     * waiting, the clock where the model had it (the clock is the harness's, set again after the failover), and
     * outbox ids that never go back (a sequence is not rolled back with the commits).
     */
    static JobState settled(JobState kept, JobState current) {
        return new JobState(kept.committed().withNow(current.now()), kept.jobStates(), kept.business(), kept.outbox(), kept.effects(),
                new TreeMap<>(), List.of(), Math.max(kept.nextMessageId(), current.nextMessageId()), kept.lastDelivered());
    }

    /** The replication setting of a pair fencecheck started, the one declared for a cluster, or null when unknown. */
    static Replication replicationOf(Database database) {
        return database.replication();
    }

    /**
     * Whether the setting lets a failover lose acknowledged commits: {@code async} (the standby may lag behind any
     * of them) and {@code remote_write} (the standby's operating system has them, but a standby that had not
     * flushed them when it went down has lost them); also a database whose setting fencecheck does not know.
     */
    static boolean mayLose(Replication replication) {
        return replication == null || replication == Replication.ASYNC || replication == Replication.REMOTE_WRITE;
    }

    static String setting(Replication replication) {
        if (replication == null) {
            return "replication unknown";
        }
        return "replication " + replication.value() + (mayLose(replication)
                ? ": a commit is acknowledged before the standby has flushed it"
                : ": a commit is acknowledged only once the standby has flushed it, so none may be lost");
    }
}
