package fencecheck.trace;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import fencecheck.model.SinkKind;

/**
 * What one step of a trace does, with symbolic arguments that are resolved
 * against the model and the acting worker's belief when the step runs. Every
 * action is total: where it does not apply it is a no-op, so every sub-list of
 * a trace is still a trace.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "do")
@JsonSubTypes({
        @JsonSubTypes.Type(value = Action.Acquire.class, name = "acquire"),
        @JsonSubTypes.Type(value = Action.Renew.class, name = "renew"),
        @JsonSubTypes.Type(value = Action.Release.class, name = "release"),
        @JsonSubTypes.Type(value = Action.Write.class, name = "write"),
        @JsonSubTypes.Type(value = Action.RolledBackWrite.class, name = "rolled-back-write"),
        @JsonSubTypes.Type(value = Action.AdvanceBy.class, name = "advance-by"),
        @JsonSubTypes.Type(value = Action.AdvanceToExpiry.class, name = "advance-to-expiry"),
        @JsonSubTypes.Type(value = Action.Pause.class, name = "pause"),
        @JsonSubTypes.Type(value = Action.Resume.class, name = "resume"),
        @JsonSubTypes.Type(value = Action.Restart.class, name = "restart"),
        @JsonSubTypes.Type(value = Action.Duplicate.class, name = "duplicate"),
        @JsonSubTypes.Type(value = Action.Retry.class, name = "retry"),
        @JsonSubTypes.Type(value = Action.Network.class, name = "network"),
        @JsonSubTypes.Type(value = Action.Deliver.class, name = "deliver"),
        @JsonSubTypes.Type(value = Action.CrashMidWrite.class, name = "crash-mid-write"),
        @JsonSubTypes.Type(value = Action.CrashDatabase.class, name = "crash-database"),
        @JsonSubTypes.Type(value = Action.RestartCoordinator.class, name = "restart-coordinator"),
})
public sealed interface Action {

    /** Actions a worker incarnation takes itself; a paused worker takes none of them. */
    sealed interface WorkerAction extends Action {
    }

    /** Actions the nemesis does from outside. */
    sealed interface NemesisAction extends Action {
    }

    /** Nemesis actions aimed at one worker. */
    sealed interface WorkerFault extends NemesisAction {
        String worker();
    }

    /** Actions of the clock. */
    sealed interface ClockAction extends Action {
    }

    /**
     * Acquire the lease of {@code key} as the worker's current owner id. With
     * {@code receiptLost} the grant happens but its answer never reaches the
     * worker, which goes on believing what it believed before (article B's
     * lost grant receipt).
     */
    record Acquire(String key, boolean receiptLost) implements WorkerAction {
        public Acquire(String key) {
            this(key, false);
        }
    }

    /** Renew the lease the worker believes it holds. */
    record Renew() implements WorkerAction {
    }

    /** Release the lease the worker believes it holds. */
    record Release() implements WorkerAction {
    }

    /** Write a result for the key the worker believes it holds, with a token chosen by {@code token}. */
    record Write(SinkKind sink, TokenSource token, String resultId, String payload) implements WorkerAction {
    }

    /** The same write with the believed token, in a transaction that is rolled back. */
    record RolledBackWrite(SinkKind sink, String resultId, String payload) implements WorkerAction {
    }

    /** Move the clock forward by {@code micros}. */
    record AdvanceBy(long micros) implements ClockAction {
    }

    /** Move the clock to the expiry instant of {@code key}'s lease plus {@code deltaMicros} (negative allowed); never back. */
    record AdvanceToExpiry(String key, long deltaMicros) implements ClockAction {
    }

    /** The worker stops taking steps, keeping what it believes. */
    record Pause(String worker) implements WorkerFault {
    }

    /**
     * The worker takes steps again and acts on what it believed before the
     * pause; naming a zombie ({@code z1}) wakes the incarnation a restart left
     * behind, which then acts with its old owner id and token.
     */
    record Resume(String worker) implements WorkerFault {
    }

    /**
     * A new incarnation takes over the worker's role: a new connection, a new
     * owner id, no belief. The old one is dead (connection dropped) or, with
     * {@code zombie}, paused with its old belief, addressable later as the
     * worker's zombie.
     */
    record Restart(String worker, boolean zombie) implements WorkerFault {
    }

    /** The network delivers the worker's last write a second time, unchanged. */
    record Duplicate(String worker) implements WorkerFault {
    }

    /**
     * Re-send the operation whose answer never came (a lost request or a lost
     * response), as the same owner; a write keeps its token and payload and
     * takes the result id the implementation uses for retries.
     */
    record Retry() implements WorkerAction {
    }

    /** A fault of the network between the worker and the database, for the worker's next statement. */
    record Network(String worker, NetworkFault fault) implements WorkerFault {
    }

    /** The statement the network has been holding for the worker arrives now. */
    record Deliver(String worker) implements WorkerFault {
    }

    /**
     * The worker opens a transaction, writes with the token it believes it
     * holds, and crashes before committing: its database session is
     * terminated, and a new incarnation takes its role.
     */
    record CrashMidWrite(String worker, SinkKind sink, String resultId, String payload) implements WorkerFault {
    }

    /** The database server stops at once and starts again on the same data; every session reconnects. */
    record CrashDatabase() implements NemesisAction {
    }

    /** The coordinator restarts and loses what it kept in memory. */
    record RestartCoordinator() implements NemesisAction {
    }
}
