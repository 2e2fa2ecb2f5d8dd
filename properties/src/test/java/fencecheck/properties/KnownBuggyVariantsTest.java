package fencecheck.properties;

import fencecheck.api.LeaseProtocol;
import fencecheck.check.Invariant;
import fencecheck.check.Violation;
import fencecheck.protocol.FaultVariants;
import fencecheck.protocol.Implementations;
import fencecheck.protocol.JobVariants;
import fencecheck.run.TryResult;
import fencecheck.trace.TraceFiles;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;

import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;
import static org.junit.platform.testkit.engine.EventConditions.finishedSuccessfully;

/**
 * Runs the main property against every known-buggy variant and requires it to
 * fail with its gravest finding shrunk to at most {@value #MAX_SHRUNK_STEPS} steps,
 * every other finding to at most {@value #MAX_SHRUNK_SIDE_FINDING_STEPS}, each
 * listed in the failure, safety first, each saved as its shrunk trace, the
 * fault properties against every variant only faults reveal (at most
 * {@value #MAX_SHRUNK_FAULT_STEPS} steps), and the main property against the
 * reference, which must pass.
 */
class KnownBuggyVariantsTest {

    static final int MAX_SHRUNK_STEPS = 10;
    static final int MAX_SHRUNK_FAULT_STEPS = 10;
    /**
     * A variant's side findings, met in a few of the 300 tries, can start from a long trace and stop at a local
     * minimum a step or two above the bound of its gravest finding (unbound-business-rows once: an outbox answer met
     * in 2 tries from 56 steps stopped at 11); the bound of the gravest finding is what says the variant is caught.
     */
    static final int MAX_SHRUNK_SIDE_FINDING_STEPS = 16;
    /** The job variants that hold too few locks: caught by the stale commit they let through. */
    private static final Set<String> LOCKS_TOO_LITTLE = Set.of(JobVariants.CHECK_THEN_WRITE,
            JobVariants.FENCE_READ_WITHOUT_LOCK);

    @TestFactory
    Stream<DynamicTest> everyKnownBuggyVariantIsCaught() {
        return Implementations.variants().stream()
                .map(variant -> DynamicTest.dynamicTest(variant.name(),
                        () -> assertCaught(variant, LeaseProtocolProperties.class, "databaseAgreesWithModel", MAX_SHRUNK_STEPS)));
    }

    /** The variants only faults reveal, each against the fault property that injects what it gets wrong. */
    @TestFactory
    Stream<DynamicTest> everyFaultVariantIsCaughtByTheFaultProperties() {
        return Implementations.faultVariants().stream()
                .map(variant -> DynamicTest.dynamicTest(variant.name(), () -> assertCaught(variant, FaultProperties.class,
                        variant.name().equals(FaultVariants.ASYNC_COMMIT) ? "databaseCrashes" : "networkFaultsAndRestarts",
                        MAX_SHRUNK_FAULT_STEPS)));
    }

    /** The variants of the job transaction, the outbox and the consumer, against the interleaved-transactions property. */
    @TestFactory
    Stream<DynamicTest> everyJobVariantIsCaughtByTheInterleavedTransactions() {
        return Implementations.jobVariants().stream()
                .map(variant -> DynamicTest.dynamicTest(variant.name(), () -> assertCaught(variant, JobTransactionProperties.class,
                        "interleavedTransactionsAgreeWithModel", MAX_SHRUNK_FAULT_STEPS)));
    }

    /** The variants lost answers, retries and coordinator restarts reveal are caught in job traces too: the faults compose. */
    @TestFactory
    Stream<DynamicTest> everyNetworkFaultVariantIsCaughtInJobTracesToo() {
        return Implementations.faultVariants().stream().filter(v -> !v.name().equals(FaultVariants.ASYNC_COMMIT))
                .map(variant -> DynamicTest.dynamicTest(variant.name(), () -> assertCaught(variant, JobTransactionProperties.class,
                        "jobsUnderNetworkFaults", MAX_SHRUNK_FAULT_STEPS)));
    }

    /** Asynchronous commit loses acknowledged jobs in a crash too: the crash composes with job transactions. */
    @Test
    void asyncCommitIsCaughtByACrashAmidJobs() {
        assertCaught(Implementations.select(FaultVariants.ASYNC_COMMIT), JobTransactionProperties.class,
                "openJobsVanishInADatabaseCrash", MAX_SHRUNK_FAULT_STEPS);
    }

    @Test
    void theReferencePassesTheInterleavedTransactions() {
        runPropertyAgainst(Implementations.select("reference"), JobTransactionProperties.class, "interleavedTransactionsAgreeWithModel")
                .testEvents().assertThatEvents().haveExactly(1, finishedSuccessfully());
    }

    /**
     * Searches of the property's tries, each from a fresh seed, before a variant counts as not caught. The rarest
     * finding, retry-with-new-result-id in job traces under network faults, came first at tries 4, 7, 16, 38, 56 and
     * 64 of six seeds: one search of 100 tries misses it about once in 17, three about once in 5,000.
     */
    private static final int SEARCHES = 3;

    private static void assertCaught(LeaseProtocol variant, Class<?> propertyClass, String property, int maxSteps) {
        Throwable failure = null;
        for (int search = 0; search < SEARCHES && failure == null; search++) {
            List<Event> finished = runPropertyAgainst(variant, propertyClass, property).testEvents().finished().list();
            assertThat(finished).as("the property ran once").hasSize(1);
            failure = finished.get(0).getPayload(TestExecutionResult.class).flatMap(TestExecutionResult::getThrowable).orElse(null);
        }
        if (failure == null) {
            throw new AssertionError(variant.name() + " was NOT caught: the property passed " + SEARCHES + " searches from fresh seeds");
        }
        List<PropertyFindings.Saved> findings = PropertyFindings.saved();
        assertThat(findings).as("%s failed through an error, not a trace: %s", variant.name(), failure).isNotEmpty();
        for (PropertyFindings.Saved saved : findings) {
            boolean gravest = saved == findings.getFirst();
            TryResult shrunk = saved.finding().shrunk();
            // lines are wrapped at the console's width: compared with every run of white space made one space
            assertThat(FindingsFailure.textOf(failure).replaceAll("\\s+", " ")).as("the failure lists every finding")
                    .contains(saved.finding().kind().toString().replaceAll("\\s+", " "))
                    .contains(WhoDidWhat.of(shrunk).replaceAll("\\s+", " "));
            assertThat(TraceFiles.read(saved.trace())).as("the saved trace is the shrunk one").isEqualTo(shrunk.trace());
            // nothing printed: a caught variant's verdict and trace are in the result file and the report
            assertThat(shrunk.steps()).as("shrunk trace of %s (%s, in %d tries):%n%s", variant.name(), saved.finding().kind(),
                    saved.finding().tries(), FindingsFailure.textOf(failure))
                    .isLessThanOrEqualTo(gravest ? maxSteps : Math.max(maxSteps, MAX_SHRUNK_SIDE_FINDING_STEPS));
        }
        assertThat(findings).extracting(f -> f.finding().severity()).as("safety first").isSorted();
        if (LOCKS_TOO_LITTLE.contains(variant.name())) {
            assertThat(findings).as("%s is judged by what it let happen, not by a wait it skipped", variant.name())
                    .noneMatch(f -> f.finding().kind().broken().contains("Waiting"))
                    .anySatisfy(f -> {
                        assertThat(f.finding().shrunk().divergent()).isNull();
                        assertThat(f.finding().shrunk().violations()).extracting(Violation::invariant).contains(Invariant.NO_STALE_ACCEPTANCE);
                    });
        }
    }

    @Test
    void aPinnedSeedReproducesTheSameShrunkFindings() {
        LeaseProtocol variant = Implementations.select("sink-accepts-equal-token");
        System.setProperty(Seeds.PROPERTY, "4242");
        try {
            List<TryResult> first = shrunkFindingsOf(variant);
            List<TryResult> again = shrunkFindingsOf(variant);
            assertThat(again).extracting(TryResult::trace).isEqualTo(first.stream().map(TryResult::trace).toList());
            assertThat(again).extracting(r -> r.history().stream().map(h -> h.observed()).toList())
                    .isEqualTo(first.stream().map(r -> r.history().stream().map(h -> h.observed()).toList()).toList());
        } finally {
            System.clearProperty(Seeds.PROPERTY);
        }
    }

    private static List<TryResult> shrunkFindingsOf(LeaseProtocol variant) {
        Throwable failure = runPropertyAgainst(variant).testEvents().finished().list().get(0)
                .getPayload(TestExecutionResult.class)
                .flatMap(TestExecutionResult::getThrowable)
                .orElseThrow(() -> new AssertionError(variant.name() + " was not caught"));
        assertThat(FindingsFailure.textOf(failure)).contains("seed: " + System.getProperty(Seeds.PROPERTY) + "\n");
        List<TryResult> shrunk = PropertyFindings.saved().stream().map(f -> f.finding().shrunk()).toList();
        assertThat(shrunk).as("%s failed through an error, not a trace: %s", variant.name(), failure).isNotEmpty();
        return shrunk;
    }

    @Test
    void theReferencePasses() {
        runPropertyAgainst(Implementations.select("reference")).testEvents()
                .assertThatEvents().haveExactly(1, finishedSuccessfully());
    }

    private static EngineExecutionResults runPropertyAgainst(LeaseProtocol implementation) {
        return runPropertyAgainst(implementation, LeaseProtocolProperties.class, "databaseAgreesWithModel");
    }

    private static EngineExecutionResults runPropertyAgainst(LeaseProtocol implementation, Class<?> propertyClass, String property) {
        String previous = System.getProperty("fencecheck.implementation");
        System.setProperty("fencecheck.implementation", implementation.name());
        try {
            return EngineTestKit.engine("jqwik")
                    .configurationParameters(VariantSearchSettings.configuration())
                    .selectors(selectMethod(propertyClass, property, List.class.getName()))
                    .execute();
        } finally {
            if (previous == null) {
                System.clearProperty("fencecheck.implementation");
            } else {
                System.setProperty("fencecheck.implementation", previous);
            }
        }
    }
}
