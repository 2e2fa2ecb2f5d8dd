package fencecheck.properties;

import fencecheck.api.Check;
import fencecheck.api.LeaseProtocol;
import fencecheck.explore.ExhaustiveResult;
import fencecheck.explore.ExhaustiveRun;
import fencecheck.explore.ExhaustiveScope;
import fencecheck.run.Situation;
import fencecheck.run.TryResult;
import fencecheck.trace.Step;
import fencecheck.trace.Trace;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import java.time.Duration;
import java.util.List;

/**
 * A small property for {@link ResultCollectorTest}, run only through the
 * engine test kit (its name does not end in Test, so the build does not run
 * it on its own). It reports situations the way the main property does.
 */
class CollectorSample {

    /** The floor the result file shows on the situations a property covers. */
    static final double FLOOR = Coverage.FLOOR_PERCENT;

    @Property(tries = 12, seed = "20261130")
    @Covers(Check.LEASES)
    void agreesWithModel(@ForAll("interleavings") List<Step> steps) {
        check(steps);
    }

    /** The same with enough tries to catch a known-buggy variant. */
    @Property(seed = "20261130")
    @Covers(Check.LEASES)
    void catchesTheVariant(@ForAll("interleavings") List<Step> steps) {
        check(steps);
    }

    /** A small exhaustive run, as the settings' shard. */
    @Property(tries = 1)
    @Covers(Check.LEASES)
    void exploresEveryInterleaving() {
        LeaseProtocol protocol = Harnesses.implementationUnderTest();
        ExhaustiveScope scope = ExhaustiveScope.of(2, Duration.ofMinutes(5)).withActions(List.of("acquire", "clock-to-end"));
        ExhaustiveResult result = ExhaustiveRuns.runAsConfigured(new ExhaustiveRun(Harnesses.runnerFor(protocol), scope, null));
        if (!result.passed()) {
            throw new AssertionError(result.verdict());
        }
    }

    private static void check(List<Step> steps) {
        LeaseProtocol protocol = Harnesses.implementationUnderTest();
        TryResult result = Harnesses.runnerFor(protocol).run(Trace.of(protocol.name(), steps));
        if (!result.passed()) {
            throw new AssertionError(result.verdict());
        }
    }

    @Provide
    Arbitrary<List<Step>> interleavings() {
        return Traces.interleavings();
    }
}
