package fencecheck.db.replica;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** An asynchronous pair: it starts, the standby follows, and a failover moves the stable address to the promoted standby. */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class AsynchronousPairTest {

    private static ReplicaPair pair;
    private static Path directory;

    @BeforeAll
    static void startPair() {
        long started = System.nanoTime();
        directory = ReplicaDirectories.fresh(Path.of(System.getProperty("java.io.tmpdir"), "fencecheck-pg"));
        pair = ReplicaPair.start(directory, Replication.ASYNC, ProcessBuilder.Redirect.DISCARD, Duration.ofSeconds(60));
        System.out.printf("replicated PostgreSQL (async): pair started in %d ms%n", (System.nanoTime() - started) / 1_000_000L);
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
    void aRowCommittedOnThePrimaryIsOnTheStandbyOnceItCaughtUp() throws SQLException {
        try (Connection primary = pair.connectPrimary(); Statement s = primary.createStatement()) {
            s.execute("create table grants (token bigint primary key)");
            s.execute("insert into grants values (1)");
        }
        pair.awaitCatchUp();
        try (Connection standby = pair.connectStandby(); Statement s = standby.createStatement()) {
            assertThat(inRecovery(s)).isTrue();
            assertThat(tokens(s)).containsExactly(1L);
            assertThatThrownBy(() -> s.execute("insert into grants values (2)"))
                    .hasMessageContaining("read-only transaction");
        }
        assertThat(pair.serviceUpstream()).isEqualTo("127.0.0.1:" + pair.primaryPort());
    }

    @Test
    @Order(2)
    void afterAFailoverNewSessionsThroughTheStableAddressWriteOnThePromotedStandby() throws SQLException {
        int oldPrimary = pair.primaryPort();
        int oldStandby = pair.standbyPort();
        try (Connection before = throughStableAddress(); Statement s = before.createStatement()) {
            assertThat(serverPort(s)).isEqualTo(oldPrimary);
            s.execute("insert into grants values (2)");
            pair.awaitCatchUp();

            long started = System.nanoTime();
            pair.failover(true);
            System.out.printf("replicated PostgreSQL (async): failover with rejoin took %d ms%n", (System.nanoTime() - started) / 1_000_000L);

            assertThatThrownBy(() -> s.executeQuery("select 1")).isInstanceOf(SQLException.class);
        }
        assertThat(pair.primaryPort()).isEqualTo(oldStandby);
        assertThat(pair.standbyPort()).isEqualTo(oldPrimary);
        assertThat(pair.failovers()).isEqualTo(1);
        try (Connection after = throughStableAddress(); Statement s = after.createStatement()) {
            assertThat(serverPort(s)).isEqualTo(oldStandby);
            assertThat(inRecovery(s)).isFalse();
            s.execute("insert into grants values (3)");
            assertThat(tokens(s)).containsExactly(1L, 2L, 3L);
        }
        // the old primary came back as the new primary's standby and follows it
        pair.awaitCatchUp();
        try (Connection standby = pair.connectStandby(); Statement s = standby.createStatement()) {
            assertThat(inRecovery(s)).isTrue();
            assertThat(tokens(s)).containsExactly(1L, 2L, 3L);
        }
    }

    @Test
    @Order(3)
    void aFailoverToAStandbyThatMissedAnAcknowledgedCommitLosesIt() throws SQLException {
        pair.awaitCatchUp();
        pair.stopStandby();
        try (Connection primary = pair.connectPrimary(); Statement s = primary.createStatement()) {
            // acknowledged: under async the commit waits for the primary's own WAL only
            assertThat(s.executeUpdate("insert into grants values (4)")).isEqualTo(1);
        }
        pair.failover(false);
        try (Connection after = throughStableAddress(); Statement s = after.createStatement()) {
            assertThat(inRecovery(s)).isFalse();
            assertThat(tokens(s)).containsExactly(1L, 2L, 3L);
        }
    }

    private static Connection throughStableAddress() throws SQLException {
        Properties properties = new Properties();
        properties.setProperty("user", ReplicaPair.USER);
        properties.setProperty("connectTimeout", "10");
        properties.setProperty("socketTimeout", "30");
        return DriverManager.getConnection("jdbc:postgresql://" + pair.host() + ":" + pair.port() + "/" + ReplicaPair.DATABASE, properties);
    }

    static boolean inRecovery(Statement s) throws SQLException {
        try (ResultSet rs = s.executeQuery("select pg_is_in_recovery()")) {
            rs.next();
            return rs.getBoolean(1);
        }
    }

    static int serverPort(Statement s) throws SQLException {
        try (ResultSet rs = s.executeQuery("select current_setting('port')::int")) {
            rs.next();
            return rs.getInt(1);
        }
    }

    static List<Long> tokens(Statement s) throws SQLException {
        List<Long> tokens = new ArrayList<>();
        try (ResultSet rs = s.executeQuery("select token from grants order by token")) {
            while (rs.next()) {
                tokens.add(rs.getLong(1));
            }
        }
        return tokens;
    }
}
