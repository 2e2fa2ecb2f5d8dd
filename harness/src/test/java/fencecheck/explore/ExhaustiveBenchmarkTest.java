package fencecheck.explore;

import fencecheck.db.Databases;
import fencecheck.protocol.Implementations;
import fencecheck.run.TraceRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Figures of exhaustive mode on the reference: states, tries and seconds per depth. Runs only when asked:
 * {@code -Dfencecheck.exhaustive.benchmark=DEPTH}.
 */
@EnabledIfSystemProperty(named = "fencecheck.exhaustive.benchmark", matches = "[0-9]+")
class ExhaustiveBenchmarkTest {

    @Test
    void theReferenceDepthByDepth() {
        int depth = Integer.getInteger("fencecheck.exhaustive.benchmark");
        try (TraceRunner runner = new TraceRunner(Databases.shared(), Implementations.select("reference"))) {
            ExhaustiveResult result = new ExhaustiveRun(runner, ExhaustiveScope.of(depth, Duration.ofMinutes(30)), null).run();
            System.out.print(result.verdict() + "\n" + result.figures());
            System.out.printf("%,.0f tries/s, %,.0f states/s over the run%n", result.tries() / (result.nanos() / 1e9),
                    result.states() / (result.nanos() / 1e9));
            assertThat(result.passed()).as(result.verdict()).isTrue();
        }
    }
}
