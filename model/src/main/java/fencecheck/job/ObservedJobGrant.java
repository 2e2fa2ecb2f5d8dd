package fencecheck.job;

import fencecheck.model.TokenVerdict;

/** An acquire statement of a session completed with the token the database granted: see {@link JobModel#completeAcquire}. */
public record ObservedJobGrant(JobTransition transition, TokenVerdict verdict) {

    public boolean sequenceBroken() {
        return verdict instanceof TokenVerdict.BreaksSequence;
    }
}
