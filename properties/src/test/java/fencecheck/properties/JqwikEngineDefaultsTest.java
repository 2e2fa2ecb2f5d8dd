package fencecheck.properties;

import org.junit.jupiter.api.Test;
import org.junit.platform.engine.ConfigurationParameters;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** jqwik's failure database and reports: under target/ and off the console, unless the run's configuration says otherwise. */
class JqwikEngineDefaultsTest {

    @Test
    void theFailureDatabaseLiesUnderTheBuildsTargetFolder() {
        Path database = JqwikEngineDefaults.database();
        assertThat(database).isAbsolute();
        assertThat(database.getParent()).isEqualTo(Paths.target());
        assertThat(database.getParent().getFileName()).as("this module's build folder").hasToString("target");
    }

    @Test
    void aRunThatSetsNothingGetsBoth() {
        assertThat(JqwikEngineDefaults.missingFrom(parameters(Map.of())))
                .containsEntry("jqwik.database", JqwikEngineDefaults.database().toString())
                .containsEntry("jqwik.reporting.usejunitplatform", "true")
                .hasSize(2);
    }

    @Test
    void whatTheRunsConfigurationSetsStands() {
        Map<String, String> missing = JqwikEngineDefaults.missingFrom(parameters(Map.of(
                "jqwik.database", "build/my-database", "jqwik.reporting.usejunitplatform", "false")));
        assertThat(missing).isEmpty();
    }

    @Test
    void thisModulesOwnTestsRunWithTheDatabaseUnderTarget() {
        // the build names it per implementation, under this module's target folder; a consumer's is target/jqwik-database
        assertThat(Path.of(System.getProperty("jqwik.database")).toAbsolutePath().normalize()).startsWith(Paths.target());
    }

    private static ConfigurationParameters parameters(Map<String, String> values) {
        return new ConfigurationParameters() {
            @Override
            public Optional<String> get(String key) {
                return Optional.ofNullable(values.get(key));
            }

            @Override
            public Optional<Boolean> getBoolean(String key) {
                return get(key).map(Boolean::parseBoolean);
            }

            @Override
            @SuppressWarnings("deprecation")
            public int size() {
                return values.size();
            }

            @Override
            public Set<String> keySet() {
                return values.keySet();
            }
        };
    }
}
