package fencecheck.properties;

import fencecheck.report.ConsoleSummary;
import fencecheck.report.ReportRenderer;
import fencecheck.report.RunFolders;
import fencecheck.report.RunReports;
import fencecheck.report.RunResult;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * At the start of a test run, checks the settings once (a bad one stops every
 * property before its first try, and the first of them fails with it) and removes
 * the latest report's index; at its end, renders every result file of this run
 * into the run's own report ({@code target/fencecheck/runs/RUN/report/}) and into
 * the latest report under {@code target/fencecheck/report/}, which links the
 * earlier runs kept, deletes the runs beyond the newest {@code fencecheck.keepRuns},
 * and prints one coverage line per run of a correct implementation. The verdict and
 * the report's path follow here when a test failed (the build stops at the tests);
 * a passing build prints them in its last phase instead ({@value #VERDICT_AT_VERIFY}).
 * Registered with the JUnit Platform launcher as a service.
 */
public class ReportAtEnd implements TestExecutionListener {

    /** Set by the build when it prints the verdict itself after the tests. */
    static final String VERDICT_AT_VERIFY = "fencecheck.verdictAfterTests";

    private static final AtomicBoolean CLEARED = new AtomicBoolean();
    private static final Forks FORKS = new Forks(Paths.forks());
    private final AtomicBoolean anyFailed = new AtomicBoolean();

    static Path report() {
        return Paths.report();
    }

    @Override
    public void testPlanExecutionStarted(TestPlan testPlan) {
        LauncherTests.planStarted(testPlan);
        FORKS.join();
        // checked before any property; the first property it stops prints it, once (see Preflight)
        Configuration.problem();
        makeFolderOfJqwikDatabase();
        if (CLEARED.compareAndSet(false, true)) {
            try {
                // an index left by an earlier run must not pass for this run's report if rendering fails;
                // the earlier run's results and report stay in its own run folder
                Files.deleteIfExists(report().resolve(ReportRenderer.INDEX));
            } catch (RuntimeException | IOException e) {
                System.err.println("fencecheck report: " + e.getMessage());
            }
        }
    }

    /**
     * The build names jqwik's failure database after the implementation, and a SQL pack's name is
     * its path ({@code sql:packs/mine}): the file then lies in folders that jqwik does not create.
     * Engines run after this listener hears that the test plan started, so the folders are there in time.
     */
    private static void makeFolderOfJqwikDatabase() {
        String database = System.getProperty("jqwik.database");
        if (database == null || database.isBlank()) {
            return;
        }
        try {
            Files.createDirectories(Path.of(database).toAbsolutePath().getParent());
        } catch (IOException | RuntimeException e) {
            System.err.println("fencecheck: cannot make the folder of jqwik's database " + database + ": " + e.getMessage());
        }
    }

    /** Deletes the oldest runs beyond the newest {@value RunFolders#KEEP_PROPERTY} (this one among them, when it wrote results). */
    private static void keepRuns() {
        try {
            Path current = Files.isDirectory(Paths.run()) ? Paths.run() : null;
            RunFolders.prune(Paths.runs(), RunFolders.keep(System.getProperty(RunFolders.KEEP_PROPERTY)), current);
        } catch (RuntimeException e) {
            System.err.println("fencecheck: earlier runs not deleted: " + e.getMessage());
        }
    }

    @Override
    public void executionStarted(TestIdentifier test) {
        LauncherTests.started(test);
    }

    @Override
    public void executionFinished(TestIdentifier test, TestExecutionResult result) {
        LauncherTests.finished(test);
        if (result.getStatus() != TestExecutionResult.Status.SUCCESSFUL) {
            anyFailed.set(true);
        }
        // once, here: the failure's own message is one line, which the build tool repeats in its summary
        result.getThrowable().filter(FindingsFailure.class::isInstance).map(FindingsFailure.class::cast)
                .ifPresent(f -> System.out.print("\n" + f.report()));
    }

    /**
     * Renders the run's report; the last of the run's test JVMs to finish (the only one, unless the build forks
     * several) renders all of it and prints the coverage lines and, when due, the verdict.
     */
    @Override
    public void testPlanExecutionFinished(TestPlan testPlan) {
        try {
            FORKS.leave(anyFailed.get(), (last, anyFailedInRun) -> {
                keepRuns();
                RunReports.Rendered rendered = RunReports.render(Paths.runs(), Paths.run(), report());
                if (last) {
                    printSummary(rendered, anyFailedInRun);
                }
                return rendered;
            });
        } catch (RuntimeException e) {
            System.err.println("fencecheck report: not written: " + e.getMessage());
        }
    }

    private static void printSummary(RunReports.Rendered rendered, boolean anyFailed) {
        List<RunResult> results = rendered.results();
        ConsoleSummary.coverageLines(results).forEach(System.out::println);
        Harnesses.restartTimes().ifPresent(System.out::println);
        if (!results.isEmpty() && (anyFailed || !Boolean.getBoolean(VERDICT_AT_VERIFY))) {
            ConsoleSummary.verdictLines(results, Paths.fromRoot(rendered.index())).forEach(System.out::println);
        }
    }
}
