package fencecheck.run;

import fencecheck.job.JobOutcome;

import java.sql.SQLException;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Watches a session's running statement, the way PostgreSQL's isolation
 * tester does: until it answers, or until
 * {@code pg_isolation_test_session_is_blocked} says it waits for a lock one of
 * the try's other sessions holds; never longer than the runner's bound.
 */
final class StatementWatch {

    /** How long a statement the model says goes on may stay blocked before it counts as still waiting. */
    private static final long RESUME_MILLIS = 2_000;
    /** How long a statement may take to answer before the runner asks whether it waits for a lock. */
    private static final long ANSWER_AT_ONCE_MILLIS = 2;

    /** What a statement did: answered ({@code Waiting} when it waits), or the error that ended it. */
    record Observation(JobOutcome outcome, String error) {
    }

    private StatementWatch() {
    }

    /**
     * @param mustAnswer  the model says it goes on: being blocked counts only once it lasted {@value #RESUME_MILLIS} ms
     * @param likelyWaits the model says it waits: the server is asked at once
     */
    static Observation watch(JobRunner runner, JobSession s, boolean mustAnswer, boolean likelyWaits) throws SQLException {
        long started = System.nanoTime();
        long deadline = started + runner.statementMillis() * 1_000_000;
        if (!likelyWaits) {
            // most statements answer at once: asking the server whether they wait would cost a round trip each
            try {
                s.pending.get(ANSWER_AT_ONCE_MILLIS, TimeUnit.MILLISECONDS);
            } catch (TimeoutException | ExecutionException | CancellationException e) {
                // still running, or failed: read below
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        while (true) {
            if (s.pending.isDone()) {
                return answer(s);
            }
            if (runner.isBlocked(s) && (!mustAnswer || System.nanoTime() - started > RESUME_MILLIS * 1_000_000)) {
                return new Observation(new JobOutcome.Waiting(), null);
            }
            if (System.nanoTime() > deadline) {
                return new Observation(null, "the statement never completed: neither answered nor blocked by another session after "
                        + runner.statementMillis() + " ms");
            }
            JobRunner.pause();
        }
    }

    private static Observation answer(JobSession s) {
        Future<JobOutcome> done = s.pending;
        s.pending = null;
        try {
            return new Observation(done.get(), null);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            String why = cause instanceof SQLException sql && "40P01".equals(sql.getSQLState())
                    ? "the database detected a deadlock and aborted the statement: " + firstLine(cause.getMessage())
                    : "the statement failed: " + firstLine(String.valueOf(cause.getMessage()));
            return new Observation(null, why);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Observation(null, "interrupted while waiting for the statement");
        }
    }

    private static String firstLine(String message) {
        return message == null ? "" : message.lines().findFirst().orElse(message);
    }
}
