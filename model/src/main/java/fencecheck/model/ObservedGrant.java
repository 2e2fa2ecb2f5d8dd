package fencecheck.model;

/**
 * An acquire stepped with the token the database granted: the transition the
 * model goes on with (the observed token when it {@link TokenVerdict.Fits}
 * a fresh grant, else the model's own prediction) and the verdict on the token.
 */
public record ObservedGrant(Transition transition, TokenVerdict verdict) {

    public boolean sequenceBroken() {
        return verdict instanceof TokenVerdict.BreaksSequence;
    }
}
