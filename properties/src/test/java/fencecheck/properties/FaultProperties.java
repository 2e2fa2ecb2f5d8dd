package fencecheck.properties;

import fencecheck.protocol.LeaseProtocol;
import fencecheck.run.FaultTimings;
import fencecheck.run.Situation;
import fencecheck.trace.Step;
import fencecheck.trace.Trace;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;

import java.util.List;

/**
 * Faults from outside: every worker session goes through its own Toxiproxy
 * proxy, which loses requests and answers, holds statements past a takeover
 * and resets connections; workers crash mid-transaction; the coordinator and
 * the database restart. The database must still answer exactly as the model.
 * Faults cost real time (a lost answer is a client timeout, a database crash
 * a server restart), so these properties take fewer tries.
 */
class FaultProperties {

    @Property(tries = 80)
    @ThroughFaultProxies
    @Covers(Situation.Group.LEASE_FAULTS)
    void networkFaultsAndRestarts(@ForAll("networkFaults") List<Step> steps) {
        LeaseProtocol protocol = Harnesses.implementationUnderTest();
        Coverage.judge(Harnesses.runnerFor(protocol, true).run(Trace.of(protocol.name(), steps)), Situation.Group.LEASE_FAULTS);
    }

    @Property(tries = 12)
    @Covers(Situation.Group.LEASE_CRASH)
    void databaseCrashes(@ForAll("oneDatabaseCrash") List<Step> steps) {
        LeaseProtocol protocol = Harnesses.implementationUnderTest();
        Coverage.judge(Harnesses.runnerFor(protocol).run(Trace.of(protocol.name(), steps)), Situation.Group.LEASE_CRASH);
    }

    /** How long a database restart takes here: printed, not asserted. */
    @AfterContainer
    static void reportRestartTimes() {
        if (Configuration.problem().isPresent()) {
            return;
        }
        FaultTimings timings = Harnesses.runnerFor(Harnesses.implementationUnderTest()).faultTimings();
        if (timings.databaseRestarts() > 0) {
            System.out.printf("fencecheck: %d database crash-and-restarts, %.0f ms each on average, %.0f ms the slowest%n",
                    timings.databaseRestarts(), timings.meanRestartMillis(), timings.slowestRestartMillis());
        }
    }

    @Provide
    Arbitrary<List<Step>> networkFaults() {
        return FaultTraces.withNetworkFaults();
    }

    @Provide
    Arbitrary<List<Step>> oneDatabaseCrash() {
        return FaultTraces.withOneDatabaseCrash();
    }
}
