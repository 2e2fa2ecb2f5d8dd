package fencecheck.check;

/** An invariant that failed, at which step, and why, in one sentence. */
public record Violation(Invariant invariant, int step, String explanation) {

    @Override
    public String toString() {
        return invariant.title() + " broken at step " + step + ": " + explanation;
    }
}
