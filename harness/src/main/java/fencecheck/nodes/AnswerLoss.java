package fencecheck.nodes;

import eu.rekawek.toxiproxy.model.ToxicDirection;
import fencecheck.db.Database;
import fencecheck.db.SqlResources;
import fencecheck.db.VirtualClock;
import fencecheck.kit.SchedulerNode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.concurrent.CompletableFuture;

/**
 * Loses the answer of a node's next statement: a timeout toxic on its proxy drops what the server sends, until the
 * server shows (in {@code pg_stat_activity}, by the node's application name) a statement of the node that finished
 * after the loss was armed, and {@value #HOLD_MILLIS} ms more (the statement seen may have finished while the toxic
 * was being added, so the node's next answers are taken too). Then the toxic is removed, which closes the
 * connections it applied to, so the node learns nothing of the outcome of a statement whose answer it lost.
 */
final class AnswerLoss {

    /** How long the toxic waits for a statement of the node before it is removed without having lost one. */
    static final Duration WATCH = Duration.ofSeconds(30);

    private static final String TOXIC = "fencecheck-lost-answer";
    private static final String NOW = SqlResources.load("nodes/clock_now.sql");
    private static final String ANSWER_SENT = SqlResources.load("nodes/answer_sent.sql");
    private static final long POLL_MILLIS = 5;
    private static final long HOLD_MILLIS = 100;

    private final Database database;

    AnswerLoss(Database database) {
        this.database = database;
    }

    /** Arms the loss and returns at once; the future tells, once the toxic is gone, whether an answer was lost. */
    CompletableFuture<Boolean> loseNext(Node node) {
        long armedAt;
        Connection watch;
        try {
            watch = database.connectRealTime();
            // read before the toxic is added: a statement that finished meanwhile may be the one whose answer it took
            armedAt = now(watch);
            node.proxy().toxics().timeout(TOXIC, ToxicDirection.DOWNSTREAM, 0);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot watch node " + node.id() + "'s statements: " + e.getMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot add the toxic that loses node " + node.id() + "'s answer: " + e.getMessage(), e);
        }
        CompletableFuture<Boolean> lost = new CompletableFuture<>();
        Thread.ofVirtual().name("fencecheck-answer-loss-" + node.id()).start(() -> {
            boolean sent = false;
            try (watch) {
                sent = awaitAnswer(watch, node.id(), armedAt);
            } catch (SQLException | RuntimeException e) {
                // the toxic comes off all the same
            } finally {
                remove(node);
                lost.complete(sent);
            }
        });
        return lost;
    }

    private static boolean awaitAnswer(Connection watch, int node, long armedAt) throws SQLException {
        long deadline = System.nanoTime() + WATCH.toNanos();
        try (PreparedStatement s = watch.prepareStatement(ANSWER_SENT)) {
            s.setString(1, SchedulerNode.applicationName(node));
            s.setObject(2, VirtualClock.toTimestamp(armedAt));
            while (System.nanoTime() < deadline) {
                try (ResultSet rs = s.executeQuery()) {
                    rs.next();
                    if (rs.getBoolean(1)) {
                        // the statement seen may have finished just before the toxic was in place: the node's next
                        // answers in this moment are lost too
                        Thread.sleep(HOLD_MILLIS);
                        return true;
                    }
                }
                Thread.sleep(POLL_MILLIS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return false;
    }

    private static long now(Connection session) throws SQLException {
        try (PreparedStatement s = session.prepareStatement(NOW);
             ResultSet rs = s.executeQuery()) {
            rs.next();
            return VirtualClock.toMicros(rs.getObject(1, OffsetDateTime.class));
        }
    }

    private static void remove(Node node) {
        try {
            if (node.proxy().toxics().getAll().stream().anyMatch(t -> t.getName().equals(TOXIC))) {
                node.proxy().toxics().get(TOXIC).remove();
            }
        } catch (IOException | RuntimeException e) {
            // the proxy is gone with its cluster
        }
    }
}
