package fencecheck.run;

import fencecheck.job.JobCommand;

/** A statement started and not yet judged: answered and not yet collected, waiting for a lock, or held by the network. */
final class Running {
    final String action;
    final JobCommand command;
    final long startedAt;
    /** In which order the try's statements started, so answers released together are judged oldest first. */
    final long sequence;
    /** Under the strict check, whether the reference would wait here; null when waits are only observed. */
    final Boolean referenceWaits;
    /** The database answers, but the answer never reaches the worker (a lost grant receipt). */
    final boolean answerLost;
    boolean waited;
    /** The network holds it: it has not reached the database yet. */
    boolean held;

    Running(String action, JobCommand command, long startedAt, long sequence, Boolean referenceWaits, boolean answerLost) {
        this.action = action;
        this.command = command;
        this.startedAt = startedAt;
        this.sequence = sequence;
        this.referenceWaits = referenceWaits;
        this.answerLost = answerLost;
    }
}
