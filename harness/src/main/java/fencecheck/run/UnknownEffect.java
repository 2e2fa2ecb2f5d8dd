package fencecheck.run;

import fencecheck.job.JobCommand;
import fencecheck.job.JobOutcome;
import fencecheck.job.JobRows;
import fencecheck.job.JobState;
import fencecheck.job.JobTransition;
import fencecheck.model.Describe;
import fencecheck.model.Lease;
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
 * the token the rows show. Rows that show none of those (a half-done
 * operation) are a divergence, and the history says what was tried.
 */
final class UnknownEffect {

    /**
     * What the rows settled.
     *
     * @param next     the model's state after the call
     * @param expected the model's answer to the call when it ran, null when it did not (or nothing matched)
     * @param at       the instant it ran at, or the instant the possibilities were judged at
     * @param inWords  what the rows show, for the history
     */
    record Settled(JobState next, JobOutcome expected, long at, String inWords) {
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
                ran = ModelStep.at(st.model, st.state, command, at, shownToken);
            } catch (IllegalArgumentException outOfScope) {
                continue;
            }
            String when = instants.size() > 1 ? " at " + Micros.format(at) : "";
            if (shows(ran.next(), key, seen)) {
                return new Settled(ran.next(), ran.outcome(), at, "the rows show it ran" + when);
            }
            tried.add("run" + when + " answering " + inWords(ran.outcome()));
        }
        if (shows(st.state, key, seen)) {
            return new Settled(st.state, null, judgedAt, "the rows show it did not run");
        }
        tried.add("not run");
        return new Settled(st.state, null, judgedAt, "the rows show " + seen.describe() + ", which is none of what it may have"
                + " done (" + String.join("; ", tried) + ")");
    }

    /** Whether the model's state has the rows the database showed for the key, as the implementation's row comparison reads them. */
    private boolean shows(JobState state, String key, JobRows seen) {
        return observer.asClaimed(state.rows(key, null), seen).equals(seen);
    }

    private static String inWords(JobOutcome outcome) {
        return outcome instanceof JobOutcome.Answered a ? Describe.outcome(a.outcome()) : String.valueOf(outcome);
    }
}
