package fencecheck.properties;

import fencecheck.report.ConsoleSummary;

/**
 * How a property of fencecheck fails: a one-line message (the build tool repeats it in its summary of failed tests)
 * and the report a reader needs (each finding's sentence, its shrunk trace, its saved file and the command that
 * replays it), which {@link ReportAtEnd} prints once when the property ends. No stack trace: the frames would be
 * fencecheck's, JUnit's and jqwik's, and say nothing about the implementation under test.
 */
public final class FindingsFailure extends AssertionError {

    private final String report;

    /** @param summary cut to what fits the console's width after the class name the build tool prints before it */
    FindingsFailure(String summary, String report) {
        super(ConsoleTable.clip(summary, ConsoleSummary.WIDTH - (FindingsFailure.class.getName() + ": ").length()));
        this.report = report;
    }

    /** Without a stack trace: an AssertionError cannot be made unwritable, so it records none. */
    @Override
    public synchronized Throwable fillInStackTrace() {
        return this;
    }

    /** Everything printed about the failure: its summary line first, then each finding. */
    public String report() {
        return report;
    }

    /** The report of a fencecheck failure, or the message of any other throwable. */
    public static String textOf(Throwable failure) {
        return failure instanceof FindingsFailure f ? f.report() : String.valueOf(failure.getMessage());
    }
}
