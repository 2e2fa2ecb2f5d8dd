package fencecheck.run;

import fencecheck.api.Check;
import fencecheck.api.LeaseProtocol;

import java.util.List;

/**
 * The situations a try is meant to reach, computed from its history after it
 * ran ({@link Situations}). A property declares the group it is responsible
 * for; it reports how often each situation of that group happened and fails
 * when one is rarer than its floor: a property that never generates what it
 * claims to test is a defect.
 */
public enum Situation {
    TAKEOVER("takeover happened"),
    STALE_WRITE_ATTEMPTED("stale write attempted"),
    STALE_WRITE_REJECTED("stale write rejected"),
    BOUNDARY_RENEW("renew at the lease boundary (within one unit of the claimed resolution)"),
    FORGED_TOKEN_WRITTEN("a forged or cross-key token written"),
    WRITE_ROLLED_BACK("a write rolled back"),
    WORKER_RESTART("worker restarted"),
    DUPLICATE_WRITE("a write delivered twice"),
    ZOMBIE_STATEMENT("a zombie's statement reached the database"),
    GRANT_RECEIPT_LOST("a grant's answer was lost"),
    LEASE_RELEASED("a lease was released"),
    BETWEEN_STATEMENTS("another session ran between the statements of one operation"),
    /**
     * How often the implementation's points between statements were met at all: a split stops only a call of
     * several statements. Counted, never floored: it says whether {@link #BETWEEN_STATEMENTS} could be reached.
     */
    CALL_STOPPED("a split stopped a call between two statements of its file"),

    WAIT_OBSERVED("a statement waited for a row lock"),
    WAIT_RESOLVED_BY_COMMIT("a waiting statement went on when the holder committed"),
    WAIT_RESOLVED_BY_ROLLBACK("a waiting statement went on when the holder rolled back"),
    INTERLEAVED_IN_OPEN_TRANSACTION("another session's statement ran inside an open transaction"),
    TAKEOVER_WHILE_JOB_OPEN("a takeover was granted after waiting for an open job"),
    STALE_CLAIM_REFUSED("a claim with an old token affected zero rows"),
    JOB_COMMITTED("a claimed job committed its rows"),
    JOB_ROLLED_BACK("a claimed job rolled back"),
    DUPLICATE_DELIVERY("the consumer received a message it had applied"),
    RELAY_CRASH("the relay crashed between delivering and marking"),
    LATEST_WRITE_IN_TRANSACTION("a latest-token write inside a transaction"),
    LEASE_OPERATION_IN_TRANSACTION("a lease operation ran inside an open transaction after the clock moved"),
    PAUSE_IN_TRANSACTION("a worker paused with a transaction open"),
    RESTART_IN_TRANSACTION("a worker restarted with a transaction open"),

    REQUEST_LOST("a request was lost"),
    RESPONSE_LOST("an answer was lost"),
    REQUEST_LOST_IN_TRANSACTION("a request inside a transaction was lost"),
    ANSWER_LOST_IN_TRANSACTION("an answer inside a transaction was lost"),
    COMMIT_ANSWER_LOST("the answer to a commit was lost"),
    RETRY_AFTER_UNKNOWN("a statement retried after its answer was lost"),
    DELAYED_PAST_TAKEOVER("a write held by the network arrived after a takeover"),
    CONNECTION_RESET_IN_TRANSACTION("a connection reset inside a transaction"),
    COORDINATOR_RESTART("the coordinator restarted"),

    DATABASE_CRASH("the database crashed and restarted"),
    CRASH_AFTER_WRITE("the database crashed right after an acknowledged write or grant"),
    DATABASE_CRASH_WITH_OPEN_TRANSACTIONS("the database crashed with transactions open"),
    STATEMENT_LOST_IN_CRASH("a waiting statement was lost in a database crash"),

    FAILOVER("the database failed over to its standby"),
    FAILOVER_AFTER_GRANT("a failover right after an acknowledged grant"),
    FAILOVER_AFTER_FENCED_WRITE("a failover right after an acknowledged fenced write"),
    FAILOVER_WITH_OPEN_TRANSACTIONS("a failover with transactions open"),
    FAILOVER_WITH_JOB_OPEN("a failover with a job open (a transaction that claimed or wrote under its token)"),
    FAILOVER_WITH_TAKEOVER_WAITING("a failover while a takeover waited for an open transaction"),
    /** Counted, never floored: a no-op under remote_apply, so no generator can reach it there. */
    REPLAY_HELD("the standby's replay was held behind the primary's commits"),

    OVERLAPPING_OPERATIONS("two workers' operations on one key overlapped in real time"),
    TAKEOVER_AFTER_REAL_EXPIRY("a lease was taken over after it expired in real time"),
    WRITE_AFTER_PAUSE_PAST_LEASE("a paused worker wrote after its lease ran out"),
    UNKNOWN_OUTCOME("an answer was lost, so the outcome is unknown"),
    ZOMBIE_OPERATION("a restarted worker's old incarnation reached the database");

    private final String label;

    Situation(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** The situations the property of {@code check} is responsible for reaching: its generator must produce them often enough. */
    public static List<Situation> of(Check check) {
        return switch (check) {
            case LEASES -> List.of(TAKEOVER, STALE_WRITE_ATTEMPTED, STALE_WRITE_REJECTED, BOUNDARY_RENEW, DUPLICATE_WRITE,
                    WRITE_ROLLED_BACK, WORKER_RESTART, FORGED_TOKEN_WRITTEN, ZOMBIE_STATEMENT, BETWEEN_STATEMENTS, CALL_STOPPED);
            case LEASE_FAULTS -> List.of(REQUEST_LOST, RESPONSE_LOST, RETRY_AFTER_UNKNOWN, DELAYED_PAST_TAKEOVER,
                    CONNECTION_RESET_IN_TRANSACTION, RESTART_IN_TRANSACTION, COORDINATOR_RESTART);
            case LEASE_CRASH -> List.of(DATABASE_CRASH, CRASH_AFTER_WRITE);
            case JOBS -> List.of(WAIT_OBSERVED, WAIT_RESOLVED_BY_COMMIT, WAIT_RESOLVED_BY_ROLLBACK, INTERLEAVED_IN_OPEN_TRANSACTION,
                    TAKEOVER_WHILE_JOB_OPEN, STALE_CLAIM_REFUSED, JOB_COMMITTED, JOB_ROLLED_BACK, DUPLICATE_DELIVERY, RELAY_CRASH,
                    LATEST_WRITE_IN_TRANSACTION, LEASE_OPERATION_IN_TRANSACTION, FORGED_TOKEN_WRITTEN, GRANT_RECEIPT_LOST,
                    LEASE_RELEASED, PAUSE_IN_TRANSACTION, RESTART_IN_TRANSACTION, ZOMBIE_STATEMENT);
            case JOB_FAULTS -> List.of(REQUEST_LOST_IN_TRANSACTION, ANSWER_LOST_IN_TRANSACTION, COMMIT_ANSWER_LOST,
                    RETRY_AFTER_UNKNOWN, DELAYED_PAST_TAKEOVER, CONNECTION_RESET_IN_TRANSACTION, DUPLICATE_WRITE, COORDINATOR_RESTART);
            case JOB_CRASH -> List.of(DATABASE_CRASH_WITH_OPEN_TRANSACTIONS, STATEMENT_LOST_IN_CRASH);
            // some after the standby stopped or its replay was held
            case FAILOVER -> List.of(Situation.FAILOVER, FAILOVER_AFTER_GRANT, FAILOVER_AFTER_FENCED_WRITE,
                    FAILOVER_WITH_OPEN_TRANSACTIONS, FAILOVER_WITH_JOB_OPEN, FAILOVER_WITH_TAKEOVER_WAITING, REPLAY_HELD);
            case REAL_TIME -> List.of(OVERLAPPING_OPERATIONS, TAKEOVER_AFTER_REAL_EXPIRY, WRITE_AFTER_PAUSE_PAST_LEASE,
                    UNKNOWN_OUTCOME, ZOMBIE_OPERATION);
            // every schedule up to its depth, by construction: the verdict says what was covered, no share of tries can
            case EXHAUSTIVE -> List.of();
        };
    }

    /**
     * The situations of {@code check} whose floor may apply to an implementation, before its tries are seen: all of
     * the group's but those only counted ({@link #CALL_STOPPED}, {@link #REPLAY_HELD}), and without
     * {@link #BETWEEN_STATEMENTS} for one whose calls pass no point between statements (every file of one
     * statement, as the reference's), where no split can stop anything.
     * {@link Floors} decides, from the tries, which of them apply.
     */
    public static List<Situation> floored(Check check, LeaseProtocol implementation) {
        return of(check).stream().filter(s -> s != CALL_STOPPED && s != REPLAY_HELD)
                .filter(s -> s != BETWEEN_STATEMENTS || implementation.stopsBetweenStatements()).toList();
    }
}
