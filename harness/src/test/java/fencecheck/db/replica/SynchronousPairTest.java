package fencecheck.db.replica;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import static fencecheck.db.replica.AsynchronousPairTest.inRecovery;
import static fencecheck.db.replica.AsynchronousPairTest.tokens;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Under {@code on} a commit waits for the standby; after a failover with no standby left, it no longer does. */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SynchronousPairTest {

    /** Long enough that a commit that does not wait would have answered many times over, even on a loaded machine. */
    private static final long WAITING_MILLIS = 2_000;
    /** How long a commit may take to answer once the standby is back: far above the second it takes. */
    private static final long ANSWER_SECONDS = 60;

    private static ReplicaPair pair;
    private static Path directory;

    @BeforeAll
    static void startPair() {
        long started = System.nanoTime();
        directory = ReplicaDirectories.fresh(Path.of(System.getProperty("java.io.tmpdir"), "fencecheck-pg"));
        pair = ReplicaPair.start(directory, Replication.ON, ProcessBuilder.Redirect.DISCARD, Duration.ofSeconds(60));
        System.out.printf("replicated PostgreSQL (on): pair started in %d ms%n", (System.nanoTime() - started) / 1_000_000L);
    }

    @AfterAll
    static void stopPair() throws Exception {
        if (pair != null) {
            pair.close();
            PairProcesses.assertNoneLeft(directory);
        }
    }

    @Test
    @Order(1)
    void aCommitWaitsForTheStandbyAndAnswersWhenItIsBack() throws Exception {
        try (Connection primary = pair.connectPrimary(); Statement s = primary.createStatement()) {
            s.execute("create table grants (token bigint primary key)");
            assertThat(s.executeQuery("show synchronous_standby_names")).satisfies(rs -> {
                rs.next();
                assertThat(rs.getString(1)).isEqualTo("\"" + ReplicaPair.STANDBY_NAME + "\"");
            });
        }
        pair.stopStandby();
        try (Connection primary = pair.connectPrimary(); Statement s = primary.createStatement()) {
            CompletableFuture<Integer> commit = CompletableFuture.supplyAsync(() -> {
                try {
                    return s.executeUpdate("insert into grants values (1)");
                } catch (SQLException e) {
                    throw new IllegalStateException(e);
                }
            });
            assertThatThrownBy(() -> commit.get(WAITING_MILLIS, TimeUnit.MILLISECONDS)).isInstanceOf(TimeoutException.class);

            pair.startStandby();
            assertThat(commit.get(ANSWER_SECONDS, TimeUnit.SECONDS)).isEqualTo(1);
        }
        pair.awaitCatchUp();
        try (Connection standby = pair.connectStandby(); Statement s = standby.createStatement()) {
            assertThat(tokens(s)).containsExactly(1L);
        }
    }

    @Test
    @Order(2)
    void afterAFailoverWithoutRejoinTheNewPrimaryCommitsAlone() throws Exception {
        pair.failover(false);
        assertThat(pair.standbyPort()).isEqualTo(-1);
        assertThatThrownBy(() -> pair.awaitCatchUp()).hasMessageContaining("no standby");
        try (Connection primary = pair.connectPrimary(); Statement s = primary.createStatement()) {
            assertThat(inRecovery(s)).isFalse();
            CompletableFuture<Integer> commit = CompletableFuture.supplyAsync(() -> {
                try {
                    return s.executeUpdate("insert into grants values (2)");
                } catch (SQLException e) {
                    throw new IllegalStateException(e);
                }
            });
            assertThat(commit.get(ANSWER_SECONDS, TimeUnit.SECONDS)).isEqualTo(1);
            // nothing acknowledged before the failover was lost: under "on" the standby had flushed it
            assertThat(tokens(s)).containsExactly(1L, 2L);
        }
    }
}
