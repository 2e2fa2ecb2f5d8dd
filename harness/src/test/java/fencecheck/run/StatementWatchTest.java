package fencecheck.run;

import fencecheck.job.JobOutcome;
import org.junit.jupiter.api.Test;

import java.sql.SQLException;
import java.util.concurrent.CompletableFuture;

import static org.assertj.core.api.Assertions.assertThat;

/** A statement that ended with an error is an observation with a one-line reason; a deadlock says so, and is told apart. */
class StatementWatchTest {

    private static StatementWatch.Observation watchFailing(SQLException error) {
        Session session = new Session("w1");
        session.pending = CompletableFuture.<JobOutcome>failedFuture(error);
        StatementWatch.Observation seen = StatementWatch.answer(session);
        assertThat(session.pending).isNull();
        return seen;
    }

    @Test
    void aDeadlockAbortIsNamedAndMarkedAsTheDetectorsVictim() {
        StatementWatch.Observation seen = watchFailing(new SQLException(
                "ERROR: deadlock detected\n  Detail: Process 1 waits for ShareLock on transaction 2", "40P01"));
        assertThat(seen.outcome()).isNull();
        assertThat(seen.error()).isEqualTo("the database detected a deadlock and aborted the statement: ERROR: deadlock detected");
        assertThat(seen.deadlockVictim()).isTrue();
    }

    @Test
    void anyOtherErrorIsTheStatementFailing() {
        StatementWatch.Observation seen = watchFailing(new SQLException("ERROR: relation \"outbox\" does not exist", "42P01"));
        assertThat(seen.error()).isEqualTo("the statement failed: ERROR: relation \"outbox\" does not exist");
        assertThat(seen.deadlockVictim()).isFalse();
    }
}
