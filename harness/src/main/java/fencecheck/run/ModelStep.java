package fencecheck.run;

import fencecheck.api.TokenSequence;
import fencecheck.job.JobCommand;
import fencecheck.job.JobModel;
import fencecheck.job.JobState;
import fencecheck.job.JobTransition;
import fencecheck.model.Command;

/** The model's step of a statement at one instant of its life, as the judge runs it. */
final class ModelStep {

    private ModelStep() {
    }

    /**
     * The model's step of {@code command} at {@code at}; a grant of an implementation claiming any increasing token
     * sequence takes {@code grantedToken}, the token the database chose (null: none shown), since no rule of the
     * model says which one it picks.
     *
     * @throws IllegalArgumentException when the command is out of the model's scope in that state
     */
    static JobTransition at(JobModel model, JobState s, JobCommand command, long at, Long grantedToken) {
        if (grantedToken != null && model.config().tokens() == TokenSequence.INCREASING
                && command instanceof JobCommand.LeaseOperation op && op.command() instanceof Command.Acquire) {
            return model.completeAcquire(s, op, at, grantedToken).transition();
        }
        return model.complete(s, command, at);
    }
}
