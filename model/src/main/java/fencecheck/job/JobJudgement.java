package fencecheck.job;

import fencecheck.model.Judgement;

/**
 * A statement the database completed, judged against its answer (see {@link JobModel#judge}).
 *
 * @param transition the state the answer implies, and the reference's answer to compare it with
 * @param judgement  what the lease model said of a lease operation's or a write's answer; null for a statement whose
 *                   answer the reference alone decides (a claim, a commit), where any other answer is a divergence
 */
public record JobJudgement(JobTransition transition, Judgement judgement) {

    /** Whether the answer is the reference's, or admissible when {@code strict} is false. */
    public boolean acceptable(boolean strict) {
        if (judgement == null) {
            return true;
        }
        return judgement.isReference() || !strict && judgement.level() == Judgement.Level.ADMISSIBLE;
    }
}
