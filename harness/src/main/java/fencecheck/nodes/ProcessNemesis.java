package fencecheck.nodes;

import fencecheck.db.Database;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Pauses, kills, partitions nodes of a {@link NodeCluster} and loses their answers, as a plan from a seed says
 * ({@link NemesisPlan#draw}) or one action at a time (to aim a pause at a job's run), and logs each action with the
 * database server's clock around it. A seed fixes the plan; its timing is real.
 */
public final class ProcessNemesis implements AutoCloseable {

    /** How long a lost answer's watch may take beyond {@link AnswerLoss#WATCH}. */
    private static final Duration ANSWER_SLACK = Duration.ofSeconds(10);

    private final NodeCluster cluster;
    private final DatabaseClock clock;
    private final List<NemesisAction> log = new CopyOnWriteArrayList<>();

    /** A nemesis for {@code cluster}, reading the clock of {@code database} (on a session of its own). */
    public ProcessNemesis(NodeCluster cluster, Database database) {
        this.cluster = cluster;
        this.clock = new DatabaseClock(database);
    }

    /** Executes {@code steps} in order, each after its wait; returns once the last is over. */
    public void run(List<NemesisStep> steps) throws InterruptedException {
        for (NemesisStep step : steps) {
            Thread.sleep(step.after());
            switch (step.fault()) {
                case PAUSE -> pause(step.node(), step.length());
                case KILL -> killAndRestart(step.node(), step.length());
                case PARTITION -> partition(step.node(), step.length());
                case LOSE_ANSWER -> loseNextAnswer(step.node());
            }
        }
    }

    /** Stops node {@code node} for {@code length} (from when every thread is stopped), then resumes it. */
    public NemesisAction pause(int node, Duration length) throws InterruptedException {
        Node n = cluster.node(node);
        n.pause();
        long start = clock.now();
        try {
            Thread.sleep(length);
        } finally {
            long end = clock.now();
            n.resume();
            record(node, "paused " + seconds(end - start), start, end);
        }
        return log.getLast();
    }

    /** Kills node {@code node}, leaves it down for {@code down}, and starts it again. */
    public NemesisAction killAndRestart(int node, Duration down) throws InterruptedException {
        Node n = cluster.node(node);
        n.kill();
        long start = clock.now();
        try {
            Thread.sleep(down);
        } finally {
            long end = clock.now();
            n.restart();
            record(node, "killed, restarted after " + seconds(end - start), start, end);
        }
        return log.getLast();
    }

    /** Cuts node {@code node} off from the database for {@code length}, then heals. */
    public NemesisAction partition(int node, Duration length) throws InterruptedException {
        Node n = cluster.node(node);
        n.partition();
        long start = clock.now();
        try {
            Thread.sleep(length);
        } finally {
            long end = clock.now();
            n.heal();
            record(node, "partitioned " + seconds(end - start), start, end);
        }
        return log.getLast();
    }

    /** Loses the answer of node {@code node}'s next statement; returns once the loss is over. */
    public NemesisAction loseNextAnswer(int node) throws InterruptedException {
        long start = clock.now();
        boolean lost;
        try {
            lost = cluster.node(node).loseNextAnswerWatched()
                    .get(AnswerLoss.WATCH.plus(ANSWER_SLACK).toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException e) {
            lost = false;
        }
        long end = clock.now();
        record(node, lost ? "lost a statement's answer" : "lost no answer (no statement within "
                + AnswerLoss.WATCH.toSeconds() + " s)", start, end);
        return log.getLast();
    }

    /** What was done so far, in order. */
    public List<NemesisAction> log() {
        return List.copyOf(log);
    }

    @Override
    public void close() {
        clock.close();
    }

    private void record(int node, String what, long start, long end) {
        log.add(new NemesisAction(node, what, start, end));
    }

    private static String seconds(long micros) {
        return String.format(Locale.ROOT, "%.1f s", micros / 1e6);
    }
}
