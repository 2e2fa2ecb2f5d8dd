package fencecheck.run;

import fencecheck.api.Lease;
import fencecheck.api.Outcome;
import fencecheck.job.JobCommand;
import fencecheck.job.JobJudgement;
import fencecheck.job.JobOutcome;
import fencecheck.job.JobRows;
import fencecheck.job.JobState;
import fencecheck.job.JobTransition;
import fencecheck.model.Describe;
import fencecheck.model.Judgement;
import fencecheck.model.Micros;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The effect of a call on its own (no transaction of the runner open) whose
 * answer never came: a network fault took a request or an answer of one of its
 * statements, or a split stopped it and its connection went. However many
 * statements it sent, in a transaction of its own or not, a correct
 * implementation's call either did nothing or did all of it at one instant of
 * its life; which, the rows of its key show once nothing of the call can happen
 * any more. A grant of an implementation claiming any increasing token takes
 * the token the rows show. Where strict conformance is not claimed, a lease
 * operation may also have run with an answer the reference would not give but
 * that breaks no guarantee (a renew that revived an expired lease nobody took
 * meanwhile): the answer the rows imply, judged as an answer that came. Rows
 * that show none of those (a half-done operation) are a divergence, and the
 * history says what was tried.
 */
final class UnknownEffect {

    /**
     * What the rows settled.
     *
     * @param next     the model's state after the call
     * @param expected the model's answer to the call when it ran, null when it did not (or nothing matched)
     * @param at       the instant it ran at, or the instant the possibilities were judged at
     * @param inWords  what the rows show, for the history
     * @param judgement how the model judged the answer the rows imply, when it is not the reference's; else null
     * @param input    what the model was told of the call, whose step from the state before gives {@code next}
     */
    record Settled(JobState next, JobOutcome expected, long at, String inWords, Judgement judgement, ModelInput input) {

        Settled(JobState next, JobOutcome expected, long at, String inWords, ModelInput input) {
            this(next, expected, at, inWords, null, input);
        }

        /** What the model said of the answer the rows imply, for the call's event. */
        TryEvent.Verdict verdict() {
            return judgement == null ? TryEvent.Verdict.NONE : new TryEvent.Verdict(judgement.level(), judgement.difference());
        }
    }

    private final TryState st;
    private final Observer observer;

    UnknownEffect(TryState st, Observer observer) {
        this.st = st;
        this.observer = observer;
    }

    /**
     * Settles the call from the committed rows of {@code key}: the first of "ran at each of {@code instants}" and
     * "did not run" whose rows are the database's; with none, the model keeps "did not run", so the entry's rows
     * differ.
     */
    Settled settle(JobCommand command, String key, List<Long> instants, long judgedAt) throws SQLException {
        JobRows seen = observer.read(key, null);
        Lease shown = seen.protocol().lease();
        Long shownToken = shown == null ? null : shown.token();
        List<String> tried = new ArrayList<>();
        for (long at : instants) {
            JobTransition ran;
            try {
                ran = ModelStep.at(st.model, st.state(), command, at, shownToken);
            } catch (IllegalArgumentException outOfScope) {
                continue;
            }
            String when = instants.size() > 1 ? " at " + Micros.format(at) : "";
            if (shows(ran.next(), key, seen)) {
                return new Settled(ran.next(), ran.outcome(), at, "the rows show it ran" + when,
                        new ModelInput.Completed(command, at, shownToken));
            }
            tried.add("run" + when + " answering " + inWords(ran.outcome()));
        }
        if (shows(st.state(), key, seen)) {
            return new Settled(st.state(), null, judgedAt, "the rows show it did not run", ModelInput.NOTHING);
        }
        tried.add("not run");
        if (!st.strict && command instanceof JobCommand.LeaseOperation) {
            for (long at : instants) {
                for (Outcome implied : impliedBy(shown)) {
                    JobOutcome answer = new JobOutcome.Answered(implied);
                    JobJudgement judged = st.model.judge(st.state(), command, at, answer);
                    if (judged.judgement() != null && judged.acceptable(false) && shows(judged.transition().next(), key, seen)) {
                        return new Settled(judged.transition().next(), judged.transition().outcome(), at, "the rows show it ran"
                                + (instants.size() > 1 ? " at " + Micros.format(at) : "") + " as if it answered "
                                + Describe.outcome(implied) + ", an answer the reference would not give", judged.judgement(),
                                new ModelInput.Judged(command, at, answer));
                    }
                }
            }
        }
        return new Settled(st.state(), null, judgedAt, "the rows show " + seen.describe() + ", which is none of what it may have"
                + " done (" + String.join("; ", tried) + ")", ModelInput.NOTHING);
    }

    /** The answers of a lease operation that would leave the lease the rows show. */
    private static List<Outcome> impliedBy(Lease shown) {
        return shown == null ? List.of(new Outcome.Released())
                : List.of(new Outcome.Renewed(shown.until()), new Outcome.Granted(shown.token(), shown.until()));
    }

    /** Whether the model's state has the rows the database showed for the key, as the implementation's row comparison reads them. */
    private boolean shows(JobState state, String key, JobRows seen) {
        return observer.asClaimed(state.rows(key, null), seen).equals(seen);
    }

    private static String inWords(JobOutcome outcome) {
        return outcome instanceof JobOutcome.Answered a ? Describe.outcome(a.outcome()) : String.valueOf(outcome);
    }
}
