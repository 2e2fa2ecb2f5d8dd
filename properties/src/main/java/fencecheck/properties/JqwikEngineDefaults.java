package fencecheck.properties;

import fencecheck.db.LibraryLogs;
import org.junit.platform.engine.ConfigurationParameters;
import org.junit.platform.launcher.LauncherDiscoveryListener;
import org.junit.platform.launcher.LauncherDiscoveryRequest;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The two jqwik settings that belong to the whole test run rather than to a property, given before jqwik reads
 * them (it reads them when it discovers the tests, and this hears of the discovery first), and only where the
 * run's own configuration (its {@code -D} keys, its {@code junit-platform.properties}, its build's
 * configuration parameters) does not set them:
 * <ul>
 *   <li>jqwik's failure database lies under the build's {@code target/} folder, not in the project's root
 *       ({@code .jqwik-database}, jqwik's default), so a test run writes nothing outside {@code target/};</li>
 *   <li>jqwik's reports of each property (its statistics, its tries and seed, its samples) go to the test
 *       reports through the JUnit Platform, not onto the console, where fencecheck prints one line per
 *       property and its verdict; fencecheck's HTML report has the coverage of every situation.</li>
 * </ul>
 * They are given as system properties, which the JUnit Platform consults for every key its configuration
 * does not hold explicitly. Registered with the JUnit Platform launcher as a service.
 */
public class JqwikEngineDefaults implements LauncherDiscoveryListener {

    static final String DATABASE_KEY = "jqwik.database";
    static final String USE_JUNIT_PLATFORM_REPORTER_KEY = "jqwik.reporting.usejunitplatform";

    @Override
    public void launcherDiscoveryStarted(LauncherDiscoveryRequest request) {
        // the earliest moment of a test run: before any library fencecheck runs has made its loggers
        LibraryLogs.quiet();
        ConfigurationParameters configuration = request.getConfigurationParameters();
        missingFrom(configuration).forEach(System::setProperty);
    }

    /** The settings {@code configuration} leaves to fencecheck, with fencecheck's values. */
    static Map<String, String> missingFrom(ConfigurationParameters configuration) {
        Map<String, String> missing = new LinkedHashMap<>();
        defaults().forEach((key, value) -> {
            if (configuration.get(key).isEmpty()) {
                missing.put(key, value);
            }
        });
        return missing;
    }

    static Map<String, String> defaults() {
        Map<String, String> defaults = new LinkedHashMap<>();
        defaults.put(DATABASE_KEY, database().toString());
        defaults.put(USE_JUNIT_PLATFORM_REPORTER_KEY, "true");
        return defaults;
    }

    /** {@code target/jqwik-database} of the module whose tests run (see {@link Paths#target()}). */
    static Path database() {
        return Paths.target().resolve("jqwik-database");
    }
}
