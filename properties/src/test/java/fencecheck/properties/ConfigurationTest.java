package fencecheck.properties;

import fencecheck.db.replica.Replication;
import fencecheck.faults.proxy.FaultProxies;
import fencecheck.findings.ShrinkBudget;
import fencecheck.protocol.Implementations;
import fencecheck.shard.Shard;
import org.junit.jupiter.api.Test;

import java.util.Optional;
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
    void aShardThatDoesNotExist() {
        for (String bad : new String[]{"3/2", "0/4", "a/b"}) {
            assertThat(problemWith(Shard.PROPERTY, bad)).startsWith("-Dfencecheck.shard=" + bad + " is not a shard")
                    .contains("-Dfencecheck.shard=1/4").doesNotContain("\n");
        }
    }

    @Test
    void eachShardOfARandomRunGetsItsOwnSeedDerivedFromThePinnedOne() {
        assertThat(Seeds.ofShard("42", Optional.empty())).isEqualTo("42");
        assertThat(Seeds.ofShard("42", Optional.of(Shard.whole()))).isEqualTo("42");
        String first = Seeds.ofShard("42", Optional.of(new Shard(1, 4)));
        String second = Seeds.ofShard("42", Optional.of(new Shard(2, 4)));
        assertThat(first).isNotEqualTo(second).isNotEqualTo("42").isEqualTo(Long.toString(new Shard(1, 4).seedOf(42)));
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
