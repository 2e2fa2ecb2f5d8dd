package fencecheck.properties;

import fencecheck.api.Check;
import fencecheck.api.Conformance;
import fencecheck.api.Fencecheck;
import fencecheck.api.LeaseProtocol;
import fencecheck.db.Database;
import fencecheck.db.Databases;
import fencecheck.db.ReplicatedDatabase;
import fencecheck.protocol.Implementations;
import fencecheck.run.FaultTimings;
import fencecheck.run.TraceRunner;
import net.jqwik.api.lifecycle.PropertyLifecycleContext;

import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Method;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** One runner per implementation, all on the JVM's one database, kept for the whole run. */
final class Harnesses {

    private static final Map<String, TraceRunner> RUNNERS = new ConcurrentHashMap<>();
    /** The conformance level a suite's {@link Fencecheck#conformance} claims, by implementation name. */
    private static final Map<String, Conformance> CLAIMED = new ConcurrentHashMap<>();

    /** {@code -Dfencecheck.conformance=strict|safety}: the level every implementation of the run is held to. */
    static final String CONFORMANCE_PROPERTY = "fencecheck.conformance";

    private Harnesses() {
    }

    /** The implementation named by {@code -Dfencecheck.implementation}, the reference by default. */
    static LeaseProtocol implementationUnderTest() {
        return Implementations.fromSystemProperty();
    }

    /** The implementation the properties of {@code container} check: see {@link #implementationName}. */
    static LeaseProtocol implementationUnderTest(Class<?> container) {
        LeaseProtocol protocol = Implementations.select(implementationName(container));
        Fencecheck named = container == null ? null : container.getAnnotation(Fencecheck.class);
        if (named != null && !named.conformance().isBlank()) {
            CLAIMED.put(protocol.name(), Conformance.parse(named.conformance(), "@Fencecheck of " + container.getSimpleName()));
        }
        return protocol;
    }

    /**
     * The level the implementation is held to: {@code -Dfencecheck.conformance}, else its suite's
     * {@link Fencecheck#conformance}, else what it claims itself ({@link LeaseProtocol#conformance}).
     */
    static Conformance conformanceOf(LeaseProtocol protocol) {
        String property = System.getProperty(CONFORMANCE_PROPERTY);
        if (property != null && !property.isBlank()) {
            return Conformance.parse(property, "-D" + CONFORMANCE_PROPERTY);
        }
        return CLAIMED.getOrDefault(protocol.name(), protocol.conformance());
    }

    /**
     * {@code -Dfencecheck.implementation} when set, else the {@link Fencecheck} annotation of {@code container}
     * (or of a class it extends) when it names one, else the reference.
     *
     * @throws IllegalArgumentException when the annotation names more than one implementation
     */
    static String implementationName(Class<?> container) {
        String property = System.getProperty(Implementations.PROPERTY);
        if (property != null && !property.isBlank()) {
            return property.strip();
        }
        Fencecheck named = container == null ? null : container.getAnnotation(Fencecheck.class);
        String name = named == null ? "" : SuiteImplementation.of(named, container);
        return name.isEmpty() ? "reference" : name;
    }

    static TraceRunner runnerFor(LeaseProtocol protocol) {
        return runnerFor(protocol, false);
    }

    /** @param throughFaultProxies whether worker sessions go through fault proxies (for traces with network faults) */
    static TraceRunner runnerFor(LeaseProtocol protocol, boolean throughFaultProxies) {
        Conformance level = conformanceOf(protocol);
        return RUNNERS.computeIfAbsent(protocol.name() + (throughFaultProxies ? " proxied" : "") + " " + level.word(),
                name -> new TraceRunner(Databases.shared(), protocol, throughFaultProxies, level));
    }

    /** The runner a property of {@code context} runs its tries on: the failover property's own, or the one its proxies ask for. */
    static TraceRunner runnerOf(LeaseProtocol protocol, PropertyLifecycleContext context) {
        boolean failover = context.findAnnotation(Covers.class).map(c -> c.value() == Check.FAILOVER).orElse(false);
        return failover ? failoverRunnerFor(protocol)
                : runnerFor(protocol, context.findAnnotation(ThroughFaultProxies.class).isPresent());
    }

    /**
     * The runner of the failover property: on the JVM's replicated pair when {@code -Dfencecheck.db=replicated} (then
     * the same database as {@link Databases#shared()}; fencecheck's own tests set it for the runs of this property
     * alone, in a JVM whose other properties run on the embedded server), else on the JVM's database.
     */
    static TraceRunner failoverRunnerFor(LeaseProtocol protocol) {
        Conformance level = conformanceOf(protocol);
        Database database = Databases.configuredKind().equals("replicated") ? ReplicatedDatabase.shared() : Databases.shared();
        return RUNNERS.computeIfAbsent(protocol.name() + " failover " + level.word() + " " + System.identityHashCode(database),
                name -> new TraceRunner(database, protocol, false, level));
    }

    /** Closes the failover property's runners on {@code database}, before it closes. */
    static void closeRunnersOn(Database database) {
        RUNNERS.entrySet().removeIf(e -> {
            if (e.getValue().database() == database) {
                e.getValue().close();
                return true;
            }
            return false;
        });
    }

    /** How long the database restarts of every runner took, in one line; empty when none restarted it. */
    static Optional<String> restartTimes() {
        long restarts = 0;
        double totalMillis = 0;
        double slowest = 0;
        for (TraceRunner runner : RUNNERS.values()) {
            FaultTimings t = runner.faultTimings();
            restarts += t.databaseRestarts();
            totalMillis += t.meanRestartMillis() * t.databaseRestarts();
            slowest = Math.max(slowest, t.slowestRestartMillis());
        }
        if (restarts == 0) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT,
                "fencecheck: %d database crash-and-restarts, %.0f ms each on average, %.0f ms the slowest", restarts,
                totalMillis / restarts, slowest));
    }

    /** Whether the property {@code method} of {@code container} (or of a class it extends) runs through fault proxies. */
    static boolean throughFaultProxies(Class<?> container, String method) {
        for (Class<?> c = container; c != null; c = c.getSuperclass()) {
            for (Method m : c.getDeclaredMethods()) {
                if (m.getName().equals(method)) {
                    return m.isAnnotationPresent(ThroughFaultProxies.class);
                }
            }
        }
        return false;
    }

    /** Whether {@code element} is one of fencecheck's properties (they declare what they {@link Covers}): the hooks leave a project's other properties alone. */
    static boolean isFencecheckProperty(Optional<AnnotatedElement> element) {
        return element.map(e -> e.isAnnotationPresent(Covers.class)).orElse(false);
    }
}
