package fencecheck.properties;

import fencecheck.protocol.LeaseProtocol;
import fencecheck.run.Situation;
import fencecheck.run.TryResult;
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
    void databaseAgreesWithModel(@ForAll("interleavings") List<Step> steps) {
        LeaseProtocol protocol = Harnesses.implementationUnderTest();
        TryResult result = Harnesses.runnerFor(protocol).run(Trace.of(protocol.name(), steps));
        Coverage.collect(result, Situation.Group.INTERLEAVINGS);
        if (!result.verdict().passed()) {
            throw new TraceFailure(result);
        }
    }

    @Provide
    Arbitrary<List<Step>> interleavings() {
        return Traces.interleavings();
    }
}
