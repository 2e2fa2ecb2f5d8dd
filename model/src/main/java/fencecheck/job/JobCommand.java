package fencecheck.job;

import fencecheck.model.Command;

/**
 * One statement of a session, or a step of the outbox relay or the clock.
 * A session is one worker's database connection; it has at most one open
 * transaction and runs one statement at a time.
 *
 * <p>The job transaction of the protocol (model/README.md) is {@link Begin}, {@link Claim} (the
 * token-conditioned update of the job-state row), {@link BusinessRow},
 * {@link OutboxRow}, then {@link Commit} or {@link Rollback}; other sessions'
 * statements may run between any two of them.
 */
public sealed interface JobCommand {

    /** An Acquire, Renew or Release, always in a statement of its own (autocommit). */
    record LeaseOperation(String session, Command command) implements JobCommand {
    }

    /** A write to either sink: inside the session's open transaction if it has one, else on its own. */
    record Write(String session, Command.Write write) implements JobCommand {
    }

    record Begin(String session) implements JobCommand {
    }

    /** The token-conditioned update of the job-state row of {@code key}; it holds that row until the transaction ends. */
    record Claim(String session, String key, long token) implements JobCommand {
    }

    /** The job's business row, written only when the transaction's claim held. */
    record BusinessRow(String session, String resultId, String payload) implements JobCommand {
    }

    /** The job's outbox message, keyed by the stable business key (job key, result id); written only when the claim held. */
    record OutboxRow(String session, String resultId, String payload) implements JobCommand {
    }

    record Commit(String session) implements JobCommand {
    }

    record Rollback(String session) implements JobCommand {
    }

    /**
     * The relay hands the oldest committed, unmarked outbox message to the
     * consumer, then marks it delivered; with {@code crashBeforeMark} it dies
     * between the two, so the message stays unmarked and goes out again.
     */
    record Relay(boolean crashBeforeMark) implements JobCommand {
    }

    /** The last delivered message reaches the consumer once more (at-least-once delivery). */
    record Redeliver() implements JobCommand {
    }

    record AdvanceClock(long to) implements JobCommand {
    }

    /**
     * The database server stops at once and starts again on the same data:
     * what was committed survives, every open transaction and every statement
     * still running vanishes.
     */
    record CrashDatabase() implements JobCommand {
    }

    /** The session that runs this statement, or null for the relay and the clock. */
    static String sessionOf(JobCommand command) {
        return switch (command) {
            case LeaseOperation c -> c.session();
            case Write c -> c.session();
            case Begin c -> c.session();
            case Claim c -> c.session();
            case BusinessRow c -> c.session();
            case OutboxRow c -> c.session();
            case Commit c -> c.session();
            case Rollback c -> c.session();
            case Relay c -> null;
            case Redeliver c -> null;
            case AdvanceClock c -> null;
            case CrashDatabase c -> null;
        };
    }
}
