package fencecheck.job;

/** A waiting statement that went on when a transaction ended, and what it answered then. */
public record Resumed(String session, JobCommand command, JobOutcome outcome) {
}
