package fencecheck.properties;

import fencecheck.report.ConsoleSummary;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
     * Re-runs only the property {@code method} of {@code propertyClass} with a pinned seed, named as a Java developer
     * names a test: {@code -Dtest='PropertyClass#method'}, also for a property the class inherits from
     * {@link FencecheckSuite} ({@link InheritedPropertySources} lets the build tool's filter find it there). jqwik's
     * failure database is set aside ({@code RANDOM_SEED} after a failure), so the seed, not a sample stored by an
     * earlier run, decides what is generated.
     */
    static String rerunSeed(Class<?> propertyClass, Method method, String seed, String implementation) {
        String test = propertyClass.getSimpleName() + "#" + method.getName();
        String pinned = " -Dtest='" + test + "' -Dfencecheck.seed=" + seed + " -Dfencecheck.implementation=" + implementation
                + " -Djqwik.failures.after.default=RANDOM_SEED";
        if (inFencecheckItself()) {
            return "mvn verify -pl properties -am -Dsurefire.failIfNoSpecifiedTests=false -Dinvoker.skip=true" + pinned;
        }
        return "mvn test" + module() + " -Dsurefire.failIfNoSpecifiedTests=false" + pinned;
    }

    /**
     * {@code prefix} and {@code command} in lines of at most {@link ConsoleSummary#WIDTH}, each but the last ending in
     * a backslash: pasted into a shell, they are one command again.
     */
    static List<String> wrapped(String prefix, String command) {
        List<String> lines = new ArrayList<>();
        String line = prefix;
        for (String word : command.split(" ")) {
            if (!line.isBlank() && !line.equals(prefix) && line.length() + 1 + word.length() + 2 > ConsoleSummary.WIDTH) {
                lines.add(line + " \\");
                line = "    " + word;
            } else {
                line = line.equals(prefix) ? line + word : line + " " + word;
            }
        }
        lines.add(line);
        return lines;
    }

    /** Whether this run is fencecheck's own build, whose modules a command must name. */
    private static boolean inFencecheckItself() {
        return Files.isRegularFile(Paths.repositoryRoot().resolve("properties/src/main/java/fencecheck/api/FencecheckSuite.java"));
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
