package fencecheck.run;

import fencecheck.job.JobCommand;
import fencecheck.job.JobOutcome;
import fencecheck.job.JobRows;
import fencecheck.model.Judgement;
import fencecheck.trace.Step;

/**
 * One thing that happened in a try, as the runner appends it to the {@link TryHistory}: each kind holds only what it
 * has. The {@link HistoryEntry} the checkers, the result files and the report read is derived from it ({@link #entry()}),
 * so the history's view stays what it was while the runner speaks in events.
 */
sealed interface TryEvent {

    /** The step of the trace it belongs to, from 1. */
    int step();

    /** The history's view of the event. */
    HistoryEntry entry();

    /** The key whose rows are read beside the event once the try is quiet; null when none are. */
    default String key() {
        return null;
    }

    /** The same event with the model's rows of its key and the database's; unchanged for an event without a key. */
    default TryEvent withRows(JobRows expected, JobRows observed) {
        return this;
    }

    /**
     * The rows of a key as the model says the acting session sees them and as read from the database; both null until
     * they are read.
     */
    record KeyRows(String key, JobRows expected, JobRows observed) {

        static KeyRows of(String key) {
            return new KeyRows(key, null, null);
        }

        KeyRows read(JobRows expectedNow, JobRows observedNow) {
            return new KeyRows(key, expectedNow, observedNow);
        }
    }

    /** What the model said of an answer the reference would not give; null level where it judged none. */
    record Verdict(Judgement.Level level, String difference) {

        static final Verdict NONE = new Verdict(null, null);

        static Verdict of(Judgement judgement) {
            return judgement == null || judgement.isReference() ? NONE : new Verdict(judgement.level(), judgement.difference());
        }
    }

    /**
     * A statement of a session that came back: answered, shown waiting ({@code observed} is {@code Waiting}), failed with
     * {@code error}, or never completed; with the model's answer ({@code expected}), its verdict on the database's, and
     * what the model was told of it ({@code input}).
     */
    record Answered(int step, boolean resumed, String session, String action, JobCommand command, long at, JobOutcome expected,
                    JobOutcome observed, KeyRows rows, String error, Verdict verdict, ModelInput input) implements TryEvent {

        /** A statement the model was told nothing of (a wait, a statement that never completed). */
        Answered(int step, boolean resumed, String session, String action, JobCommand command, long at, JobOutcome expected,
                 JobOutcome observed, String key, String error) {
            this(step, resumed, session, action, command, at, expected, observed, KeyRows.of(key), error, Verdict.NONE,
                    ModelInput.NOTHING);
        }

        /** The same, with what the model said of the answer and what it was told. */
        Answered judged(Verdict newVerdict, ModelInput newInput) {
            return new Answered(step, resumed, session, action, command, at, expected, observed, rows, error, newVerdict, newInput);
        }

        /** The same, with what the model said of the answer. */
        Answered judged(Verdict newVerdict) {
            return judged(newVerdict, input);
        }

        @Override
        public String key() {
            return rows.key();
        }

        @Override
        public Answered withRows(JobRows expectedNow, JobRows observedNow) {
            return new Answered(step, resumed, session, action, command, at, expected, observed, rows.read(expectedNow, observedNow),
                    error, verdict, input);
        }

        @Override
        public HistoryEntry entry() {
            return new HistoryEntry(step, HistoryEntry.Kind.STATEMENT, resumed, session, action, command, at, expected, observed,
                    rows.key(), rows.expected(), rows.observed(), error, null, verdict.level(), verdict.difference(), null);
        }
    }

    /**
     * A statement whose request or answer a network {@code fault} took away: nothing was heard of it, so it has no
     * observed answer; {@code expected} is what the model settled it did, null when it did nothing, and {@code input}
     * what the model was told of it.
     */
    record Unanswered(int step, String session, String action, JobCommand command, long at, JobOutcome expected, KeyRows rows,
                      String fault, Verdict verdict, ModelInput input) implements TryEvent {

        @Override
        public String key() {
            return rows.key();
        }

        @Override
        public Unanswered withRows(JobRows expectedNow, JobRows observedNow) {
            return new Unanswered(step, session, action, command, at, expected, rows.read(expectedNow, observedNow), fault, verdict,
                    input);
        }

        @Override
        public HistoryEntry entry() {
            return new HistoryEntry(step, HistoryEntry.Kind.STATEMENT, false, session, action, command, at, expected, null,
                    rows.key(), rows.expected(), rows.observed(), null, fault, verdict.level(), verdict.difference(), null);
        }
    }

    /**
     * A session's transaction rolled back because its connection went (with a network {@code fault}, or null): the
     * model rolls it back too, and the answer is the model's.
     */
    record RolledBack(int step, String session, String action, long at, JobOutcome outcome, String fault) implements TryEvent {

        @Override
        public HistoryEntry entry() {
            return new HistoryEntry(step, HistoryEntry.Kind.STATEMENT, true, session, action, new JobCommand.Rollback(session), at,
                    outcome, outcome, null, null, null, null, fault, null, null, null);
        }
    }

    /** A step that did not apply (a paused worker, a write with no token to write with): nothing ran. */
    record Skipped(int step, String actor, String why, long at) implements TryEvent {

        @Override
        public HistoryEntry entry() {
            return new HistoryEntry(step, HistoryEntry.Kind.NO_OP, false, actor, "(no-op) " + why, null, at, null, null, null,
                    null, null, null, null, null, null, null);
        }
    }

    /**
     * A fault that happened to a lane (a pause, a restart, a statement lost with its connection); {@code resumed} when
     * it ended a statement that began earlier, whose key's rows then settle what it did ({@code rows}, with a null key
     * when none do, and {@code input} what the model was told of what they settled); {@code fault} the network
     * fault that caused it, or null.
     */
    record Fault(int step, boolean resumed, String actor, String what, long at, KeyRows rows, String fault, ModelInput input)
            implements TryEvent {

        Fault(int step, String actor, String what, long at) {
            this(step, false, actor, what, at, KeyRows.of(null), null, ModelInput.NOTHING);
        }

        @Override
        public String key() {
            return rows.key();
        }

        @Override
        public Fault withRows(JobRows expectedNow, JobRows observedNow) {
            return new Fault(step, resumed, actor, what, at, rows.read(expectedNow, observedNow), fault, input);
        }

        @Override
        public HistoryEntry entry() {
            return new HistoryEntry(step, HistoryEntry.Kind.FAULT, resumed, actor, what, null, at, null, null, rows.key(),
                    rows.expected(), rows.observed(), null, fault, null, null, null);
        }
    }

    /**
     * The database restarted on the same data (a crash, or a failover with its {@code failover} facts): the model's
     * answer to the restart, and, when a key's committed rows are not what the model kept, those rows; {@code input} is
     * the restart for the model, or nothing for the entry that shows the rows after it.
     */
    record Restarted(int step, String what, long at, JobOutcome expected, KeyRows rows, FailoverFacts failover, ModelInput input)
            implements TryEvent {

        @Override
        public HistoryEntry entry() {
            return new HistoryEntry(step, HistoryEntry.Kind.FAULT, false, Step.NEMESIS, what, new JobCommand.CrashDatabase(), at,
                    expected, new JobOutcome.Restarted(), rows.key(), rows.expected(), rows.observed(), null, null, null, null,
                    failover);
        }
    }

    /**
     * Something worth a line that is neither a statement nor a fault (a resume, an armed network {@code fault}, or null);
     * {@code input} is nothing but for the note that the model goes on from the commits a failover kept.
     */
    record Note(int step, String actor, String what, long at, String fault, ModelInput input) implements TryEvent {

        Note(int step, String actor, String what, long at) {
            this(step, actor, what, at, null, ModelInput.NOTHING);
        }

        @Override
        public HistoryEntry entry() {
            return new HistoryEntry(step, HistoryEntry.Kind.NOTE, false, actor, what, null, at, null, null, null, null, null, null,
                    fault, null, null, null);
        }
    }

    /** A split stopped a session's call between two statements of its file; other actors go on. */
    record Stopped(int step, String session, String what, JobCommand command, long at) implements TryEvent {

        @Override
        public HistoryEntry entry() {
            return new HistoryEntry(step, HistoryEntry.Kind.BETWEEN, false, session, what, command, at, null, null, null, null, null,
                    null, null, null, null, null);
        }
    }

    /** The clock moved: the model's answer and the clock the database shows. */
    record ClockMoved(int step, String what, JobCommand command, long at, JobOutcome expected, JobOutcome observed) implements TryEvent {

        @Override
        public HistoryEntry entry() {
            return new HistoryEntry(step, HistoryEntry.Kind.CLOCK, false, Step.CLOCK, what, command, at, expected, observed, null,
                    null, null, null, null, null, null, null);
        }
    }

    /** The outbox relay delivered, or delivered again, with the rows of the key it delivered for. */
    record Relayed(int step, String what, JobCommand command, long at, JobOutcome expected, JobOutcome observed, KeyRows rows)
            implements TryEvent {

        @Override
        public String key() {
            return rows.key();
        }

        @Override
        public Relayed withRows(JobRows expectedNow, JobRows observedNow) {
            return new Relayed(step, what, command, at, expected, observed, rows.read(expectedNow, observedNow));
        }

        @Override
        public HistoryEntry entry() {
            return new HistoryEntry(step, HistoryEntry.Kind.RELAY, false, Step.RELAY, what, command, at, expected, observed,
                    rows.key(), rows.expected(), rows.observed(), null, null, null, null, null);
        }
    }
}
