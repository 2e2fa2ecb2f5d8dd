package fencecheck.properties;

import fencecheck.api.Check;
import fencecheck.explore.ShardFilter;
import fencecheck.protocol.Implementations;
import fencecheck.protocol.SqlLeaseProtocol;
import fencecheck.report.ExhaustiveFacts;
import fencecheck.report.ReportRenderer;
import fencecheck.report.ResultFiles;
import fencecheck.report.RunResult;
import fencecheck.run.OperationMetrics;
import fencecheck.run.Situation;
import fencecheck.shard.Shard;
import fencecheck.trace.TraceFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;

/** Runs {@link CollectorSample} through jqwik and reads the result file {@link ResultCollector} wrote for it. */
class ResultCollectorTest {

    @TempDir
    Path target;

    @Test
    void aShardOfAnExhaustiveRunIsRecordedWithItsShardDepthsAndStates() {
        RunResult run = withSettings(Map.of(Shard.PROPERTY, "1/2", ShardFilter.SPLIT_PROPERTY, "1"),
                () -> runSample("exploresEveryInterleaving", "", "reference"));
        assertThat(run.status()).as(run.failure() == null ? "" : run.failure().verdict()).isEqualTo(RunResult.Status.PASSED);
        assertThat(run.shard()).isEqualTo(new Shard(1, 2));
        ExhaustiveFacts facts = run.exhaustive();
        assertThat(facts).isNotNull();
        assertThat(facts.splitDepth()).isEqualTo(1);
        assertThat(facts.completeDepth()).isEqualTo(2);
        assertThat(facts.start()).hasSize(16);
        assertThat(facts.depths()).hasSize(2).allSatisfy(d -> assertThat(d.complete()).isTrue());
        assertThat(facts.depths().getFirst().states()).hasSize(facts.depths().getFirst().newStates()).isNotEmpty();
    }

    @Test
    void aShardOfARandomRunRunsFromItsOwnSeedDerivedFromThePinnedOne() {
        RunResult run = withSettings(Map.of(Shard.PROPERTY, "2/4", Seeds.PROPERTY, "42"),
                () -> runSampleAgainst("agreesWithModel", "reference"));
        assertThat(run.shard()).isEqualTo(new Shard(2, 4));
        assertThat(run.seed()).isEqualTo(Long.toString(new Shard(2, 4).seedOf(42)));
        assertThat(run.exhaustive()).isNull();
    }

    private static RunResult withSettings(Map<String, String> settings, Supplier<RunResult> run) {
        Map<String, String> previous = new HashMap<>();
        settings.forEach((key, value) -> {
            previous.put(key, System.getProperty(key));
            System.setProperty(key, value);
        });
        try {
            return run.get();
        } finally {
            previous.forEach(ResultCollectorTest::restore);
        }
    }

    @Test
    void aPassingRunIsRecordedWithCoverageMonitoringAndDatabase() {
        RunResult run = runSampleAgainst("agreesWithModel", "reference");

        assertThat(run.schemaVersion()).isEqualTo(RunResult.SCHEMA_VERSION);
        assertThat(run.property()).isEqualTo("CollectorSample.agreesWithModel");
        assertThat(run.implementation()).isEqualTo("reference");
        assertThat(run.knownBuggyVariant()).isFalse();
        assertThat(run.status()).isEqualTo(RunResult.Status.PASSED);
        assertThat(run.tries()).isEqualTo(12);
        assertThat(run.checks()).isEqualTo(12);
        assertThat(run.seed()).isEqualTo("20261130");
        assertThat(run.failure()).isNull();
        assertThat(run.database().kind()).isNotBlank();
        assertThat(run.database().settings()).containsKey("server_version");
        assertThat(run.statistics()).isNotNull();
        assertThat(run.statistics().tries()).isEqualTo(12);
        assertThat(run.statistics().floorPercent()).isEqualTo(CollectorSample.FLOOR);
        assertThat(run.statistics().situations()).isNotEmpty()
                .allSatisfy(s -> assertThat(s.tries()).isBetween(0, 12))
                .anySatisfy(s -> assertThat(s.tries()).isPositive());
        assertThat(run.statistics().judged()).as("a run that did all its tries has its coverage judged").isTrue();
        assertThat(run.statistics().situations())
                .allSatisfy(s -> assertThat(s.floorPercent()).as("floor of %s", s.situation()).isEqualTo(
                        Situation.floored(Check.LEASES, SqlLeaseProtocol.reference())
                                .contains(Situation.valueOf(s.situation())) ? CollectorSample.FLOOR : null));
        assertThat(run.monitoring().clock()).as("monitoring over the virtual clock").isNotEmpty();
        assertThat(run.monitoring().operations()).containsKey(OperationMetrics.Operation.ACQUIRE);
        assertThat(run.monitoring().operations().get(OperationMetrics.Operation.ACQUIRE).attempts()).isPositive();
    }

    /**
     * A pack held to safety whose answers differ from the reference's without breaking a guarantee (lease ends cut
     * to the millisecond, a holder's acquire that extends its lease, a renew that revives its own lease): the run
     * passes, and each kind of difference is a note with a shrunk trace that replays.
     */
    @Test
    void aRunHeldToSafetyPassesAndKeepsEachKindOfConformanceNoteWithAShrunkTrace() throws IOException {
        RunResult run = runSampleAgainst("agreesWithModel", "sql:harness/src/test/resources/packs/conservative-leases");

        assertThat(run.status()).as(run.failure() == null ? "" : run.failure().verdict()).isEqualTo(RunResult.Status.PASSED);
        assertThat(run.notes()).as("the truncated ends at least").isNotEmpty().hasSizeLessThanOrEqualTo(ConformanceNoteReport.MOST_NOTES);
        assertThat(run.notes()).extracting(RunResult.Note::kind).doesNotHaveDuplicates()
                .anyMatch(kind -> kind.contains("shorter than the reference's"));
        for (RunResult.Note note : run.notes()) {
            assertThat(note.steps()).as(note.kind()).isBetween(1, 10);
            // written under the temporary target, outside the repository: the path is absolute
            Path trace = Path.of(note.trace());
            assertThat(TraceFiles.read(trace).steps()).hasSize(note.steps());
            assertThat(note.replay()).contains(note.trace());
        }
    }

    @Test
    void aFailingRunIsRecordedWithItsShrunkTraceHistoryAndCommands() throws IOException {
        RunResult run = runSampleAgainst("catchesTheVariant", "sink-ignores-token");

        assertThat(run.status()).isEqualTo(RunResult.Status.FAILED);
        assertThat(run.knownBuggyVariant()).isTrue();
        assertThat(run.implementationNote()).isNotBlank();
        RunResult.Failure failure = run.failure();
        assertThat(failure).isNotNull();
        assertThat(failure.verdict()).isNotBlank();
        assertThat(failure.trace()).as("the failure carries its trace: %s", failure.verdict()).isNotNull();
        assertThat(failure.trace().implementation()).isEqualTo("sink-ignores-token");
        assertThat(failure.history()).isNotEmpty();
        assertThat(failure.failingStep()).isNotNull();
        assertThat(run.originalTraceSize()).isGreaterThanOrEqualTo(failure.trace().steps().size());
        assertThat(run.statistics().tries()).isEqualTo(run.tries());
        assertThat(run.statistics().judged()).as("a run stopped by a failing try is not judged on coverage").isFalse();
        assertThat(failure.reproduce().seed()).isEqualTo("20261130");
        assertThat(Path.of(failure.reproduce().traceFile())).exists();
        assertThat(failure.reproduce().replayCommand()).contains("replay " + failure.reproduce().traceFile());
        assertThat(failure.reproduce().rerunCommand()).contains("-Dfencecheck.seed=20261130")
                .contains("-Dfencecheck.implementation=sink-ignores-token");

        Path index = ReportRenderer.render(List.of(run), target.resolve("report"));
        assertThat(Files.readString(index)).contains("CollectorSample.catchesTheVariant");
    }

    @Test
    void aFailingJobRunIsRecordedWithItsJobTraceHistoryAndMonitoring() {
        String previousTarget = System.getProperty("fencecheck.target");
        String previousImplementation = System.getProperty(Implementations.PROPERTY);
        System.setProperty("fencecheck.target", target.toString());
        System.setProperty(Implementations.PROPERTY, "check-then-write");
        try {
            EngineTestKit.engine("jqwik")
                    .configurationParameters(VariantSearchSettings.configuration())
                    .selectors(selectMethod(JobTransactionProperties.class, "interleavedTransactionsAgreeWithModel", List.class.getName()))
                    .execute();
            List<RunResult> results = ResultFiles.readAllIn(target.resolve("fencecheck").resolve("runs"));
            assertThat(results).hasSize(1);
            RunResult run = results.get(0);
            assertThat(run.status()).isEqualTo(RunResult.Status.FAILED);
            assertThat(run.failure().trace()).as("a failure with its trace: %s", run.failure().verdict()).isNotNull();
            assertThat(run.failure().trace().implementation()).isEqualTo("check-then-write");
            assertThat(run.failure().trace().needsJobOperations()).isTrue();
            assertThat(run.failure().history()).isNotEmpty();
            assertThat(run.failure().traceSteps()).isPositive();
            assertThat(run.failure().reproduce().replayCommand()).contains("replay " + run.failure().reproduce().traceFile());
            assertThat(run.monitoring()).as("the job runner's figures").isNotNull();
            assertThat(run.monitoring().operations()).containsKey(OperationMetrics.Operation.ACQUIRE);
            assertThat(run.statistics().situations()).as("the property's own situations have its floor, the crash property's none")
                    .allSatisfy(s -> assertThat(s.floorPercent() != null)
                            .isEqualTo(Situation.of(Check.JOBS).contains(Situation.valueOf(s.situation()))));
            assertThat(ResultFiles.parse(ResultFiles.toJson(run), "round trip")).as("a job failure survives its JSON").isEqualTo(run);
        } finally {
            restore("fencecheck.target", previousTarget);
            restore(Implementations.PROPERTY, previousImplementation);
        }
    }

    /**
     * The real-time property keeps the whole run's history beside the shrunk one, and the failure's severity; the report
     * draws the history on a page of its own.
     */
    @Test
    void aRealTimeFailureIsRecordedWithItsShrunkAndFullHistories() throws IOException {
        String previousTarget = System.getProperty("fencecheck.target");
        String previousImplementation = System.getProperty(Implementations.PROPERTY);
        System.setProperty("fencecheck.target", target.toString());
        System.setProperty(Implementations.PROPERTY, "sink-ignores-token");
        try {
            EngineTestKit.engine("jqwik")
                    .configurationParameters(VariantSearchSettings.configuration())
                    .selectors(selectMethod(RealTimeProperties.class, "historiesAreLinearizable", long.class.getName()))
                    .execute();
            List<RunResult> results = ResultFiles.readAllIn(target.resolve("fencecheck").resolve("runs"));
            assertThat(results).hasSize(1);
            RunResult.RealTime rt = results.get(0).failure().realTime();
            assertThat(rt.history()).as("a shrunk history: %s", results.get(0).failure().verdict()).isNotNull();
            assertThat(rt.severity()).as("a stale write accepted, which no correct lease service may do").isEqualTo("safety");
            assertThat(rt.fullHistory().operations()).hasSize(rt.observedOperations())
                    .containsAll(rt.history().operations()).hasSizeGreaterThan(rt.history().operations().size());

            ReportRenderer.render(results, target.resolve("report"));
            try (var pages = Files.list(target.resolve("report").resolve(ReportRenderer.FAILURES))) {
                List<String> names = pages.map(p -> p.getFileName().toString()).sorted().toList();
                // a page per finding, and one that draws the first finding's full history
                assertThat(names).hasSize(results.get(0).findings().size() + 1).anySatisfy(n -> assertThat(n).endsWith("-full.html"));
                String failurePage = Files.readString(target.resolve("report").resolve(ReportRenderer.FAILURES)
                        .resolve(names.stream().filter(n -> !n.endsWith("-full.html") && !n.contains("-finding")).findFirst().orElseThrow()));
                assertThat(failurePage).contains("href=\"" + names.stream().filter(n -> n.endsWith("-full.html")).findFirst().orElseThrow() + "\"");
            }
        } finally {
            restore("fencecheck.target", previousTarget);
            restore(Implementations.PROPERTY, previousImplementation);
        }
    }

    private RunResult runSampleAgainst(String property, String implementation) {
        return runSample(property, List.class.getName(), implementation);
    }

    private RunResult runSample(String property, String parameters, String implementation) {
        String previousTarget = System.getProperty("fencecheck.target");
        String previousImplementation = System.getProperty(Implementations.PROPERTY);
        System.setProperty("fencecheck.target", target.toString());
        System.setProperty(Implementations.PROPERTY, implementation);
        try {
            EngineExecutionResults executed = EngineTestKit.engine("jqwik")
                    .configurationParameters(VariantSearchSettings.configuration())
                    .selectors(selectMethod(CollectorSample.class, property, parameters))
                    .execute();
            List<RunResult> results = ResultFiles.readAllIn(target.resolve("fencecheck").resolve("runs"));
            assertThat(results).as("%s", executed.allEvents().list()).hasSize(1);
            return results.get(0);
        } finally {
            restore("fencecheck.target", previousTarget);
            restore(Implementations.PROPERTY, previousImplementation);
        }
    }

    private static void restore(String key, String value) {
        if (value == null) {
            System.clearProperty(key);
        } else {
            System.setProperty(key, value);
        }
    }
}
