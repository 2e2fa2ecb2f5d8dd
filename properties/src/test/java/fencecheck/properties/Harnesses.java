package fencecheck.properties;

import fencecheck.db.Databases;
import fencecheck.protocol.Implementations;
import fencecheck.protocol.LeaseProtocol;
import fencecheck.run.TraceRunner;
import fencecheck.run.TraceRunner;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** One runner per implementation, all on the JVM's one database, kept for the whole run. */
final class Harnesses {

    private static final Map<String, TraceRunner> RUNNERS = new ConcurrentHashMap<>();

    private Harnesses() {
    }

    /** The implementation under test: {@code -Dfencecheck.implementation=NAME}, the reference by default. */
    static LeaseProtocol implementationUnderTest() {
        return Implementations.fromSystemProperty();
    }

    static TraceRunner runnerFor(LeaseProtocol protocol) {
        return runnerFor(protocol, false);
    }

    /** @param throughFaultProxies whether worker sessions go through fault proxies (for traces with network faults) */
    static TraceRunner runnerFor(LeaseProtocol protocol, boolean throughFaultProxies) {
        return RUNNERS.computeIfAbsent(protocol.name() + (throughFaultProxies ? " proxied" : ""),
                name -> new TraceRunner(Databases.shared(), protocol, throughFaultProxies));
    }

    /** Whether the property {@code method} of {@code container} (or of a class it extends) runs through fault proxies. */
    static boolean throughFaultProxies(Class<?> container, String method) {
        for (Class<?> c = container; c != null; c = c.getSuperclass()) {
            for (java.lang.reflect.Method m : c.getDeclaredMethods()) {
                if (m.getName().equals(method)) {
                    return m.isAnnotationPresent(ThroughFaultProxies.class);
                }
            }
        }
        return false;
    }
}
