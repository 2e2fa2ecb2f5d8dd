package fencecheck.properties;

import fencecheck.db.replica.Replication;
import fencecheck.faults.proxy.FaultProxies;
import fencecheck.findings.ShrinkBudget;
import fencecheck.protocol.Implementations;
import org.junit.jupiter.api.Test;

import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The settings the build cannot check before it compiles are checked once
 * before the first property, each in one line that says what to do.
 */
class ConfigurationTest {

    @Test
    void goodSettingsHaveNoProblem() {
        assertThat(Configuration.problem()).isEmpty();
    }

    @Test
    void aSeedThatIsNotANumber() {
        assertThat(problemWith(Seeds.PROPERTY, "abc")).startsWith("-Dfencecheck.seed=abc is not a seed").doesNotContain("\n");
    }

    @Test
    void aShrinkingBoundThatIsNotAPositiveNumber() {
        assertThat(problemWith(ShrinkBudget.SECONDS_PROPERTY, "0")).isEqualTo("-Dfencecheck.shrink.seconds=0 is not a positive whole number");
        assertThat(problemWith(ShrinkBudget.RUNS_PROPERTY, "many")).isEqualTo("-Dfencecheck.shrink.runs=many is not a positive whole number");
    }

    @Test
    void aClassThatIsNotOnTheClassPath() {
        assertThat(problemWith(Implementations.PROPERTY, "com.example.Missing"))
                .startsWith("fencecheck.implementation=com.example.Missing: no such class on the class path").doesNotContain("\n");
    }

    @Test
    void aToxiproxyThatDoesNotAnswer() {
        // port 9 (discard) on the loopback: nothing listens there
        assertThat(problemWith(FaultProxies.URL_PROPERTY, "http://127.0.0.1:9")).contains("Toxiproxy").contains("127.0.0.1:9")
                .doesNotContain("\n");
    }

    @Test
    void aReplicationSettingThatIsNotOne() {
        assertThat(problemWith(Replication.PROPERTY, "sync")).isEqualTo("-Dfencecheck.replication=sync is not a replication"
                + " setting; give one of async|remote_write|on|remote_apply (async is the default)");
    }

    @Test
    void theErrorCarriesNoStackTrace() {
        assertThat(new ConfigurationError("x").getStackTrace()).isEmpty();
    }

    private static String problemWith(String key, String value) {
        String previous = System.getProperty(key);
        System.setProperty(key, value);
        Consumer<String> restore = v -> {
            if (v == null) {
                System.clearProperty(key);
            } else {
                System.setProperty(key, v);
            }
        };
        try {
            Configuration.forget();
            return Configuration.problem().orElseThrow(() -> new AssertionError(key + "=" + value + " was accepted"));
        } finally {
            restore.accept(previous);
            // the properties that run after this test see the build's own settings again
            Configuration.forget();
        }
    }
}
