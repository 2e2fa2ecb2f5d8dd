package fencecheck.model;

/**
 * The model's judgement of a token the database granted (see
 * {@link LeaseModel#acquire(ProtocolState, Command.Acquire, long)}). A runner
 * reports every {@link BreaksSequence} as a divergence, whatever the answers say.
 */
public sealed interface TokenVerdict {

    /** The token is one the model admits here: a fresh grant continuing the key's sequence, or a re-grant's own token. */
    record Fits() implements TokenVerdict {
    }

    /** The token is not: {@code explanation} says what it should have been. */
    record BreaksSequence(long observed, String explanation) implements TokenVerdict {
    }

    /**
     * The model grants nothing here ({@code Busy}), so there is no token to judge:
     * the answers themselves disagree, which {@link Outcomes#agree} reports.
     */
    record NoGrant() implements TokenVerdict {
    }
}
