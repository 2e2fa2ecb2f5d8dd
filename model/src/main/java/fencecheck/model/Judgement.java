package fencecheck.model;

import fencecheck.api.Outcome;

/**
 * What the model says of one answer the database gave (see {@link Admissible}): whether it is the reference's,
 * another admissible answer, or one no correct lease service may give, and the state it leaves.
 *
 * @param level      which of the three it is
 * @param transition the state the answer implies (the reference's after an unsafe one) and the answer itself
 * @param reference  the reference's answer to the same command in the same state
 * @param difference in words, how the answer differs from the reference's and what that means; null for the reference's
 */
public record Judgement(Level level, Transition transition, Outcome reference, String difference) {

    public enum Level {
        /** The reference's own answer. */
        REFERENCE,
        /** Not the reference's answer, but it breaks no guarantee: a conformance difference. */
        ADMISSIBLE,
        /** An answer no correct lease service may give: a safety finding. */
        UNSAFE
    }

    /** The reference's own step, judged as itself. */
    public static Judgement asReference(Transition reference) {
        return new Judgement(Level.REFERENCE, reference, reference.outcome(), null);
    }

    public boolean isReference() {
        return level == Level.REFERENCE;
    }
}
