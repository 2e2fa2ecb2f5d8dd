package fencecheck.job;

import fencecheck.api.Lease;
import fencecheck.api.ModelConfig;
import fencecheck.api.Outcome.Granted;
import fencecheck.check.Delivery;
import fencecheck.check.ExactlyOnce;
import fencecheck.check.Violation;
import fencecheck.job.JobCommand.AdvanceClock;
import fencecheck.job.JobCommand.Begin;
import fencecheck.job.JobCommand.BusinessRow;
import fencecheck.job.JobCommand.Claim;
import fencecheck.job.JobCommand.Commit;
import fencecheck.job.JobCommand.CrashDatabase;
import fencecheck.job.JobCommand.LeaseOperation;
import fencecheck.job.JobCommand.OutboxRow;
import fencecheck.job.JobCommand.Redeliver;
import fencecheck.job.JobCommand.Relay;
import fencecheck.job.JobCommand.Rollback;
import fencecheck.job.JobOutcome.Answered;
import fencecheck.job.JobOutcome.Delivered;
import fencecheck.model.Command;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BiFunction;

/**
 * Invariant 5 checked on the job model alone, where the lease model cannot reach it (it has no outbox): every state
 * the job model reaches from the empty one within a depth, breadth first, each expanded once, over an alphabet of job
 * transactions for two workers on one key: per worker an acquire, begin, the claim with the token it was last
 * granted, the business row, the outbox row, commit and rollback; the relay (and the relay dying before it marks a
 * message), a redelivery of the last message, the clock past the lease's end, and a crash of the database. Every
 * delivery's answer is checked by {@link ExactlyOnce}, step by step: no business key takes effect twice, and none is
 * skipped as applied before it took effect. A state is the job model's state, what each worker believes it holds and
 * the effects the deliveries told so far. Breadth first, a finding's path is a shortest one.
 */
public final class JobExplorer {

    private static final String KEY = "k1";
    private static final String RESULT = "r";

    /** One step of a path: what was run and what it answered. */
    public record Step(JobCommand command, JobOutcome outcome) {
    }

    /** What broke, and the shortest path to it. */
    public record Finding(String problem, List<Step> path) {
    }

    /** What the exploration covered: the states per depth, how many deliveries it judged, and its finding. */
    public record Report(int depth, long states, List<Long> perDepth, long deliveries, long repeatedDeliveries,
                         Optional<Finding> finding) {
    }

    private JobExplorer() {
    }

    /** The job model of {@code config} explored to {@code depth} steps, with leases of {@code ttl} microseconds. */
    public static Report explore(ModelConfig config, int depth, long ttl) {
        JobModel model = new JobModel(config);
        return explore(depth, ttl, model::step);
    }

    /** {@code step} explored: a test passes a mutated job model to see it caught. */
    public static Report explore(int depth, long ttl, BiFunction<JobState, JobCommand, JobTransition> step) {
        if (depth < 1 || ttl < 2) {
            throw new IllegalArgumentException("a job exploration needs a depth of at least 1 and a lease of at least 2"
                    + " microseconds, not depth " + depth + " and " + ttl);
        }
        Node root = new Node(JobState.at(0), new long[2], new TreeMap<>(), null, null);
        Set<List<Object>> seen = new HashSet<>();
        seen.add(root.identity());
        List<Node> level = List.of(root);
        List<Long> perDepth = new ArrayList<>(List.of(1L));
        long deliveries = 0;
        long repeated = 0;
        for (int d = 0; d < depth; d++) {
            List<Node> next = new ArrayList<>();
            for (Node node : level) {
                for (JobCommand command : commands(node, ttl)) {
                    JobTransition t;
                    try {
                        t = step.apply(node.state(), command);
                    } catch (IllegalArgumentException outOfScope) {
                        continue; // what no scheduler of real sessions would run (a deadlock, a second key)
                    }
                    TreeMap<String, Integer> effects = node.effects();
                    if (t.outcome() instanceof Delivered delivered) {
                        deliveries++;
                        String business = delivered.key() + "/" + delivered.resultId();
                        int before = effects.getOrDefault(business, 0);
                        repeated += before > 0 ? 1 : 0;
                        if (delivered.effect() ? before >= 1 : before == 0) {
                            Node failing = new Node(t.next(), node.beliefs(), effects, node, new Step(command, t.outcome()));
                            return new Report(d + 1, seen.size(), perDepth, deliveries, repeated,
                                    Optional.of(new Finding(problem(failing), failing.path())));
                        }
                        if (delivered.effect()) {
                            effects = new TreeMap<>(effects);
                            effects.put(business, before + 1);
                        }
                    }
                    Node child = new Node(t.next(), believed(node.beliefs(), command, t.outcome()), effects, node,
                            new Step(command, t.outcome()));
                    if (seen.add(child.identity())) {
                        next.add(child);
                    }
                }
            }
            perDepth.add((long) next.size());
            level = next;
        }
        return new Report(depth, seen.size(), perDepth, deliveries, repeated, Optional.empty());
    }

    /** The commands at {@code node}: a waiting worker runs nothing until its statement goes on. */
    private static List<JobCommand> commands(Node node, long ttl) {
        JobState state = node.state();
        List<JobCommand> commands = new ArrayList<>();
        for (int w = 0; w < 2; w++) {
            String worker = "w" + (w + 1);
            if (state.isWaiting(worker)) {
                continue;
            }
            commands.add(new LeaseOperation(worker, new Command.Acquire(KEY, worker, ttl)));
            if (state.transaction(worker) == null) {
                commands.add(new Begin(worker));
                continue;
            }
            if (node.beliefs()[w] != 0) {
                commands.add(new Claim(worker, KEY, node.beliefs()[w]));
            }
            commands.add(new BusinessRow(worker, RESULT, "p" + (w + 1)));
            commands.add(new OutboxRow(worker, RESULT, "p" + (w + 1)));
            commands.add(new Commit(worker));
            commands.add(new Rollback(worker));
        }
        commands.add(new Relay(false));
        commands.add(new Relay(true));
        commands.add(new Redeliver());
        Lease lease = state.committed().key(KEY).lease();
        if (lease != null && lease.until() >= state.now()) {
            commands.add(new AdvanceClock(lease.until() + 1));
        }
        commands.add(new CrashDatabase());
        return commands;
    }

    private static long[] believed(long[] beliefs, JobCommand command, JobOutcome outcome) {
        if (command instanceof LeaseOperation op && op.command() instanceof Command.Acquire a
                && outcome instanceof Answered answered && answered.outcome() instanceof Granted g) {
            long[] next = beliefs.clone();
            next[a.owner().equals("w1") ? 0 : 1] = g.token();
            return next;
        }
        return beliefs;
    }

    /** The history checker's words for the path's last delivery. */
    private static String problem(Node failing) {
        List<Delivery> deliveries = new ArrayList<>();
        List<Step> path = failing.path();
        for (int i = 0; i < path.size(); i++) {
            if (path.get(i).outcome() instanceof Delivered d) {
                deliveries.add(new Delivery(i + 1, d.key(), d.resultId(), d.effect()));
            }
        }
        List<Violation> found = ExactlyOnce.check(deliveries);
        return found.isEmpty() ? "a delivery the step-by-step check refuses and ExactlyOnce keeps (the two disagree)"
                : found.get(found.size() - 1).toString();
    }

    /** A state of the search with the step that first reached it. */
    private record Node(JobState state, long[] beliefs, TreeMap<String, Integer> effects, Node parent, Step step) {

        List<Object> identity() {
            return List.of(state, List.of(beliefs[0], beliefs[1]), Map.copyOf(effects));
        }

        List<Step> path() {
            List<Step> path = new ArrayList<>();
            for (Node n = this; n.step() != null; n = n.parent()) {
                path.add(0, n.step());
            }
            return path;
        }
    }
}
