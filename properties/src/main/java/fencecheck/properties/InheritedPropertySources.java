package fencecheck.properties;

import fencecheck.api.FencecheckSuite;
import org.junit.platform.engine.FilterResult;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.TestSource;
import org.junit.platform.engine.support.descriptor.AbstractTestDescriptor;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.LauncherDiscoveryListener;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.PostDiscoveryFilter;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Optional;

/**
 * Lets a test filter pick a property by the class a project wrote: {@code -Dtest=MyLeasesTest#databaseAgreesWithModel}
 * runs that property of {@code MyLeasesTest}, a {@link FencecheckSuite} that inherits it.
 *
 * <p><b>Why.</b> jqwik (1.9.3) gives each property the source {@code MethodSource.from(method)}, which names the class
 * that declares the method: {@link FencecheckSuite} for every property a project's class inherits. Surefire's filter
 * for {@code -Dtest=Class#method} (a post-discovery filter of the launch) compares {@code Class} with that name only, so
 * the project's own class name selected nothing (and with {@code -Dsurefire.failIfNoSpecifiedTests=false}, as in the
 * command a failure prints, the build passed without running it). JUnit Jupiter names the class a
 * test was found in ({@code MethodSource.from(testClass, method)}); this gives jqwik's inherited properties of a
 * {@link FencecheckSuite} that source too.
 *
 * <p><b>How, and why so.</b> The JUnit Platform has no supported way to change the source of another engine's test:
 * discovery and session listeners never see a test descriptor, a launcher interceptor sees no arguments, and a
 * post-discovery filter can only exclude (filters are and-ed: none can bring back what surefire's excludes). A
 * subclass of jqwik's descriptor with its own {@code getSource()} is not run (jqwik's executor picks a task by the
 * descriptor's exact class), and a test engine of fencecheck's in front of jqwik's would have to mirror every
 * descriptor, hide jqwik's own copies, keep a failure database of its own and translate unique ids. So, as narrowly as
 * it can: this filter, registered with the launcher as a service, never excludes anything; when the launcher shows it
 * a container whose class extends {@link FencecheckSuite}, it sets the source of each of the container's tests whose
 * method that class inherits to {@code MethodSource.from(container, method)}, by writing the descriptor's
 * {@code source} field. The launcher visits a container before its children and judges each child with every filter
 * after that, so surefire's filter sees the new source whatever order the filters come in. Unique ids, display names
 * and everything jqwik reads stay as they were: only what a filter, a listener or a report reads as the source moves.
 *
 * <p>It acts only in a launch whose request brings post-discovery filters of its own (surefire adds one for a
 * {@code -Dtest} that names a method, or for groups), heard of as a {@link LauncherDiscoveryListener}: without one
 * nothing judges sources, and a JDK that warns of reflective writes to final fields (from JDK 26) stays quiet.
 * When the field cannot be written (another JUnit Platform, a JDK that refuses), the sources stay jqwik's and one line
 * says how to select an inherited property instead. {@code InheritedPropertySourcesTest} fails when this stops
 * working with the JUnit Platform and jqwik this build uses.
 */
public class InheritedPropertySources implements PostDiscoveryFilter, LauncherDiscoveryListener {

    /**
     * Per thread, one entry per launch under way (a suite engine may discover inside a launch): whether its request
     * brings filters of its own. The launcher creates one instance of this class per service it is registered as,
     * so the two share this.
     */
    private static final ThreadLocal<Deque<Boolean>> FILTERED_LAUNCHES = ThreadLocal.withInitial(ArrayDeque::new);

    private static volatile boolean told;

    @Override
    public void launcherDiscoveryStarted(LauncherDiscoveryRequest request) {
        FILTERED_LAUNCHES.get().push(!request.getPostDiscoveryFilters().isEmpty());
    }

    @Override
    public void launcherDiscoveryFinished(LauncherDiscoveryRequest request) {
        FILTERED_LAUNCHES.get().poll();
    }

    @Override
    public FilterResult apply(TestDescriptor descriptor) {
        if (Boolean.TRUE.equals(FILTERED_LAUNCHES.get().peek())) {
            suiteOf(descriptor).ifPresent(suite -> descriptor.getChildren().forEach(child -> nameSuite(child, suite)));
        }
        return FilterResult.included("fencecheck names the suite's own class as the source of the properties it inherits");
    }

    /** The class of {@code descriptor} when it is a container of a class that extends {@link FencecheckSuite}. */
    private static Optional<Class<?>> suiteOf(TestDescriptor descriptor) {
        if (descriptor.isContainer() && descriptor.getSource().orElse(null) instanceof ClassSource source) {
            Class<?> type;
            try {
                type = source.getJavaClass();
            } catch (RuntimeException e) {
                return Optional.empty();
            }
            if (FencecheckSuite.class.isAssignableFrom(type) && type != FencecheckSuite.class) {
                return Optional.of(type);
            }
        }
        return Optional.empty();
    }

    /** Sets the source of {@code test} to its method as {@code suite}'s, when {@code suite} inherits that method. */
    private static void nameSuite(TestDescriptor test, Class<?> suite) {
        if (!(test.getSource().orElse(null) instanceof MethodSource source) || source.getClassName().equals(suite.getName())
                || !(test instanceof AbstractTestDescriptor)) {
            return;
        }
        MethodSource own;
        try {
            if (!source.getJavaClass().isAssignableFrom(suite)) {
                return;
            }
            own = MethodSource.from(suite, source.getJavaMethod());
        } catch (RuntimeException e) {
            return;
        }
        if (SourceField.FIELD == null) {
            tellOnce(suite, source.getMethodName(), SourceField.PROBLEM);
            return;
        }
        try {
            SourceField.FIELD.set(test, own);
        } catch (IllegalAccessException | RuntimeException e) {
            tellOnce(suite, source.getMethodName(), e);
        }
    }

    private static void tellOnce(Class<?> suite, String method, Throwable why) {
        if (told) {
            return;
        }
        told = true;
        String name = suite.getSimpleName();
        System.out.println("fencecheck: cannot name " + name + " as the class of the properties it inherits from "
                + FencecheckSuite.class.getSimpleName() + " (" + why + "), so -Dtest=" + name + "#" + method
                + " selects none of them here; select one with -Dtest='" + name + "," + FencecheckSuite.class.getSimpleName()
                + "#" + method + "' instead");
    }

    /** {@code AbstractTestDescriptor.source}, made writable on first use; or why it cannot be. */
    private static final class SourceField {

        static final Field FIELD;
        static final RuntimeException PROBLEM;

        static {
            Field field = null;
            RuntimeException problem = null;
            try {
                Field found = AbstractTestDescriptor.class.getDeclaredField("source");
                if (found.getType() != TestSource.class || Modifier.isStatic(found.getModifiers())) {
                    throw new IllegalStateException("AbstractTestDescriptor.source is not an instance field of type TestSource");
                }
                found.setAccessible(true);
                field = found;
            } catch (NoSuchFieldException e) {
                problem = new IllegalStateException("AbstractTestDescriptor has no field source", e);
            } catch (RuntimeException e) {
                problem = e;
            }
            FIELD = field;
            PROBLEM = problem;
        }
    }
}
