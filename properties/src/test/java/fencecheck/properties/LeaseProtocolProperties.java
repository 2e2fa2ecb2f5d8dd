package fencecheck.properties;

import fencecheck.protocol.LeaseProtocol;
import fencecheck.run.Situation;
import fencecheck.trace.Step;
import fencecheck.trace.Trace;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import java.util.List;

/**
 * The heart of fencecheck: over generated interleavings of workers, the clock
 * and the nemesis, the database implementation answers exactly as the model
 * and breaks no invariant.
 */
class LeaseProtocolProperties {

    @Property
    @Covers(Situation.Group.LEASES)
    void databaseAgreesWithModel(@ForAll("interleavings") List<Step> steps) {
        LeaseProtocol protocol = Harnesses.implementationUnderTest();
        Coverage.judge(Harnesses.runnerFor(protocol).run(Trace.of(protocol.name(), steps)), Situation.Group.LEASES);
    }

    @Provide
    Arbitrary<List<Step>> interleavings() {
        return Traces.interleavings();
    }
}
