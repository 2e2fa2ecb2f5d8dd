package fencecheck.run;

import fencecheck.job.JobOutcome;
import fencecheck.model.RunStop;

import java.net.SocketTimeoutException;
import java.sql.SQLException;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Reads what a session's statement did once it is done, and gives a new statement a moment to answer. */
final class StatementWatch {

    /** How long a statement may take to answer before the runner asks whether it waits for a lock. */
    private static final long ANSWER_AT_ONCE_MILLIS = 2;
    private static final String DEADLOCK_DETECTED = "40P01";

    /** What a statement did: answered, or the error that ended it; and how long it took, waits included. */
    record Observation(JobOutcome outcome, String error, boolean deadlockVictim, long nanos) {
        Observation(JobOutcome outcome, String error) {
            this(outcome, error, false, 0);
        }
    }

    private StatementWatch() {
    }

    /**
     * Most statements answer at once: asking the server whether they wait would
     * cost a round trip each, so the runner first gives them a moment.
     */
    static void awaitBriefly(Session s) {
        try {
            s.pending.get(ANSWER_AT_ONCE_MILLIS, TimeUnit.MILLISECONDS);
        } catch (TimeoutException | ExecutionException | CancellationException e) {
            // still running, or failed: read when done
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The answer of a statement that is done; the session is free again. */
    static Observation answer(Session s) {
        Future<JobOutcome> done = s.pending;
        s.pending = null;
        long nanos = Math.max(0, s.finishedNanos - s.startedNanos);
        try {
            return new Observation(done.get(), null, false, nanos);
        } catch (ExecutionException e) {
            return failed(e.getCause(), nanos);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Observation(null, "interrupted while waiting for the statement");
        }
    }

    /**
     * Runs a statement on the calling thread, when no other session of the try
     * can hold a lock it would wait for.
     *
     * @throws InlineBlocked when it ran past the connection's network timeout: it waited after all
     */
    static Observation inline(Callable<JobOutcome> call) {
        long started = System.nanoTime();
        try {
            JobOutcome outcome = call.call();
            return new Observation(outcome, null, false, System.nanoTime() - started);
        } catch (Exception e) {
            for (Throwable t = e; t != null; t = t.getCause()) {
                if (t instanceof SocketTimeoutException) {
                    throw new InlineBlocked();
                }
            }
            return failed(e, System.nanoTime() - started);
        }
    }

    /**
     * The failure as the step's answer, unless it is a {@link RunStop} (the implementation's setup breaks a promise the
     * kit relies on), which ends the try and the property instead, whatever the library wrapped it in.
     */
    static Observation failed(Throwable cause, long nanos) {
        RunStop stop = RunStop.in(cause);
        if (stop != null) {
            throw stop;
        }
        if (cause instanceof SQLException sql && DEADLOCK_DETECTED.equals(sql.getSQLState())) {
            return new Observation(null, "the database detected a deadlock and aborted the statement: "
                    + firstLine(cause.getMessage()), true, nanos);
        }
        return new Observation(null, "the statement failed: " + firstLine(String.valueOf(cause.getMessage())) + rootCause(cause),
                false, nanos);
    }

    /**
     * The innermost cause, when the failure wraps one: a library's own words ("Could not open JDBC Connection") often
     * hide what went wrong under them (the adapter's NullPointerException, the server's error). Empty otherwise.
     */
    private static String rootCause(Throwable cause) {
        Throwable root = cause;
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        while (root.getCause() != null && seen.add(root)) {
            root = root.getCause();
        }
        if (root == cause || root.getMessage() != null && String.valueOf(cause.getMessage()).contains(root.getMessage())) {
            return "";
        }
        return " (caused by " + root.getClass().getSimpleName() + (root.getMessage() == null ? "" : ": " + firstLine(root.getMessage())) + ")";
    }

    /**
     * A statement run on the calling thread did not answer in time: something
     * outside the try's open transactions holds a lock it waits for (a
     * session-level lock such as {@code pg_advisory_lock}), so the try must be
     * run again with every statement on a thread of its own.
     */
    static final class InlineBlocked extends RuntimeException {
        InlineBlocked() {
            super("a statement run inline waited for a lock held outside any open transaction", null, false, false);
        }
    }

    private static String firstLine(String message) {
        return message == null ? "" : message.lines().findFirst().orElse(message);
    }
}
