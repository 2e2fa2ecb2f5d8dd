package fencecheck.properties;

import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

import java.lang.reflect.Method;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Optional;

/**
 * The tests the build's test launcher is running now, as {@link ReportAtEnd} hears of them. A property the launcher
 * runs itself is a run the build counts: its failure fails the build. A property run while the launcher runs some
 * other test (fencecheck's own tests run properties inside theirs, through the engine test kit, which tells the
 * launcher nothing) is examined by that test, which passes or fails the build on what it expects of it.
 */
final class LauncherTests {

    private static final Deque<TestIdentifier> RUNNING = new ArrayDeque<>();
    private static TestPlan plan;

    private LauncherTests() {
    }

    static synchronized void planStarted(TestPlan testPlan) {
        plan = testPlan;
    }

    static synchronized void started(TestIdentifier test) {
        if (test.isTest()) {
            RUNNING.push(test);
        }
    }

    static synchronized void finished(TestIdentifier test) {
        RUNNING.remove(test);
    }

    /**
     * The test that runs the property {@code method} of {@code container} inside itself, by its class and display
     * name; empty when the launcher runs that property itself, or no launcher reported any test (a program that
     * drives the engine on its own).
     */
    static synchronized Optional<String> examining(Class<?> container, Method method) {
        if (RUNNING.isEmpty()) {
            return Optional.empty();
        }
        for (TestIdentifier test : RUNNING) {
            // the engine names a property by the class that declares its method (FencecheckSuite for an inherited one)
            if (test.getSource().orElse(null) instanceof MethodSource source && source.getMethodName().equals(method.getName())
                    && (source.getClassName().equals(container.getName()) || source.getClassName().equals(method.getDeclaringClass().getName()))) {
                return Optional.empty();
            }
        }
        return Optional.of(describe(RUNNING.peek()));
    }

    /** {@code Class.method}, with the display name of a dynamic test or an invocation after it in brackets. */
    private static String describe(TestIdentifier test) {
        String name = test.getDisplayName();
        TestIdentifier named = test;
        // a dynamic test has no method of its own: its factory's is the one to name
        while (!(named.getSource().orElse(null) instanceof MethodSource) && plan != null) {
            Optional<TestIdentifier> parent = plan.getParent(named);
            if (parent.isEmpty()) {
                break;
            }
            named = parent.get();
        }
        if (named.getSource().orElse(null) instanceof MethodSource source) {
            String type = source.getClassName().substring(source.getClassName().lastIndexOf('.') + 1);
            String method = source.getMethodName();
            return type + "." + method + (name.startsWith(method) ? "" : " [" + name + "]");
        }
        return name;
    }
}
