package fencecheck.run;

import fencecheck.job.JobCommand;
import fencecheck.job.JobOutcome;
import fencecheck.job.JobState;

/**
 * What the model is told of an event, so that the model's state after it is a function of the state before and the
 * event alone ({@link Judge#after}): a history replayed from the first state gives every state the try went through.
 */
sealed interface ModelInput {

    /** The event leaves the model's state as it is. */
    ModelInput NOTHING = new Nothing();

    /** Nothing for the model: a wait, a note, a step that did not apply, a statement that never completed. */
    record Nothing() implements ModelInput {
    }

    /** A command of the runner's own the model steps (a clock move, a relay, a database restart). */
    record Stepped(JobCommand command) implements ModelInput {
    }

    /**
     * A statement the model completes at {@code at} with the reference's answer (a rollback with a lost connection, a
     * call whose rows show it ran); a grant takes {@code grantedToken}, the token the database chose, when the
     * implementation claims any increasing token sequence (null: none shown).
     */
    record Completed(JobCommand command, long at, Long grantedToken) implements ModelInput {
    }

    /** A statement the model judged at {@code at} with the database's answer {@code output}: it goes on from what that says. */
    record Judged(JobCommand command, long at, JobOutcome output) implements ModelInput {
    }

    /** A failover kept a prefix of the commits: the model goes on from {@code kept}'s commits, at its own clock. */
    record SettledOn(JobState kept) implements ModelInput {
    }
}
