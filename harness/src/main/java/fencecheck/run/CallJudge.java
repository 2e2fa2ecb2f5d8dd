package fencecheck.run;

import fencecheck.job.JobJudgement;
import fencecheck.job.JobModel;
import fencecheck.job.JobState;
import fencecheck.job.JobTransition;

import java.util.List;

/**
 * Judges a call the database completed at an instant of its life, for {@link Exchange}: its start, a clock set while
 * it waited, or, for a call a split stopped, a state it read the rows in. Pure but for the model it asks.
 */
final class CallJudge {

    private final JobModel model;

    CallJudge(JobModel model) {
        this.model = model;
    }

    /** Whether the model, judging the statements in this order from {@code from}, accepts each answer the database gave. */
    boolean agrees(JobState from, List<Exchange.Done> order, boolean strict) {
        JobState s = from;
        for (Exchange.Done d : order) {
            if (d.seen().outcome() == null) {
                continue;
            }
            try {
                Judged j = judged(s, d.running(), d.seen());
                if (!j.accepts(d.seen(), strict)) {
                    return false;
                }
                s = j.transition().next();
            } catch (IllegalArgumentException outOfScope) {
                return false;
            }
        }
        return true;
    }

    /** A judgement and the instant it was made at. */
    record Judged(JobJudgement judgement, long at, boolean readEarlier) {

        Judged(JobJudgement judgement, long at) {
            this(judgement, at, false);
        }

        JobTransition transition() {
            return judgement.transition();
        }

        /** Whether the model takes the answer as the reference's, or (when not strict) as admissible. */
        boolean accepts(StatementWatch.Observation seen, boolean strict) {
            if (judgement.judgement() == null) {
                return transition().outcome().equals(seen.outcome());
            }
            return judgement.acceptable(strict);
        }
    }

    /**
     * A statement runs at one instant of its life: the clock of its start, or, when it waited while the clock
     * moved, a clock set before it completed (PostgreSQL's {@code clock_timestamp()} read after the wait). The
     * first instant whose answer is the reference's is taken; else, for a call a split stopped, an earlier state
     * it lived through that gives its answer and changes nothing (its first statement read the rows then); else
     * the first instant whose answer is admissible; else the start's, so the difference shows.
     */
    Judged judged(JobState s, Running r, StatementWatch.Observation seen) {
        Judged first = null;
        Judged admissible = null;
        for (long at : r.instants()) {
            Judged j = new Judged(judgementAt(s, r, seen, at), at);
            if (first == null) {
                first = j;
            }
            if (seen.outcome() == null || j.accepts(seen, true)) {
                return j;
            }
            if (admissible == null && j.accepts(seen, false)) {
                admissible = j;
            }
        }
        Judged earlier = readEarlier(s, r, seen);
        if (earlier != null) {
            return earlier;
        }
        return admissible != null ? admissible : first;
    }

    /**
     * A call a split stopped, whose answer is the reference's in a state it lived through before this one and
     * changed nothing there (a Busy read before the holder released): that answer was true when the call read
     * the rows, and the steps since were judged without it, so they stand. Null when there is none.
     */
    private Judged readEarlier(JobState now, Running r, StatementWatch.Observation seen) {
        for (JobState earlier : r.earlierStates()) {
            JobJudgement then = model.judge(earlier, r.command, earlier.now(), seen.outcome());
            if (then.judgement() != null && then.judgement().isReference() && then.transition().next().equals(earlier)) {
                JobTransition unchanged = new JobTransition(now, then.transition().outcome(), List.of());
                return new Judged(new JobJudgement(unchanged, then.judgement()), earlier.now(), true);
            }
        }
        return null;
    }

    private JobJudgement judgementAt(JobState s, Running r, StatementWatch.Observation seen, long at) {
        if (seen.outcome() != null) {
            return model.judge(s, r.command, at, seen.outcome());
        }
        return new JobJudgement(ModelStep.at(model, s, r.command, at, null), null);
    }
}
