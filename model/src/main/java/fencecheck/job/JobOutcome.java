package fencecheck.job;

import fencecheck.api.Outcome;
import fencecheck.model.Describe;

/** What a statement answered, or that it is waiting for a row lock. */
public sealed interface JobOutcome {

    /** A lease operation's or a fenced write's answer, in the words of the lease model. */
    record Answered(Outcome outcome) implements JobOutcome {
    }

    /** The statement waits for a row lock another open transaction holds; it answers when that transaction ends. */
    record Waiting() implements JobOutcome {
    }

    record Begun() implements JobOutcome {
    }

    /** The conditioned update changed the job-state row: the transaction holds it until it ends. */
    record Claimed(long token) implements JobOutcome {
    }

    /** The conditioned update affected zero rows: the token is not the fence; nothing else may be written. */
    record NotClaimed() implements JobOutcome {
    }

    record Inserted() implements JobOutcome {
    }

    /** The row was already there (an earlier run of the same job): nothing changed. */
    record AlreadyThere() implements JobOutcome {
    }

    /** Not written, because the transaction's claim did not hold. */
    record Skipped() implements JobOutcome {
    }

    record Committed() implements JobOutcome {
    }

    record RolledBack() implements JobOutcome {
    }

    /**
     * The consumer received the message of business key ({@code key}, {@code resultId});
     * {@code effect} says whether it applied the effect now, {@code marked} whether the
     * relay then marked the message delivered.
     */
    record Delivered(String key, String resultId, boolean effect, boolean marked) implements JobOutcome {
    }

    record NothingToDeliver() implements JobOutcome {
    }

    record ClockAt(long now) implements JobOutcome {
    }

    /** The database is back after a crash, with what was committed. */
    record Restarted() implements JobOutcome {
    }

    static String describe(JobOutcome outcome) {
        return switch (outcome) {
            case Answered a -> Describe.outcome(a.outcome());
            case Claimed c -> "Claimed(token " + c.token() + ")";
            case Delivered d -> "Delivered(" + d.key() + "/" + d.resultId() + (d.effect() ? ", effect" : ", no effect")
                    + (d.marked() ? ", marked" : ", not marked") + ")";
            case ClockAt c -> Describe.outcome(new Outcome.ClockAt(c.now()));
            default -> outcome.getClass().getSimpleName();
        };
    }
}
