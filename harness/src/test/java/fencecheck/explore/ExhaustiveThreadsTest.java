package fencecheck.explore;

import fencecheck.api.LeaseProtocol;
import fencecheck.db.Databases;
import fencecheck.protocol.FaultVariants;
import fencecheck.protocol.Implementations;
import fencecheck.protocol.Variants;
import fencecheck.run.TraceRunner;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Exploring a depth on several databases at once gives what one thread gives: the same states per depth, the same
 * findings, and of equally short failing traces the same one.
 */
class ExhaustiveThreadsTest {

    private static final Duration BUDGET = Duration.ofMinutes(5);

    /** A depth's figures but its time. */
    private record Figures(int depth, int candidates, int tries, int newStates, int frontier) {
        static List<Figures> of(ExhaustiveResult result) {
            return result.depths().stream().map(d -> new Figures(d.depth(), d.candidates(), d.tries(), d.newStates(), d.frontier())).toList();
        }
    }

    private static ExhaustiveResult explore(LeaseProtocol protocol, ExhaustiveScope scope, int threads) {
        try (TraceRunner runner = new TraceRunner(Databases.shared(), protocol)) {
            ExhaustiveRun run = new ExhaustiveRun(runner, scope, null, threads);
            ExhaustiveResult result = run.run();
            assertThat(run.threadsUsed()).isEqualTo(threads);
            return result;
        }
    }

    private static void assertSame(ExhaustiveResult one, ExhaustiveResult two) {
        assertThat(Figures.of(two)).isEqualTo(Figures.of(one));
        assertThat(two.states()).isEqualTo(one.states());
        assertThat(two.completeDepth()).isEqualTo(one.completeDepth());
        assertThat(two.cut()).isEqualTo(one.cut());
        assertThat(two.findings().stream().map(f -> f.kinds()).toList()).isEqualTo(one.findings().stream().map(f -> f.kinds()).toList());
        assertThat(two.findings().stream().map(f -> f.result().trace()).toList())
                .as("the same trace of each kind, the first in candidate order")
                .isEqualTo(one.findings().stream().map(f -> f.result().trace()).toList());
    }

    @Test
    void theReferenceToDepthThreeOnOneAndTwoThreads() {
        ExhaustiveScope scope = ExhaustiveScope.of(3, BUDGET);
        ExhaustiveResult one = explore(Implementations.select("reference"), scope, 1);
        ExhaustiveResult two = explore(Implementations.select("reference"), scope, 2);
        assertThat(one.passed()).as(one.verdict()).isTrue();
        assertSame(one, two);
    }

    @Test
    void aVariantsFindingsOnOneAndTwoThreads() {
        ExhaustiveScope scope = ExhaustiveScope.of(3, BUDGET);
        ExhaustiveResult one = explore(Variants.sinkTrustsToken(), scope, 1);
        ExhaustiveResult two = explore(Variants.sinkTrustsToken(), scope, 2);
        assertThat(one.passed()).isFalse();
        assertThat(one.findings()).allMatch(f -> f.result().steps() == 2);
        assertSame(one, two);
    }

    @Test
    void aJavaImplementationIsExploredOnOneThreadAndSaysWhy() {
        LeaseProtocol java = FaultVariants.inMemoryTokenCounter();
        try (TraceRunner runner = new TraceRunner(Databases.shared(), java)) {
            assertThat(Tries.whyOneThread(runner)).hasValueSatisfying(why -> assertThat(why).contains("Java implementation"));
            ExhaustiveRun run = new ExhaustiveRun(runner, ExhaustiveScope.of(1, BUDGET), null, 2);
            assertThat(run.run().passed()).isTrue();
            assertThat(run.threadsUsed()).isEqualTo(1);
        }
    }

    @Test
    void aBadNumberOfThreadsIsRefusedInOneLine() {
        String before = System.getProperty(Tries.THREADS_PROPERTY);
        try {
            System.setProperty(Tries.THREADS_PROPERTY, "none");
            assertThatThrownBy(Tries::configuredThreads).hasMessage("-Dfencecheck.exhaustive.threads=none is not a number of threads"
                    + " from 1 to 64; give how many databases to explore on at once (one per core by default)");
            System.setProperty(Tries.THREADS_PROPERTY, "3");
            assertThat(Tries.configuredThreads()).isEqualTo(3);
        } finally {
            if (before == null) {
                System.clearProperty(Tries.THREADS_PROPERTY);
            } else {
                System.setProperty(Tries.THREADS_PROPERTY, before);
            }
        }
    }
}
