package fencecheck.run;

import fencecheck.db.Databases;
import fencecheck.job.JobOutcome;
import fencecheck.protocol.Implementations;
import org.junit.jupiter.api.Test;

import java.sql.SQLException;
import java.util.concurrent.CompletableFuture;

import static org.assertj.core.api.Assertions.assertThat;

/** A statement that ended with an error is an observation with a one-line reason; a deadlock says so. */
class StatementWatchTest {

    private static StatementWatch.Observation watchFailing(SQLException error) throws SQLException {
        try (JobRunner runner = new JobRunner(Databases.shared(), Implementations.select("reference"))) {
            JobSession session = new JobSession("w1");
            session.pending = CompletableFuture.<JobOutcome>failedFuture(error);
            StatementWatch.Observation seen = StatementWatch.watch(runner, session, false, false);
            assertThat(session.pending).isNull();
            return seen;
        }
    }

    @Test
    void aDeadlockAbortIsNamedInTheVerdict() throws SQLException {
        StatementWatch.Observation seen = watchFailing(new SQLException(
                "ERROR: deadlock detected\n  Detail: Process 1 waits for ShareLock on transaction 2", "40P01"));
        assertThat(seen.outcome()).isNull();
        assertThat(seen.error()).isEqualTo("the database detected a deadlock and aborted the statement: ERROR: deadlock detected");
    }

    @Test
    void anyOtherErrorIsTheStatementFailing() throws SQLException {
        StatementWatch.Observation seen = watchFailing(new SQLException("ERROR: relation \"outbox\" does not exist", "42P01"));
        assertThat(seen.error()).isEqualTo("the statement failed: ERROR: relation \"outbox\" does not exist");
    }
}
