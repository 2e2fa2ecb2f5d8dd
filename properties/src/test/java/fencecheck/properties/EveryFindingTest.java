package fencecheck.properties;

import fencecheck.api.LeaseProtocol;
import fencecheck.db.Databases;
import fencecheck.findings.Finding;
import fencecheck.findings.FindingKinds;
import fencecheck.findings.Severity;
import fencecheck.protocol.Implementations;
import fencecheck.report.ReportRenderer;
import fencecheck.report.ResultFiles;
import fencecheck.report.RunResult;
import fencecheck.run.TraceRunner;
import fencecheck.run.TryResult;
import fencecheck.trace.Trace;
import fencecheck.trace.TraceFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineTestKit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;

/**
 * One run of the main property against {@link RenewAndSinkBugs}, an implementation with two bugs: the property goes on
 * after its first failing try and reports both, safety first, each shrunk, saved and replayable; the result file and
 * the report hold both; the same seed gives the same findings again.
 */
class EveryFindingTest {

    private static final String SEED = "20261130";

    @TempDir
    Path target;

    @Test
    void oneRunReportsBothBugsEachShrunkSavedAndReplayable() throws IOException {
        Throwable failure = runMainProperty();
        List<PropertyFindings.Saved> findings = PropertyFindings.saved();

        assertThat(findings).as("the renew bug and the sink bug, each found:%n%s", FindingsFailure.textOf(failure))
                .anySatisfy(f -> assertThat(f.finding().kind().describe())
                        .isEqualTo("renew answered Renewed where the model expects RenewRejected"))
                .anySatisfy(f -> {
                    assertThat(f.finding().severity()).isEqualTo(Severity.SAFETY);
                    assertThat(f.finding().kind().describe()).isEqualTo("write to LATEST_TOKEN_WINS broke invariant 1. no stale acceptance");
                });
        assertThat(findings).extracting(f -> f.finding().severity()).as("safety first").isSorted();
        for (PropertyFindings.Saved saved : findings) {
            Finding f = saved.finding();
            assertThat(f.shrunk().steps()).as("%s shrunk:%n%s", f.kind(), FindingsFailure.textOf(failure)).isLessThanOrEqualTo(10);
            assertThat(f.cutShortBy()).as("%s shrank to its end", f.kind()).isEmpty();
            Trace replayed = TraceFiles.read(saved.trace());
            assertThat(replayed).isEqualTo(f.shrunk().trace());
            assertThat(FindingKinds.shows(replay(replayed), f.kind())).as("the saved trace of %s replays to it", f.kind()).isTrue();
        }

        // a command wrapped at the console's width ends its lines in a backslash: joined again, as a shell joins them
        String message = FindingsFailure.textOf(failure).replace(" \\\n    ", " ");
        assertThat(message).startsWith("LeaseProtocolProperties.databaseAgreesWithModel: " + findings.size() + " findings (")
                .contains(" in 300 tries of").contains(", safety first:\n")
                .contains("seed: " + SEED + "\n")
                .contains("re-run the seed: ").contains("-Dfencecheck.seed=" + SEED)
                // the property as a Java developer names a test: the class that inherits it, then its method
                .contains(" -Dtest='LeaseProtocolProperties#databaseAgreesWithModel' ");
        int previous = -1;
        for (PropertyFindings.Saved saved : findings) {
            int at = message.indexOf(saved.finding().kind().toString());
            assertThat(at).as("%s listed after the findings before it", saved.finding().kind()).isGreaterThan(previous);
            assertThat(message).containsPattern("\\nreplay the trace: .*replay [^\\n]*" + Pattern.quote(saved.trace().getFileName().toString()));
            previous = at;
        }

        List<RunResult> results = ResultFiles.readAllIn(target.resolve("fencecheck").resolve("runs"));
        assertThat(results).hasSize(1);
        RunResult run = results.get(0);
        assertThat(run.findings()).hasSize(findings.size());
        for (int i = 0; i < findings.size(); i++) {
            RunResult.Failure kept = run.findings().get(i);
            assertThat(kept.finding().title()).isEqualTo(findings.get(i).finding().kind().toString());
            assertThat(kept.trace()).isEqualTo(findings.get(i).finding().shrunk().trace());
            assertThat(kept.reproduce().replayCommand()).contains("replay " + kept.reproduce().traceFile());
        }
        ReportRenderer.render(results, target.resolve("report"));
        try (Stream<Path> pages = Files.list(target.resolve("report").resolve(ReportRenderer.FAILURES))) {
            assertThat(pages.filter(p -> p.toString().endsWith(".html"))).as("one page per finding").hasSize(findings.size());
        }
    }

    @Test
    void theSameSeedGivesTheSameFindings() {
        runMainProperty();
        List<Finding> first = PropertyFindings.saved().stream().map(PropertyFindings.Saved::finding).toList();
        runMainProperty();
        List<Finding> again = PropertyFindings.saved().stream().map(PropertyFindings.Saved::finding).toList();

        assertThat(again).extracting(Finding::kind).isEqualTo(first.stream().map(Finding::kind).toList());
        assertThat(again).extracting(f -> f.shrunk().trace()).isEqualTo(first.stream().map(f -> f.shrunk().trace()).toList());
    }

    /** A saved trace run as the replay command runs it: a runner of its own for the implementation the trace names. */
    private static TryResult replay(Trace trace) {
        LeaseProtocol protocol = Implementations.select(trace.implementation());
        try (TraceRunner runner = new TraceRunner(Databases.shared(), protocol, trace.needsFaultProxies())) {
            return runner.run(trace);
        }
    }

    /** The main property against {@link RenewAndSinkBugs} with {@link #SEED}; the failure it must end with. */
    private Throwable runMainProperty() {
        String previousTarget = System.getProperty("fencecheck.target");
        String previousImplementation = System.getProperty(Implementations.PROPERTY);
        System.setProperty("fencecheck.target", target.toString());
        System.setProperty(Implementations.PROPERTY, RenewAndSinkBugs.class.getName());
        System.setProperty(Seeds.PROPERTY, SEED);
        try {
            return EngineTestKit.engine("jqwik")
                    .configurationParameters(VariantSearchSettings.configuration())
                    .selectors(selectMethod(LeaseProtocolProperties.class, "databaseAgreesWithModel", List.class.getName()))
                    .execute()
                    .testEvents().finished().list().get(0)
                    .getPayload(TestExecutionResult.class).flatMap(TestExecutionResult::getThrowable)
                    .orElseThrow(() -> new AssertionError("two bugs and the property passed"));
        } finally {
            restore("fencecheck.target", previousTarget);
            restore(Implementations.PROPERTY, previousImplementation);
            System.clearProperty(Seeds.PROPERTY);
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
