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
import net.jqwik.api.statistics.Statistics;

import java.util.List;

/**
 * The heart of fencecheck: over generated interleavings of workers, the clock
 * and the nemesis, the database implementation answers exactly as the model
 * and breaks no invariant.
 */
class LeaseProtocolProperties {

    /** Each situation must occur in at least this share of tries, or the generator has gone blind. */
    static final double COVERAGE_FLOOR_PERCENT = 5.0;

    @Property
    void databaseAgreesWithModel(@ForAll("interleavings") List<Step> steps) {
        LeaseProtocol protocol = Harnesses.implementationUnderTest();
        TryResult result = Harnesses.runnerFor(protocol).run(Trace.of(protocol.name(), steps));
        SituationCounts.record(result.situations(), COVERAGE_FLOOR_PERCENT);
        for (Situation situation : Situation.values()) {
            Statistics.label(situation.label()).collect(result.situations().contains(situation));
            Statistics.label(situation.label()).coverage(c -> c.check(true).percentage(p -> p >= COVERAGE_FLOOR_PERCENT));
        }
        if (!result.verdict().passed()) {
            throw new TraceFailure(result);
        }
    }

    @Provide
    Arbitrary<List<Step>> interleavings() {
        return Traces.interleavings();
    }
}
