package fencecheck.job;

import java.util.List;

/** The result of one {@link JobModel#step}: the next state, the answer, and the waiting statements that went on. */
public record JobTransition(JobState next, JobOutcome outcome, List<Resumed> resumed) {

    public JobTransition {
        resumed = List.copyOf(resumed);
    }
}
