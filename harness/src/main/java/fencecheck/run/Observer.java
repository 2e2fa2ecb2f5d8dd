package fencecheck.run;

import fencecheck.job.JobCommand;
import fencecheck.job.JobOutcome;
import fencecheck.job.JobRowAgreement;
import fencecheck.job.JobRows;

import java.sql.SQLException;

/**
 * Reads the rows a step touched, on the runner's observer session, beside
 * the rows the model says the acting session sees: once the try is quiet, so
 * both are of one moment.
 */
final class Observer {

    private final TryState st;
    private final RowsReader rows;

    Observer(TryState st) {
        this.st = st;
        this.rows = new RowsReader(st.runner, st.runner.protocol().hasJobTransaction() && st.trace.needsJobOperations());
    }

    RowsReader reader() {
        return rows;
    }

    JobRows read(String key, String viewer) throws SQLException {
        return rows.read(key, viewer);
    }

    /** The entry with the model's rows of its key and the database's. */
    HistoryEntry withRows(HistoryEntry e) throws SQLException {
        if (e.key() == null || e.error() != null || e.observed() instanceof JobOutcome.Waiting) {
            return e;
        }
        String viewer = viewerOf(e.actor());
        JobRows observed = read(e.key(), viewer);
        return e.withRows(asClaimed(st.state.rows(e.key(), viewer), observed), observed);
    }

    /**
     * The model's rows, as the implementation's claimed row comparison reads them: under
     * {@code rows=validity-and-answers}, when the rows agree in what that compares (whether the lease is held now,
     * by whom, under which token, and the sinks), the model's lease is shown as the database stores it, as its exact
     * {@code until} is judged only through the answers. Otherwise the model's rows as they are.
     */
    JobRows asClaimed(JobRows expected, JobRows observed) {
        if (expected == null || observed == null || expected.equals(observed)
                || !JobRowAgreement.agree(st.model.config(), expected, observed, st.state.now())) {
            return expected;
        }
        return new JobRows(expected.protocol().withLease(observed.protocol().lease()), expected.jobState(), expected.business(),
                expected.outbox(), expected.effects());
    }

    /** An entry of the relay or the clock, with the rows of {@code key} when it has one. */
    HistoryEntry entry(HistoryEntry.Kind kind, String actor, String action, JobCommand command, long at, JobOutcome expected,
                       JobOutcome observed, String key) throws SQLException {
        HistoryEntry e = new HistoryEntry(st.stepNumber, kind, false, actor, action, command, at, expected, observed, key, null, null,
                null);
        return withRows(e);
    }

    /** Whose view of the rows: the session's own while its transaction is open and idle, else what is committed. */
    private String viewerOf(String session) {
        return st.state.transaction(session) != null && !st.running.containsKey(session) ? session : null;
    }
}
