package fencecheck.findings;

import java.time.Duration;

/**
 * How far the shrinking of one finding may go: at most {@code runs} re-runs of candidate traces and {@code time} of
 * wall time, whichever ends first. A finding whose shrinking hit a bound says which, so a reader knows a smaller trace
 * may exist. {@code -Dfencecheck.shrink.runs=N} and {@code -Dfencecheck.shrink.seconds=S} set them for a run.
 */
public record ShrinkBudget(int runs, Duration time) {

    public static final String RUNS_PROPERTY = "fencecheck.shrink.runs";
    public static final String SECONDS_PROPERTY = "fencecheck.shrink.seconds";

    /**
     * Enough for the lock-step properties on the embedded database, where a re-run takes milliseconds: a finding of
     * the main property typically shrinks in one to three hundred re-runs. A re-run with a lost answer costs a client
     * timeout and one with a database crash a server restart, so there the time bound is the one that counts.
     */
    public static final ShrinkBudget DEFAULT = new ShrinkBudget(2_000, Duration.ofSeconds(60));

    public ShrinkBudget {
        if (runs < 1 || time.isNegative() || time.isZero()) {
            throw new IllegalArgumentException("a shrinking budget needs at least one re-run and some time, not " + runs + " re-runs in " + time);
        }
    }

    /** The default, with what {@code -Dfencecheck.shrink.runs} and {@code -Dfencecheck.shrink.seconds} say instead. */
    public static ShrinkBudget fromSystemProperties() {
        int runs = positive(RUNS_PROPERTY, DEFAULT.runs());
        int seconds = positive(SECONDS_PROPERTY, (int) DEFAULT.time().toSeconds());
        return new ShrinkBudget(runs, Duration.ofSeconds(seconds));
    }

    private static int positive(String property, int otherwise) {
        String value = System.getProperty(property);
        if (value == null || value.isBlank()) {
            return otherwise;
        }
        try {
            int n = Integer.parseInt(value.strip());
            if (n > 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // the message below says what to give
        }
        throw new IllegalArgumentException("-D" + property + "=" + value + " is not a positive whole number");
    }
}
