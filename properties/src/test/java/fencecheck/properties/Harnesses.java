package fencecheck.properties;

import fencecheck.db.Databases;
import fencecheck.protocol.Implementations;
import fencecheck.protocol.LeaseProtocol;
import fencecheck.run.JobRunner;
import fencecheck.run.TraceRunner;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** One runner per implementation, all on the JVM's one database, kept for the whole run. */
final class Harnesses {

    private static final Map<String, TraceRunner> RUNNERS = new ConcurrentHashMap<>();
    private static final Map<String, JobRunner> JOB_RUNNERS = new ConcurrentHashMap<>();

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

    static JobRunner jobRunnerFor(LeaseProtocol protocol) {
        return jobRunnerFor(protocol, false);
    }

    /** @param throughFaultProxies whether worker sessions go through fault proxies (for job traces with network faults) */
    static JobRunner jobRunnerFor(LeaseProtocol protocol, boolean throughFaultProxies) {
        return JOB_RUNNERS.computeIfAbsent(protocol.name() + (throughFaultProxies ? " proxied" : ""),
                name -> new JobRunner(Databases.shared(), protocol, throughFaultProxies));
    }
}
