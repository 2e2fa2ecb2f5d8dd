package fencecheck.db;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** How -Dfencecheck.failover.command is checked with the database settings, each problem in one line. */
class FailoverCommandSettingsTest {

    @Test
    void aFailoverCommandWithoutAUrlIsRefused() {
        assertThatThrownBy(() -> Databases.open(null, null, "patronictl failover --force"))
                .isInstanceOf(DatabaseUnavailable.class)
                .hasMessageNotContaining("\n")
                .hasMessage("-Dfencecheck.failover.command fails over a cluster of your own, so it needs"
                        + " fencecheck.db.url=jdbc:postgresql://SERVICE:PORT/DATABASE (the address that always reaches its primary),"
                        + " not fencecheck.db=embedded; give the URL, or unset fencecheck.failover.command");
        assertThatThrownBy(() -> Databases.open("replicated", null, "patronictl failover --force"))
                .isInstanceOf(DatabaseUnavailable.class)
                .hasMessageContaining("not fencecheck.db=replicated, which fencecheck fails over itself;");
    }

    @Test
    void aBadWaitOrReplicationIsSaidBeforeAnyConnectionIsTried() {
        String unreachable = "jdbc:postgresql://127.0.0.1:1/nowhere";
        withProperty(Databases.FAILOVER_WAIT_PROPERTY, "soon", () -> assertThatThrownBy(
                () -> Databases.open(null, unreachable, "true"))
                .isInstanceOf(DatabaseUnavailable.class)
                .hasMessage("-Dfencecheck.failover.wait=soon is not a number of seconds above 0; give how long each wait of a"
                        + " failover may take (120 is the default)"));
        withProperty("fencecheck.replication", "sync", () -> assertThatThrownBy(
                () -> Databases.open(null, unreachable, "true"))
                .isInstanceOf(DatabaseUnavailable.class)
                .hasMessageStartingWith("-Dfencecheck.replication=sync is not a replication setting"));
        // with good settings the URL is tried, and its failure is the URL database's own line
        assertThatThrownBy(() -> Databases.open(null, unreachable, "true"))
                .isInstanceOf(DatabaseUnavailable.class)
                .hasMessageStartingWith("cannot connect to fencecheck.db.url=" + unreachable);
    }

    private static void withProperty(String name, String value, Runnable body) {
        String before = System.getProperty(name);
        System.setProperty(name, value);
        try {
            body.run();
        } finally {
            if (before == null) {
                System.clearProperty(name);
            } else {
                System.setProperty(name, before);
            }
        }
    }
}
