package fencecheck.model;

import fencecheck.api.ModelConfig;
import fencecheck.api.Outcome;

/**
 * The one place where a runner decides whether the answer the database gave
 * agrees with the model's, under a config (Porcupine's {@code equal}): a runner
 * never compares answers with {@code equals} itself, so a setting that admits
 * more than one answer changes this class, not every runner.
 */
public final class Outcomes {

    private Outcomes() {
    }

    /**
     * Whether {@code observed} agrees with {@code expected} (either may be null: no
     * answer). Under every setting so far this is equality: the model already answers
     * times at the claimed {@link TimeResolution}, and under {@link TokenSequence#INCREASING}
     * a fresh grant's token is judged before the answers are compared, by stepping the
     * model with the granted token ({@link LeaseModel#acquire(ProtocolState, Command.Acquire, long)},
     * whose verdict the runner reports on its own), so the expected answer carries that token.
     * {@link RowComparison} relaxes rows, never answers: answers are how the exact
     * {@code until} is judged.
     */
    public static boolean agree(ModelConfig config, Outcome expected, Outcome observed) {
        return expected == null ? observed == null : expected.equals(observed);
    }
}
