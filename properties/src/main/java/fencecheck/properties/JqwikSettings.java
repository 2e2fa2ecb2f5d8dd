package fencecheck.properties;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.util.Enumeration;
import java.util.Optional;
import java.util.Properties;

/**
 * Whether the person running the build set a jqwik key themselves: as {@code -Dkey=value}, or in a
 * {@code junit-platform.properties} of their own. The JUnit Platform reads only the first such file on the
 * class path (a project's own test resources come before every jar), and so does this. fencecheck ships no
 * such file, so it never takes the place of a project's own; it applies its defaults only where neither says
 * anything.
 */
final class JqwikSettings {

    static final String FILE = "junit-platform.properties";

    private final Properties systemProperties;
    private final Properties file;

    JqwikSettings(Properties systemProperties, Properties file) {
        this.systemProperties = systemProperties;
        this.file = file;
    }

    /** The settings of this JVM: its system properties and the first {@value #FILE} on the class path. */
    static JqwikSettings ofThisJvm() {
        return new JqwikSettings(System.getProperties(), firstFileOnClassPath());
    }

    /** The value the user gave {@code key}, the command line before the file; empty when neither names it. */
    Optional<String> given(String key) {
        String value = systemProperties.getProperty(key);
        if (value == null || value.isBlank()) {
            value = file.getProperty(key);
        }
        return value == null || value.isBlank() ? Optional.empty() : Optional.of(value.strip());
    }

    boolean isGiven(String key) {
        return given(key).isPresent();
    }

    private static Properties firstFileOnClassPath() {
        Properties properties = new Properties();
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        if (loader == null) {
            loader = JqwikSettings.class.getClassLoader();
        }
        try {
            Enumeration<URL> files = loader.getResources(FILE);
            if (files.hasMoreElements()) {
                try (InputStream in = files.nextElement().openStream()) {
                    properties.load(in);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + FILE + " on the class path: " + e.getMessage(), e);
        }
        return properties;
    }
}
