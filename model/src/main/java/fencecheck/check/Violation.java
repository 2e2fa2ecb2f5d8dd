package fencecheck.check;

import java.util.List;

/**
 * An invariant that failed, at which step, and why, in one sentence.
 *
 * @param related the steps whose answers the violation is judged against (the grant a stale write is compared with,
 *                the other owner's grant that still held): what a smaller history must keep to fail for the same reason
 */
public record Violation(Invariant invariant, int step, String explanation, List<Integer> related) {

    public Violation {
        related = related == null ? List.of() : List.copyOf(related);
    }

    public Violation(Invariant invariant, int step, String explanation) {
        this(invariant, step, explanation, List.of());
    }

    @Override
    public String toString() {
        return invariant.title() + " broken at step " + step + ": " + explanation;
    }
}
