package fencecheck.db;

import eu.rekawek.toxiproxy.Proxy;
import fencecheck.db.replica.Replication;
import fencecheck.faults.proxy.FaultProxies;
import fencecheck.faults.proxy.FaultProxyServer;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The replicated pair as the harness sees it: a {@link Database} whose sessions (the clock search path, the
 * timeouts) reach the primary, also through a fault proxy in front of it, before and after a failover.
 */
class ReplicatedDatabaseTest {

    @Test
    void underRemoteApplyACommitThroughAFaultProxyIsOnTheStandbyAtOnceAndAFailoverKeepsIt() throws Exception {
        ReplicatedDatabase db = ReplicatedDatabase.start(Replication.REMOTE_APPLY);
        Path directory = db.pair().directory();
        FaultProxyServer faults = FaultProxies.server();
        Proxy proxy = faults.createProxy("fencecheck-replicated-test", db.host(), db.port());
        InetSocketAddress through = faults.connectAddress(proxy);
        try {
            assertThat(db.kind()).isEqualTo("replicated");
            assertThat(db.describe()).matches("PostgreSQL \\d+\\.\\d+ \\(replicated, " + EmbeddedBinaries.thisMachine().platform()
                    + ", replication remote_apply\\)");
            assertThat(db.settings()).containsEntry("synchronous_commit", "remote_apply").containsEntry("replication", "remote_apply");

            try (Connection c = db.connectThrough(through.getHostString(), through.getPort()); Statement s = c.createStatement()) {
                assertThat(text(s, "show search_path")).isEqualTo(VirtualClock.SEARCH_PATH);
                s.execute("create table public.grants (token bigint primary key)");
                s.execute("insert into public.grants values (1)");
                // remote_apply: the commit answered only once the standby had replayed it, so a read there sees it now
                try (Connection standby = db.pair().connectStandby(); Statement r = standby.createStatement()) {
                    assertThat(text(r, "select string_agg(token::text, ',') from grants")).isEqualTo("1");
                }

                db.failover(false);
                assertThat(db.restarts()).isEqualTo(1);
                assertThatThrownBy(() -> s.executeQuery("select 1")).isInstanceOf(SQLException.class);
            }
            // the same fault proxy, the same stable address behind it: a new session reaches the promoted standby
            try (Connection c = db.connectThrough(through.getHostString(), through.getPort()); Statement s = c.createStatement()) {
                assertThat(text(s, "select pg_is_in_recovery()::text")).isEqualTo("false");
                assertThat(Integer.parseInt(text(s, "show port"))).isEqualTo(db.pair().primaryPort());
                s.execute("insert into public.grants values (2)");
                assertThat(text(s, "select string_agg(token::text, ',' order by token) from public.grants")).isEqualTo("1,2");
            }
        } finally {
            proxy.delete();
            db.close();
        }
        assertNothingRunningIn(directory);
    }

    @Test
    void aSingleServerHasNoFailoverAndSaysWhichDatabaseHasOne() {
        Database single = Databases.open("embedded", null);
        assertThatThrownBy(() -> single.failover(false))
                .isInstanceOf(UnsupportedOperationException.class)
                .hasMessage("the embedded database has no standby that fencecheck can promote; run the failover on -Dfencecheck.db=replicated");
    }

    private static String text(Statement s, String sql) throws SQLException {
        try (ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getString(1);
        }
    }

    private static void assertNothingRunningIn(Path directory) throws IOException, InterruptedException {
        Process pgrep = new ProcessBuilder("pgrep", "-f", directory.toString()).redirectErrorStream(true).start();
        assertThat(pgrep.waitFor(10, TimeUnit.SECONDS)).isTrue();
        List<String> left = new String(pgrep.getInputStream().readAllBytes()).lines().toList();
        assertThat(left).as("processes still running on %s", directory).isEmpty();
    }
}
