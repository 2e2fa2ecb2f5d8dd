package fencecheck.run;

import fencecheck.job.JobCommand;
import fencecheck.job.JobOutcome;
import fencecheck.job.JobRows;
import fencecheck.model.Judgement;

import com.fasterxml.jackson.annotation.JsonIgnore;

/**
 * One thing that happened in a try: a statement the model judged, a wait the
 * database showed, a fault, a move of the clock, a relay step, a note, or a
 * step that did not apply. A waiting statement that went on in a later step
 * ({@code resumed}) belongs to the step that released it, in the lane of the
 * session whose statement it was. The runner appends {@link TryEvent}s; an
 * entry is an event's view, the one the checkers, result files and report read.
 *
 * @param kind          what sort of entry it is, so readers never parse {@code action}
 * @param actor         the lane: the session (worker incarnation, zombie, relay) or the clock or nemesis
 * @param action        what happened, in words for the trace table
 * @param command       the statement as the model ran it, or null when the model ran none
 * @param expected      the model's answer
 * @param observed      the database's answer; {@code Waiting} when the session was seen blocked
 * @param expectedRows  the rows of {@code key} as the model says the acting session sees them
 * @param observedRows  the same rows as read from the database
 * @param error         a database error or a statement that never completed, or null
 * @param fault         the network fault injected into this statement, or null; a statement whose answer the
 *                      fault took away has no observed outcome, and that is no divergence
 * @param level         what the model said of the database's answer ({@link Judgement.Level}); null where it
 *                      judged none (a statement outside the lease operations and writes, a wait, an error)
 * @param difference    in words, how an admissible or unsafe answer differs from the reference's and what it
 *                      means; null otherwise
 * @param failover      on a failover's entry, what it did (the servers, the setting, the steps whose commits it
 *                      lost); null on every other entry
 */
public record HistoryEntry(
        int step,
        Kind kind,
        boolean resumed,
        String actor,
        String action,
        JobCommand command,
        long at,
        JobOutcome expected,
        JobOutcome observed,
        String key,
        JobRows expectedRows,
        JobRows observedRows,
        String error,
        String fault,
        Judgement.Level level,
        String difference,
        FailoverFacts failover) {

    public enum Kind {
        /** A statement of a session, judged by the model (or lost, with {@code fault} saying how). */
        STATEMENT,
        /** A step that did not apply (a paused worker, a write with no token to write with): nothing ran. */
        NO_OP,
        /**
         * A fault that happened: a pause, a restart, a crash, a failover (with its {@code failover} facts), a
         * coordinator restart, a statement lost with its connection.
         */
        FAULT,
        /** Something the runner says about the try that is neither a statement nor a fault (a resume, an armed network fault). */
        NOTE,
        /** The clock moved. */
        CLOCK,
        /** The outbox relay delivered, or delivered again. */
        RELAY,
        /**
         * A split stopped a session's call between two statements of its file (its {@code command}); other
         * actors go on, and the entry that judges the call comes when it goes on.
         */
        BETWEEN
    }

    /** An entry that is not a failover's. */
    public HistoryEntry(int step, Kind kind, boolean resumed, String actor, String action, JobCommand command, long at,
                        JobOutcome expected, JobOutcome observed, String key, JobRows expectedRows, JobRows observedRows,
                        String error, String fault, Judgement.Level level, String difference) {
        this(step, kind, resumed, actor, action, command, at, expected, observed, key, expectedRows, observedRows, error, fault,
                level, difference, null);
    }

    /** An entry the model judged no answer of. */
    public HistoryEntry(int step, Kind kind, boolean resumed, String actor, String action, JobCommand command, long at,
                        JobOutcome expected, JobOutcome observed, String key, JobRows expectedRows, JobRows observedRows,
                        String error, String fault) {
        this(step, kind, resumed, actor, action, command, at, expected, observed, key, expectedRows, observedRows, error, fault,
                null, null);
    }

    /** An entry with no network fault in it. */
    public HistoryEntry(int step, Kind kind, boolean resumed, String actor, String action, JobCommand command, long at,
                        JobOutcome expected, JobOutcome observed, String key, JobRows expectedRows, JobRows observedRows,
                        String error) {
        this(step, kind, resumed, actor, action, command, at, expected, observed, key, expectedRows, observedRows, error, null);
    }

    public boolean outcomeDiffers() {
        if (error != null) {
            return true;
        }
        if (fault != null && observed == null) {
            return false;
        }
        return expected != null ? !expected.equals(observed) : observed != null;
    }

    /** An answer no correct lease service may give: a safety finding whatever conformance is claimed. */
    @JsonIgnore
    public boolean unsafe() {
        return level == Judgement.Level.UNSAFE;
    }

    /** An answer the reference would not give that breaks no guarantee: a conformance difference. */
    @JsonIgnore
    public boolean admissibleDifference() {
        return level == Judgement.Level.ADMISSIBLE;
    }

    /**
     * Whether the entry ends the try: under strict conformance any difference from the model; under safety an
     * unsafe answer, an error, or an answer the model judged none of that differs (a claim, a commit, a wait);
     * an admissible answer and rows that differ are then conformance notes.
     */
    public boolean endsTry(boolean strict) {
        if (strict) {
            return divergent();
        }
        if (error != null || unsafe()) {
            return true;
        }
        return outcomeDiffers() && level == null;
    }

    /** Under safety, whether the entry is a conformance note: an admissible answer, or rows that differ from the model's. */
    @JsonIgnore
    public boolean conformanceNote() {
        return error == null && (admissibleDifference() || !outcomeDiffers() && rowsDiffer());
    }

    public boolean rowsDiffer() {
        return expectedRows != null && !expectedRows.equals(observedRows);
    }

    public boolean divergent() {
        return outcomeDiffers() || rowsDiffer();
    }

    /** Whether the database showed this statement waiting for another session's lock. */
    @JsonIgnore
    public boolean isWait() {
        return observed instanceof JobOutcome.Waiting;
    }

    /**
     * The same entry as if {@code answer} had been heard, without what the model said of the answer heard: for the
     * checkers, a statement that ran though its answer was lost.
     */
    public HistoryEntry heardAs(JobOutcome answer) {
        return new HistoryEntry(step, kind, resumed, actor, action, command, at, expected, answer, key, expectedRows, observedRows,
                error, fault, null, null, null);
    }
}
