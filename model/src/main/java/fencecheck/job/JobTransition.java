package fencecheck.job;

import java.util.List;

/** The result of one {@link JobModel#step}: the next state, the answer, and the waiting statements that went on. */
public record JobTransition(JobState next, JobOutcome outcome, List<Resumed> resumed) {

    public JobTransition {
        resumed = List.copyOf(resumed);
    }

    /** A step after which no waiting statement went on. */
    static JobTransition done(JobState next, JobOutcome outcome) {
        return new JobTransition(next, outcome, List.of());
    }
}
