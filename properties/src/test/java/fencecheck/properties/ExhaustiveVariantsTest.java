package fencecheck.properties;

import fencecheck.api.Check;
import fencecheck.api.LeaseProtocol;
import fencecheck.db.Databases;
import fencecheck.explore.ExhaustiveResult;
import fencecheck.explore.ExhaustiveRun;
import fencecheck.explore.ExhaustiveScope;
import fencecheck.protocol.FaultVariants;
import fencecheck.protocol.Implementations;
import fencecheck.protocol.Variants;
import fencecheck.run.TraceRunner;
import fencecheck.run.TryResult;
import fencecheck.trace.Trace;
import fencecheck.trace.TraceFiles;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;

/**
 * Exhaustive mode's proof: every built-in known-buggy lease variant whose bug lies within the default alphabet fails
 * the exhaustive property at the depth of its shortest counterexample, with a trace no longer than random mode
 * shrinks to ({@link KnownBuggyVariantsTest#MAX_SHRUNK_STEPS}); the correct alternatives pass at the default depth
 * (the reference does in the module's run of {@link ExhaustiveProperties}). Each variant runs to its own depth only.
 */
class ExhaustiveVariantsTest {

    /** Each variant the default scope (2 workers, 1 key) catches, with the depth of its shortest failing trace. */
    static final Map<String, Integer> FOUND_AT = foundAt();

    /**
     * Variants whose bug lies outside the default scope: a token counter in the coordinator's memory needs a
     * coordinator restart, asynchronous commit a database crash, a retry with a new result id a retried write; none
     * is a letter of the alphabet. Two keys sharing one fence need a second key (found at depth 5 with two keys, see
     * {@link #aSharedFenceIsFoundWithTwoKeys}).
     */
    static final Set<String> OUTSIDE_THE_DEFAULT_SCOPE = Set.of(FaultVariants.IN_MEMORY_TOKEN_COUNTER, FaultVariants.ASYNC_COMMIT,
            FaultVariants.RETRY_WITH_NEW_RESULT_ID, Variants.SHARED_FENCE);

    private static Map<String, Integer> foundAt() {
        Map<String, Integer> m = new LinkedHashMap<>();
        m.put(Variants.RELEASE_DELETES_ROW, 2);
        m.put(Variants.SINK_TRUSTS_TOKEN, 2);
        m.put(FaultVariants.ACQUIRE_NOT_IDEMPOTENT, 2);
        m.put(Variants.ZERO_ROWS_IS_SUCCESS, 2);
        m.put(Variants.RENEW_REVIVES_EXPIRED, 3);
        m.put(Variants.ACQUIRE_KEEPS_TOKEN, 3);
        m.put(Variants.SINK_IGNORES_TOKEN, 3);
        m.put(Variants.SINK_ACCEPTS_EQUAL_TOKEN, 3);
        m.put(Variants.BOUNDARY_OVERLAP, 3);
        m.put(Variants.STABLE_OWNER, 3);
        m.put(Variants.RENEW_IGNORES_TOKEN, 4);
        return m;
    }

    @Test
    void everyLeaseVariantIsFoundOrSaidToLieOutsideTheScope() {
        List<String> variants = new ArrayList<>(Variants.names());
        variants.addAll(FaultVariants.names());
        for (String name : variants) {
            assertThat(FOUND_AT.containsKey(name) || OUTSIDE_THE_DEFAULT_SCOPE.contains(name))
                    .as("%s: add it to FOUND_AT with its depth, or to OUTSIDE_THE_DEFAULT_SCOPE saying why", name).isTrue();
        }
        assertThat(FOUND_AT.values()).allMatch(depth -> depth <= ExhaustiveChecks.DEFAULT_DEPTH);
        // the result file calls each a known bug caught
        FOUND_AT.keySet().forEach(name -> assertThat(KnownBugChecks.declares(Check.EXHAUSTIVE, name)).as(name).isTrue());
        OUTSIDE_THE_DEFAULT_SCOPE.forEach(name -> assertThat(KnownBugChecks.declares(Check.EXHAUSTIVE, name)).as(name).isFalse());
    }

    @TestFactory
    Stream<DynamicTest> everyVariantInTheScopeIsFoundAtItsDepth() {
        return FOUND_AT.entrySet().stream().map(e -> DynamicTest.dynamicTest(e.getKey() + " at depth " + e.getValue(),
                () -> assertFoundAt(e.getKey(), e.getValue())));
    }

    @TestFactory
    Stream<DynamicTest> theCorrectAlternativesPassAtTheDefaultDepth() {
        return Implementations.correctAlternatives().stream().map(implementation -> DynamicTest.dynamicTest(implementation.name(), () -> {
            TestExecutionResult result = runProperty(implementation.name(), null);
            assertThat(result.getStatus()).as("%s: %s", implementation.name(), result.getThrowable().map(FindingsFailure::textOf).orElse(""))
                    .isEqualTo(TestExecutionResult.Status.SUCCESSFUL);
        }));
    }

    /** Outside the default scope and some 30 s: only with the sweep of the variants ({@code -Dfencecheck.exhaustive.sweep=5}). */
    @Test
    @EnabledIfSystemProperty(named = "fencecheck.exhaustive.sweep", matches = "[0-9]+")
    void aSharedFenceIsFoundWithTwoKeys() {
        LeaseProtocol variant = Implementations.select(Variants.SHARED_FENCE);
        ExhaustiveScope scope = new ExhaustiveScope(2, 2, 5, ExhaustiveScope.DEFAULT_ACTIONS, Trace.DEFAULT_LEASE_TTL,
                Duration.ofMinutes(5));
        try (TraceRunner runner = new TraceRunner(Databases.shared(), variant)) {
            ExhaustiveResult result = new ExhaustiveRun(runner, scope, null).run();
            assertThat(result.findings()).as(result.verdict()).isNotEmpty();
            assertThat(result.findings()).allSatisfy(f -> assertThat(f.result().steps()).isEqualTo(5));
        }
    }

    @Test
    void aDepthTooDeepForTheBudgetIsRefusedInOneLine() {
        System.setProperty(ExhaustiveChecks.SECONDS, "1");
        try {
            TestExecutionResult result = runProperty("reference", 9);
            assertThat(result.getStatus()).isEqualTo(TestExecutionResult.Status.FAILED);
            // one sentence, wrapped at the console's width as every setting error is; no state was run
            String message = result.getThrowable().map(FindingsFailure::textOf).orElseThrow().replaceAll("\\s+", " ");
            assertThat(message).contains("reference: an exhaustive depth of 9 over").contains("lower the depth")
                    .doesNotContain("exhaustive: ");
            assertThat(PropertyFindings.saved()).isEmpty();
        } finally {
            System.clearProperty(ExhaustiveChecks.SECONDS);
        }
    }

    private static void assertFoundAt(String variant, int depth) {
        TestExecutionResult result = runProperty(variant, depth);
        assertThat(result.getStatus()).as("%s was not found at depth %d", variant, depth).isEqualTo(TestExecutionResult.Status.FAILED);
        String message = result.getThrowable().map(FindingsFailure::textOf).orElseThrow();
        List<PropertyFindings.Saved> findings = PropertyFindings.saved();
        assertThat(findings).as("%s failed through an error, not a trace: %s", variant, message).isNotEmpty();
        assertThat(message).contains("exhaustive: depth " + depth + " complete");
        for (PropertyFindings.Saved saved : findings) {
            TryResult trace = saved.finding().shrunk();
            // breadth first: every finding is at the depth of the first, every shorter schedule passed
            assertThat(trace.steps()).as("%s: %s", variant, message).isEqualTo(depth)
                    .isLessThanOrEqualTo(KnownBuggyVariantsTest.MAX_SHRUNK_STEPS);
            assertThat(TraceFiles.read(saved.trace())).isEqualTo(trace.trace());
            assertThat(message.replaceAll("\\s+", " ")).contains(saved.finding().kind().toString().replaceAll("\\s+", " "))
                    .contains("replay the trace: ");
        }
        assertThat(findings).extracting(f -> f.finding().severity()).as("safety first").isSorted();
    }

    /** Runs the exhaustive property against {@code implementation} at {@code depth} (null: the default). */
    private static TestExecutionResult runProperty(String implementation, Integer depth) {
        System.setProperty(Implementations.PROPERTY, implementation);
        if (depth != null) {
            System.setProperty(ExhaustiveChecks.DEPTH, depth.toString());
        }
        try {
            List<Event> finished = EngineTestKit.engine("jqwik")
                    .configurationParameters(VariantSearchSettings.configuration())
                    .selectors(selectMethod(ExhaustiveProperties.class, "everyScheduleUpToADepth"))
                    .execute().testEvents().finished().list();
            assertThat(finished).as("the property ran once").hasSize(1);
            return finished.getFirst().getPayload(TestExecutionResult.class).orElseThrow();
        } finally {
            System.clearProperty(Implementations.PROPERTY);
            System.clearProperty(ExhaustiveChecks.DEPTH);
        }
    }
}
