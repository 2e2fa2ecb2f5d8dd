package fencecheck.run;

import fencecheck.job.JobCommand;
import fencecheck.job.JobJudgement;
import fencecheck.job.JobModel;
import fencecheck.job.JobOutcome;
import fencecheck.job.JobState;
import fencecheck.job.JobTransition;

import java.util.ArrayList;
import java.util.List;

/**
 * The model's judge, as pure functions of values. {@link #step} judges a call the database completed, in the manner
 * of Porcupine's {@code Step(state, input, output)}: from the model's state, the call (what it ran and the instants
 * of its life) and the database's answer, whether the answer is the reference's, admissible or unsafe, and the
 * model's state after it. {@link #after} gives the model's state after any event of a try's history from the state
 * before it, so the history alone, replayed from the first state, gives every state the try went through. Nothing
 * of the try is read or changed.
 */
final class Judge {

    private final JobModel model;
    /**
     * The last step {@link #step} took, so that {@link #after} does not take it again for the event that records it:
     * a memo of one result of a pure function, which changes no answer.
     */
    private Taken last;

    /** A step taken: from a state (by identity), with an input, to the next state. */
    private record Taken(JobState from, ModelInput input, JobState next) {
    }

    Judge(JobModel model) {
        this.model = model;
    }

    /**
     * A call as the judge sees it.
     *
     * @param command       the statement as the model runs it
     * @param instants      the instants it may have run at: its start first, then each clock set before it completed
     * @param earlierStates for a call a split stopped between its statements, the model's states it lived through
     *                      before the one it completes in, oldest first (its first statement may have read the rows in
     *                      any of them); empty otherwise
     */
    record Call(JobCommand command, List<Long> instants, List<JobState> earlierStates) {
        Call {
            instants = List.copyOf(instants);
            earlierStates = List.copyOf(earlierStates);
        }
    }

    /** A judgement, the instant it was made at, and whether it was made in a state the call lived through earlier. */
    record Judged(JobJudgement judgement, long at, boolean readEarlier) {

        Judged(JobJudgement judgement, long at) {
            this(judgement, at, false);
        }

        JobTransition transition() {
            return judgement.transition();
        }

        /** The model's state after the call. */
        JobState next() {
            return judgement.transition().next();
        }

        /** What the model was told of {@code command} with the answer {@code output}, for the call's event. */
        ModelInput input(JobCommand command, JobOutcome output) {
            if (readEarlier) {
                return ModelInput.NOTHING;
            }
            return output != null ? new ModelInput.Judged(command, at, output) : new ModelInput.Completed(command, at, null);
        }

        /** What the model said of the answer, for the call's event. */
        TryEvent.Verdict verdict() {
            return TryEvent.Verdict.of(judgement.judgement());
        }

        /** Whether the model takes the answer as the reference's, or (when not strict) as admissible. */
        boolean accepts(JobOutcome output, boolean strict) {
            if (judgement.judgement() == null) {
                return transition().outcome().equals(output);
            }
            return judgement.acceptable(strict);
        }
    }

    /** Whether the model, judging the statements in this order from {@code from}, accepts each answer the database gave. */
    boolean agrees(JobState from, List<Exchange.Done> order, boolean strict) {
        JobState s = from;
        for (Exchange.Done d : order) {
            JobOutcome output = d.seen().outcome();
            if (output == null) {
                continue;
            }
            try {
                Judged j = step(s, d.running().call(), output);
                if (!j.accepts(output, strict)) {
                    return false;
                }
                s = j.next();
            } catch (IllegalArgumentException outOfScope) {
                return false;
            }
        }
        return true;
    }

    /**
     * The step of {@code call} from {@code state} with the database's answer {@code output} (null: none came, the
     * statement failed). A statement runs at one instant of its life: the clock of its start, or, when it waited
     * while the clock moved, a clock set before it completed (PostgreSQL's {@code clock_timestamp()} read after the
     * wait). The first instant whose answer is the reference's is taken; else, for a call a split stopped, an earlier
     * state it lived through that gives its answer and changes nothing (its first statement read the rows then); else
     * the first instant whose answer is admissible; else the start's, so the difference shows.
     *
     * @throws IllegalArgumentException when the command is out of the model's scope in that state
     */
    Judged step(JobState state, Call call, JobOutcome output) {
        Judged judged = judge(state, call, output);
        last = new Taken(state, judged.input(call.command(), output), judged.next());
        return judged;
    }

    private Judged judge(JobState state, Call call, JobOutcome output) {
        Judged first = null;
        Judged admissible = null;
        for (long at : call.instants()) {
            Judged j = new Judged(judgementAt(state, call.command(), output, at), at);
            if (first == null) {
                first = j;
            }
            if (output == null || j.accepts(output, true)) {
                return j;
            }
            if (admissible == null && j.accepts(output, false)) {
                admissible = j;
            }
        }
        Judged earlier = readEarlier(state, call, output);
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
    private Judged readEarlier(JobState now, Call call, JobOutcome output) {
        for (JobState earlier : call.earlierStates()) {
            JobJudgement then = model.judge(earlier, call.command(), earlier.now(), output);
            if (then.judgement() != null && then.judgement().isReference() && then.transition().next().equals(earlier)) {
                JobTransition unchanged = new JobTransition(now, then.transition().outcome(), List.of());
                return new Judged(new JobJudgement(unchanged, then.judgement()), earlier.now(), true);
            }
        }
        return null;
    }

    /** The model's state after {@code event}, from {@code state} before it. */
    JobState after(JobState state, TryEvent event) {
        return switch (event) {
            case TryEvent.Answered a -> after(state, a.input());
            case TryEvent.Unanswered u -> after(state, u.input());
            case TryEvent.Fault f -> after(state, f.input());
            case TryEvent.Restarted r -> after(state, r.input());
            case TryEvent.Note n -> after(state, n.input());
            case TryEvent.RolledBack r -> model.complete(state, new JobCommand.Rollback(r.session()), state.now()).next();
            case TryEvent.ClockMoved c -> model.step(state, c.command()).next();
            case TryEvent.Relayed r -> model.step(state, r.command()).next();
            case TryEvent.Skipped s -> state;
            case TryEvent.Stopped s -> state;
        };
    }

    /** The model's state after it is told {@code input} in {@code state}. */
    JobState after(JobState state, ModelInput input) {
        Taken taken = last;
        if (taken != null && taken.from() == state && taken.input().equals(input)) {
            return taken.next();
        }
        return switch (input) {
            case ModelInput.Nothing n -> state;
            case ModelInput.Stepped s -> model.step(state, s.command()).next();
            case ModelInput.Completed c -> ModelStep.at(model, state, c.command(), c.at(), c.grantedToken()).next();
            case ModelInput.Judged j -> model.judge(state, j.command(), j.at(), j.output()).transition().next();
            case ModelInput.SettledOn s -> CommittedPrefixes.settled(s.kept(), state);
        };
    }

    /** Every model state of a history, replayed from {@code first}: the state after each event, in order. */
    List<JobState> replay(JobState first, List<TryEvent> events) {
        List<JobState> states = new ArrayList<>(events.size());
        JobState s = first;
        for (TryEvent e : events) {
            s = after(s, e);
            states.add(s);
        }
        return states;
    }

    private JobJudgement judgementAt(JobState s, JobCommand command, JobOutcome output, long at) {
        if (output != null) {
            return model.judge(s, command, at, output);
        }
        return new JobJudgement(ModelStep.at(model, s, command, at, null), null);
    }
}
