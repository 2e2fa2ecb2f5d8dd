package fencecheck.trace;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import fencecheck.api.SinkKind;

/**
 * One step of a trace. Workers ({@code w1}..{@code w4}) act with what they
 * believe (the key and token of their last grant); the relay ({@code relay}),
 * the clock ({@code clock}) and the nemesis ({@code nemesis}) act from outside. Every action is total: where
 * it does not apply (a claim with no transaction open, an acquire while a
 * transaction is open, anything while the worker's statement waits for a lock)
 * it is a no-op, so every sub-list of a trace is still a trace.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "do")
@JsonSubTypes({
        @JsonSubTypes.Type(value = Action.Acquire.class, name = "acquire"),
        @JsonSubTypes.Type(value = Action.Renew.class, name = "renew"),
        @JsonSubTypes.Type(value = Action.Release.class, name = "release"),
        @JsonSubTypes.Type(value = Action.Write.class, name = "write"),
        @JsonSubTypes.Type(value = Action.Begin.class, name = "begin"),
        @JsonSubTypes.Type(value = Action.Claim.class, name = "claim"),
        @JsonSubTypes.Type(value = Action.BusinessRow.class, name = "business-row"),
        @JsonSubTypes.Type(value = Action.OutboxRow.class, name = "outbox-row"),
        @JsonSubTypes.Type(value = Action.Commit.class, name = "commit"),
        @JsonSubTypes.Type(value = Action.Rollback.class, name = "rollback"),
        @JsonSubTypes.Type(value = Action.Relay.class, name = "relay"),
        @JsonSubTypes.Type(value = Action.Redeliver.class, name = "redeliver"),
        @JsonSubTypes.Type(value = Action.AdvanceToExpiry.class, name = "advance-to-expiry"),
        @JsonSubTypes.Type(value = Action.AdvanceBy.class, name = "advance-by"),
        @JsonSubTypes.Type(value = Action.CrashDatabase.class, name = "crash-database"),
        @JsonSubTypes.Type(value = Action.Failover.class, name = "failover"),
        @JsonSubTypes.Type(value = Action.StopStandby.class, name = "stop-standby"),
        @JsonSubTypes.Type(value = Action.HoldReplay.class, name = "hold-replay"),
        @JsonSubTypes.Type(value = Action.Pause.class, name = "pause"),
        @JsonSubTypes.Type(value = Action.Resume.class, name = "resume"),
        @JsonSubTypes.Type(value = Action.Restart.class, name = "restart"),
        @JsonSubTypes.Type(value = Action.Network.class, name = "network"),
        @JsonSubTypes.Type(value = Action.Deliver.class, name = "deliver"),
        @JsonSubTypes.Type(value = Action.Duplicate.class, name = "duplicate"),
        @JsonSubTypes.Type(value = Action.Split.class, name = "split"),
        @JsonSubTypes.Type(value = Action.Retry.class, name = "retry"),
        @JsonSubTypes.Type(value = Action.RestartCoordinator.class, name = "restart-coordinator"),
})
public sealed interface Action {

    /** Statements a worker runs on its own session. */
    sealed interface WorkerStatement extends Action {
    }

    /** With {@code receiptLost} the grant happens but its answer never reaches the worker, which keeps what it believed. */
    record Acquire(String key, boolean receiptLost) implements WorkerStatement {
        public Acquire(String key) {
            this(key, false);
        }
    }

    record Renew() implements WorkerStatement {
    }

    record Release() implements WorkerStatement {
    }

    /** A write to either sink, with a token chosen by {@code token}: in the worker's open transaction if it has one. */
    record Write(SinkKind sink, TokenSource token, String resultId, String payload) implements WorkerStatement {

        /** A CURRENT_FENCE write with the believed token. */
        public static Write fenced(String resultId, String payload) {
            return new Write(SinkKind.CURRENT_FENCE, TokenSource.HELD, resultId, payload);
        }
    }

    record Begin() implements WorkerStatement {
    }

    /** The token-conditioned update of the believed key's job-state row, with the believed token. */
    record Claim() implements WorkerStatement {
    }

    record BusinessRow(String resultId, String payload) implements WorkerStatement {
    }

    record OutboxRow(String resultId, String payload) implements WorkerStatement {
    }

    record Commit() implements WorkerStatement {
    }

    record Rollback() implements WorkerStatement {
    }

    /** The relay delivers the next message; with {@code crashBeforeMark} it dies before marking it delivered. */
    record Relay(boolean crashBeforeMark) implements Action {
    }

    /** The last delivered message reaches the consumer again. */
    record Redeliver() implements Action {
    }

    /** The clock moves to the expiry of {@code key}'s lease plus {@code deltaMicros}; never back. */
    record AdvanceToExpiry(String key, long deltaMicros) implements Action {
    }

    record AdvanceBy(long micros) implements Action {
    }

    /** The database server crashes and restarts on the same data, whatever transactions are open. */
    record CrashDatabase() implements Action {
    }

    /**
     * The primary of a replicated database stops at once and its standby is promoted; sessions reach the new primary
     * at the same address. As after a crash, open transactions and statements still waiting vanish; what was
     * committed survives only as far as the standby had it, which the replication setting decides.
     */
    record Failover() implements Action {
    }

    /**
     * The standby of a replicated database stops, with everything committed so far: what commits next stays on the
     * primary alone (as when the standby's link is down) until a failover promotes the standby with what it had. A
     * no-op where the primary would wait for it (a synchronous standby), and the standby streams again when the try
     * ends.
     */
    record StopStandby() implements Action {
    }

    /**
     * The standby of a replicated database goes on receiving and flushing what the primary commits but stops
     * replaying it, as a standby whose replay lags behind: a read on it sees what was committed before this step.
     * Commits under {@code on} are still acknowledged (the standby has flushed them), and a failover replays
     * everything received before the promotion, so nothing acknowledged is lost. A no-op under {@code remote_apply}
     * (the primary would wait for the replay) and when the standby is stopped; replay goes on when the try ends.
     */
    record HoldReplay() implements Action {
    }

    /** What the nemesis does to one worker ({@code w1}) or to the zombie a restart left behind ({@code z1}). */
    sealed interface WorkerFault extends Action {
        String worker();
    }

    /** The worker takes no step, keeping its session, its open transaction and what it believes. */
    record Pause(String worker) implements WorkerFault {
    }

    /** The worker (or zombie) takes steps again, on what it believed before. */
    record Resume(String worker) implements WorkerFault {
    }

    /**
     * A new incarnation takes the worker's role: a new session, a new owner
     * id, no belief. The old one is dead (its connection dropped, so its open
     * transaction rolls back) or, with {@code zombie}, paused with its session,
     * its open transaction and its belief, addressable later as the zombie.
     */
    record Restart(String worker, boolean zombie) implements WorkerFault {
    }

    /**
     * A fault of the network between the worker and the database, for the
     * worker's next call that sends anything, whatever it is (a COMMIT
     * included): the request or the answer of its {@code statement}-th
     * statement (counted from 1) is lost (the client times out and drops its
     * connection, so a transaction open on it is gone, the implementation's own
     * included), or the connection is reset after the call; or the network holds
     * the call's first statement until a later {@link Deliver}. A call that
     * sends fewer statements than {@code statement} does not meet the fault.
     */
    record Network(String worker, NetworkFault fault, int statement) implements WorkerFault {
        public Network {
            if (statement < 1) {
                throw new IllegalArgumentException("a network fault hits statement 1 of a call or a later one, not " + statement);
            }
            if (statement > 1 && fault != NetworkFault.REQUEST_LOST && fault != NetworkFault.RESPONSE_LOST) {
                throw new IllegalArgumentException(fault + " applies to a call as a whole: only a lost request or answer"
                        + " is aimed at one of its statements, not at statement " + statement);
            }
        }

        /** The fault on the first statement of the worker's next call. */
        public Network(String worker, NetworkFault fault) {
            this(worker, fault, 1);
        }
    }

    /** The statement the network has been holding for the worker ({@code DELAYED}) arrives now. */
    record Deliver(String worker) implements WorkerFault {
    }

    /** The network delivers the worker's last write a second time, unchanged. */
    record Duplicate(String worker) implements WorkerFault {
    }

    /**
     * The scheduler stops the worker's next call after the first
     * {@code afterStatements} statements of its file: the trace goes on with
     * other actors' steps, and the call runs its remaining statements at the
     * worker's next step (instead of that step's own action, as a worker
     * waiting for a lock skips its steps), or when the trace ends. A call whose file has no more statements than that runs through, and
     * so does one that meets a network fault. Paused, the worker stays stopped;
     * restarted, a dead incarnation's call is dropped with its connection (what
     * its first statements committed stays), a zombie's stays stopped until the
     * zombie acts.
     */
    record Split(String worker, int afterStatements) implements WorkerFault {
        public Split {
            if (afterStatements < 1) {
                throw new IllegalArgumentException("a split stops a call after at least its first statement, not after "
                        + afterStatements);
            }
        }
    }

    /**
     * The worker sends again, as the same owner, the statement on its own whose
     * answer never came; a write keeps its token and payload and takes the
     * result id the implementation uses for retries. (A statement inside a
     * transaction is not retried: the transaction went with the connection.)
     */
    record Retry() implements WorkerStatement {
    }

    /** The coordinator restarts and loses what it kept in memory. */
    record RestartCoordinator() implements Action {
    }
}
