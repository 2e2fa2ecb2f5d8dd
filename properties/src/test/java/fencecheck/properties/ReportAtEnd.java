package fencecheck.properties;

import fencecheck.report.ReportRenderer;
import fencecheck.report.ResultFiles;
import fencecheck.report.RunResult;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestPlan;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * At the start of a test run, clears the result files of an earlier run; at
 * its end, renders every result file of this run into the HTML report under
 * {@code target/fencecheck/report/} and prints the path of its index.
 * Registered with the JUnit Platform launcher as a service.
 */
public class ReportAtEnd implements TestExecutionListener {

    private static final AtomicBoolean CLEARED = new AtomicBoolean();

    static Path report() {
        return Paths.target().resolve("fencecheck").resolve("report");
    }

    @Override
    public void testPlanExecutionStarted(TestPlan testPlan) {
        if (CLEARED.compareAndSet(false, true)) {
            try {
                ResultFiles.clear(ResultCollector.results());
            } catch (RuntimeException e) {
                System.err.println("fencecheck report: " + e.getMessage());
            }
        }
    }

    @Override
    public void testPlanExecutionFinished(TestPlan testPlan) {
        try {
            List<RunResult> results = ResultFiles.readAllIn(ResultCollector.results());
            Path index = ReportRenderer.render(results, report());
            System.out.println("fencecheck report: " + index);
        } catch (RuntimeException e) {
            System.err.println("fencecheck report: not written: " + e.getMessage());
        }
    }
}
