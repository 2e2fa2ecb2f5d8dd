package fencecheck.run;

import fencecheck.job.JobOutcome;
import fencecheck.job.JobRowAgreement;
import fencecheck.job.JobRows;
import fencecheck.job.JobState;

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

    /** The event with the rows of its key as the model in state {@code model} says them, and as the database shows them. */
    TryEvent withRows(TryEvent e, JobState model) throws SQLException {
        HistoryEntry seen = e.entry();
        if (e.key() == null || seen.error() != null || seen.observed() instanceof JobOutcome.Waiting) {
            return e;
        }
        String viewer = viewerOf(seen.actor(), model);
        JobRows observed = read(e.key(), viewer);
        return e.withRows(asClaimed(model.rows(e.key(), viewer), observed, model.now()), observed);
    }

    /**
     * The model's rows, as the implementation's claimed row comparison reads them: under
     * {@code rows=validity-and-answers}, when the rows agree in what that compares (whether the lease is held now,
     * by whom, under which token, and the sinks), the model's lease is shown as the database stores it, as its exact
     * {@code until} is judged only through the answers. Otherwise the model's rows as they are.
     */
    JobRows asClaimed(JobRows expected, JobRows observed) {
        return asClaimed(expected, observed, st.state().now());
    }

    /** {@link #asClaimed(JobRows, JobRows)} at the model's clock {@code now}. */
    JobRows asClaimed(JobRows expected, JobRows observed, long now) {
        if (expected == null || observed == null || expected.equals(observed)
                || !JobRowAgreement.agree(st.model.config(), expected, observed, now)) {
            return expected;
        }
        return new JobRows(expected.protocol().withLease(observed.protocol().lease()), expected.jobState(), expected.business(),
                expected.outbox(), expected.effects());
    }

    /** Whose view of the rows: the session's own while its transaction is open and idle, else what is committed. */
    private String viewerOf(String session, JobState model) {
        return model.transaction(session) != null && !st.running.containsKey(session) ? session : null;
    }
}
