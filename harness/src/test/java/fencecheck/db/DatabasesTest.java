package fencecheck.db;

import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class DatabasesTest {

    @Test
    void theEmbeddedServerRunsHereAndWaitsForItsWalOnCommit() throws SQLException {
        long started = System.nanoTime();
        Database db = Databases.open("embedded", null);
        long tookMillis = (System.nanoTime() - started) / 1_000_000L;
        System.out.printf("embedded PostgreSQL: first start took %d ms (this call %d ms), %s, data in %s%n",
                ((EmbeddedDatabase) db).startupMillis(), tookMillis, db.describe(), ((EmbeddedDatabase) db).dataDirectory());

        assertThat(db.kind()).isEqualTo("embedded");
        // the version and the platform of the binaries it runs, e.g. PostgreSQL 18.1 (embedded, linux-amd64)
        assertThat(db.describe()).matches("PostgreSQL 18\\.\\d+ \\(embedded, " + EmbeddedBinaries.thisMachine().platform() + "\\)");
        assertThat(db.settings())
                .containsEntry("synchronous_commit", "on")
                .containsKeys("fsync", "server_version");
        assertThat(db.port()).isPositive();
        assertThat(Databases.open("embedded", null)).isSameAs(db);
    }

    @Test
    void sessionsHaveTheClockSearchPathAndTimeouts() throws SQLException {
        Database db = Databases.open("embedded", null);
        try (Connection c = db.connect();
             Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("show search_path")) {
            rs.next();
            assertThat(rs.getString(1)).isEqualTo("public, fencecheck_clock, pg_catalog");
            assertThat(c.getAutoCommit()).isTrue();
            assertThat(c.getNetworkTimeout()).isEqualTo(Sessions.SOCKET_TIMEOUT_SECONDS * 1000);
        }
        try (Connection c = db.connectThrough(db.host(), db.port())) {
            assertThat(c.isValid(1)).isTrue();
        }
    }

    @Test
    void containerWithoutDockerFailsWithOneClearLine() {
        assertThatThrownBy(() -> Databases.open("container", null))
                .isInstanceOf(DatabaseUnavailable.class)
                .hasMessage("fencecheck.db=container needs a running Docker engine, none was found;"
                        + " use the default embedded database (unset fencecheck.db) or fencecheck.db.url=jdbc:postgresql://...");
    }

    @Test
    void anUnknownKindFailsWithOneLineListingTheKinds() {
        assertThatThrownBy(() -> Databases.open("postgres", null))
                .isInstanceOf(DatabaseUnavailable.class)
                .hasMessage("fencecheck.db=postgres is not a database kind; use one of embedded, container, url, replicated (embedded is the default)");
        assertThatThrownBy(() -> Databases.open("url", null))
                .isInstanceOf(DatabaseUnavailable.class)
                .hasMessageStartingWith("fencecheck.db=url needs fencecheck.db.url=jdbc:postgresql://");
    }

    @Test
    void anUnreachableUrlFailsWithOneLineNamingIt() {
        String url = "jdbc:postgresql://127.0.0.1:1/nowhere?user=someone&password=secret";
        assertThatThrownBy(() -> Databases.open(null, url))
                .isInstanceOf(DatabaseUnavailable.class)
                .hasMessageNotContaining("\n")
                .hasMessageNotContaining("secret")
                .hasMessageStartingWith("cannot connect to fencecheck.db.url=jdbc:postgresql://127.0.0.1:1/nowhere?user=someone&password=***")
                .hasMessageContaining("unset fencecheck.db.url to use the embedded database");
        assertThatThrownBy(() -> Databases.open("url", "http://example.invalid/"))
                .isInstanceOf(DatabaseUnavailable.class)
                .hasMessageContaining("is not a PostgreSQL JDBC URL");
    }

    @Test
    void aUrlReplacesTheEmbeddedServer() throws SQLException {
        Database embedded = Databases.open("embedded", null);
        String url = "jdbc:postgresql://" + embedded.host() + ":" + embedded.port() + "/postgres";
        String before = System.getProperty(Databases.USER_PROPERTY);
        System.setProperty(Databases.USER_PROPERTY, "postgres");
        try {
            Database byUrl = Databases.open(null, url);
            assertThat(byUrl.kind()).isEqualTo("url");
            // a server fencecheck did not start: the platform its version() names
            assertThat(byUrl.describe()).matches("PostgreSQL 18\\.\\d+ \\(url, [a-z0-9_]+-[a-z0-9_.-]+\\)");
            try (Connection c = byUrl.connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery("show search_path")) {
                rs.next();
                assertThat(rs.getString(1)).isEqualTo("public, fencecheck_clock, pg_catalog");
            }
        } finally {
            if (before == null) {
                System.clearProperty(Databases.USER_PROPERTY);
            } else {
                System.setProperty(Databases.USER_PROPERTY, before);
            }
        }
    }
}
