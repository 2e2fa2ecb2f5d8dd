package fencecheck.properties;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;

/**
 * The project's jqwik settings for searching a known-buggy variant through the
 * test kit: as in junit-platform.properties, except that no run starts from
 * another variant's failing sample (each search starts from a fresh seed) and
 * nothing is recorded in jqwik's database.
 */
final class VariantSearchSettings {

    private VariantSearchSettings() {
    }

    static Map<String, String> configuration() {
        Properties settings = new Properties();
        try (InputStream in = VariantSearchSettings.class.getResourceAsStream("/junit-platform.properties")) {
            settings.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Map<String, String> configuration = new HashMap<>();
        settings.stringPropertyNames().forEach(k -> configuration.put(k, settings.getProperty(k)));
        configuration.put("jqwik.failures.after.default", "RANDOM_SEED");
        configuration.put("jqwik.database", "");
        return configuration;
    }
}
