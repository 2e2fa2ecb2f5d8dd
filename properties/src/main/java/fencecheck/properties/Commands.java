package fencecheck.properties;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/**
 * The exact commands, run from the root of the build, that reproduce a failure: in fencecheck's own repository
 * they build the modules they need; in a project that uses fencecheck they run that project's tests.
 */
final class Commands {

    private Commands() {
    }

    static String replayTrace(Path trace) {
        if (inFencecheckItself()) {
            return "mvn -q -pl harness -am compile exec:java -Dexec.args=\"replay " + Paths.fromRoot(trace) + "\"";
        }
        // the project's test class path holds its SQL pack or its implementation class, and fencecheck's replay
        return "mvn -q" + module() + " test-compile org.codehaus.mojo:exec-maven-plugin:" + execPluginVersion()
                + ":java -Dexec.mainClass=fencecheck.run.Cli -Dexec.classpathScope=test -Dexec.args=\"replay "
                + Paths.fromRoot(trace) + "\"";
    }

    /**
     * Re-runs one property class with a pinned seed. jqwik's failure database is set aside
     * ({@code RANDOM_SEED} after a failure), so the seed, not a sample stored by an earlier run,
     * decides what is generated.
     */
    static String rerunSeed(String propertyClass, String seed, String implementation) {
        String pinned = " -Dtest=" + propertyClass + " -Dfencecheck.seed=" + seed + " -Dfencecheck.implementation=" + implementation
                + " -Djqwik.failures.after.default=RANDOM_SEED";
        if (inFencecheckItself()) {
            return "mvn verify -pl properties -am -Dsurefire.failIfNoSpecifiedTests=false" + pinned;
        }
        return "mvn test" + module() + " -Dsurefire.failIfNoSpecifiedTests=false" + pinned;
    }

    /** Whether this run is fencecheck's own build, whose modules a command must name. */
    private static boolean inFencecheckItself() {
        return Files.isRegularFile(Paths.repositoryRoot().resolve("properties/src/main/java/fencecheck/properties/FencecheckSuite.java"));
    }

    /** {@code -pl MODULE} when the tests ran in a module of a larger build, else nothing. */
    private static String module() {
        String module = Paths.fromRoot(Paths.target().getParent());
        return module.isEmpty() ? "" : " -pl " + module;
    }

    private static String execPluginVersion() {
        Properties build = new Properties();
        try (InputStream in = Commands.class.getResourceAsStream("build.properties")) {
            if (in != null) {
                build.load(in);
            }
        } catch (IOException e) {
            // the version below still names a release that runs the command
        }
        return build.getProperty("execPluginVersion", "3.6.2");
    }
}
