package fencecheck.run;

import fencecheck.check.Violation;
import fencecheck.model.Describe;

import java.util.List;

/** How a try ended, in words a reader can take in at once. */
public sealed interface Verdict {

    boolean passed();

    String sentence();

    record Passed() implements Verdict {
        @Override
        public boolean passed() {
            return true;
        }

        @Override
        public String sentence() {
            return "model and database agreed on every step and every invariant held";
        }
    }

    /** The database answered differently from the model, or holds other rows; invariants broken up to there come along. */
    record Diverged(HistoryEntry at, List<Violation> violations) implements Verdict {
        @Override
        public boolean passed() {
            return false;
        }

        @Override
        public String sentence() {
            String what;
            if (at.error() != null) {
                what = "the database raised an error where the model expected " + describe(at.expected()) + ": " + at.error();
            } else if (at.outcomeDiffers()) {
                what = "the model expected " + describe(at.expected()) + " but the database answered " + describe(at.observed());
            } else {
                what = "the outcomes agree but the rows of " + at.key() + " differ: model " + Rows.describe(at.expectedRows())
                        + ", database " + Rows.describe(at.observedRows());
            }
            StringBuilder s = new StringBuilder("divergence at step " + at.step() + " (" + at.resolved() + "): " + what);
            ForeignClock.explain(at.expected(), at.observed(), at.expectedRows(), at.observedRows())
                    .ifPresent(clock -> s.append("; ").append(clock));
            violations.forEach(v -> s.append("; and invariant ").append(v));
            return s.toString();
        }
    }

    /** Model and database agreed, but the database's answers break an invariant (then the model is wrong too). */
    record InvariantBroken(List<Violation> violations) implements Verdict {
        @Override
        public boolean passed() {
            return false;
        }

        @Override
        public String sentence() {
            return "invariant " + String.join("; invariant ", violations.stream().map(Violation::toString).toList());
        }
    }

    private static String describe(fencecheck.model.Outcome o) {
        return o == null ? "nothing" : Describe.outcome(o);
    }
}
