package fencecheck.job;

import fencecheck.api.KeyState;
import fencecheck.api.Lease;
import fencecheck.api.Outcome;
import fencecheck.api.SinkKind;
import fencecheck.api.StoredResult;
import fencecheck.job.JobCommand.Claim;
import fencecheck.job.JobCommand.LeaseOperation;
import fencecheck.job.JobCommand.Write;
import fencecheck.job.JobOutcome.Answered;
import fencecheck.job.JobOutcome.Claimed;
import fencecheck.job.JobOutcome.NotClaimed;
import fencecheck.model.Command;
import fencecheck.model.Judgement;
import fencecheck.model.LeaseModel;
import fencecheck.model.ProtocolState;

import java.util.Objects;
import java.util.function.Function;

/**
 * The statements that lock a job-state row (a lease operation, a sink write, a claim), once they do not (or no
 * longer) wait: each runs on the latest committed rows plus its own transaction's, and a transaction keeps what it
 * writes, and its locks, until it ends.
 */
final class LockingStatements {

    /** The state after a statement, and its answer. */
    record Run(JobState state, JobOutcome outcome) {
    }

    /** The state after a statement, and the lease model's judgement of its answer. */
    record Judged(JobState state, Judgement judgement) {
    }

    private final LeaseModel leases;

    LockingStatements(LeaseModel leases) {
        this.leases = leases;
    }

    /** Runs a statement that does not (or no longer) wait, with the clock of its start. */
    Run run(JobState state, String session, JobCommand command, long startedAt) {
        return switch (command) {
            case LeaseOperation op -> {
                Judged judged = leaseOperationAs(state, op, startedAt, rows -> Judgement.asReference(leases.step(rows, op.command())));
                yield new Run(judged.state(), new Answered(judged.judgement().reference()));
            }
            case Write w -> write(state, session, w.write());
            case Claim c -> claim(state, session, c);
            default -> throw new IllegalArgumentException("not a statement that waits: " + command);
        };
    }

    /**
     * A lease operation on its own, with the clock of its start, or inside the session's transaction, where it sees
     * the lease row its transaction wrote and keeps the row it writes (and its lock) until the transaction ends.
     */
    Judged leaseOperationAs(JobState state, LeaseOperation op, long startedAt, Function<ProtocolState, Judgement> answer) {
        ProtocolState committed = state.committed().withNow(startedAt);
        Transaction own = state.transaction(op.session());
        if (own == null) {
            Judgement j = answer.apply(committed);
            return new Judged(state.with(j.transition().next().withNow(state.now())), j);
        }
        String key = RowLocks.lockedKey(op);
        KeyState seen = own.seen(key, state.committed().key(key));
        Judgement j = answer.apply(committed.with(key, seen));
        Lease written = j.transition().next().key(key).lease();
        Transaction next = Objects.equals(written, seen.lease()) ? own : own.withLease(key, written);
        return new Judged(state.withTransaction(op.session(), next), j);
    }

    /** A sink write on its own, or inside the session's transaction, where it sees its own rows and keeps what it stored until commit. */
    private Run write(JobState state, String session, Command.Write write) {
        Judged judged = writeAs(state, session, write, rows -> Judgement.asReference(leases.step(rows, write)));
        return new Run(judged.state(), new Answered(judged.judgement().reference()));
    }

    Judged writeAs(JobState state, String session, Command.Write write, Function<ProtocolState, Judgement> answer) {
        Transaction own = state.transaction(session);
        if (own == null) {
            Judgement j = answer.apply(state.committed());
            return new Judged(state.with(j.transition().next()), j);
        }
        String key = write.key();
        KeyState seen = own.seen(key, state.committed().key(key));
        Judgement j = answer.apply(state.committed().with(key, seen));
        Transaction next = seen.lease() != null ? own.withShared(key) : own;
        if (j.transition().outcome() instanceof Outcome.Applied) {
            StoredResult row = new StoredResult(write.token(), write.payload());
            next = write.sink() == SinkKind.CURRENT_FENCE ? next.withFenced(key, write.resultId(), row) : next.withLatest(key, row);
        }
        return new Judged(state.withTransaction(session, next), j);
    }

    private Run claim(JobState state, String session, Claim c) {
        Transaction own = state.transaction(session);
        // the transaction sees the lease row its own lease operations wrote
        Lease lease = own == null ? null : own.seen(c.key(), state.committed().key(c.key())).lease();
        if (own == null || lease == null || lease.token() != c.token()) {
            return new Run(state, new NotClaimed());
        }
        return new Run(state.withTransaction(session, own.withClaim(c.key(), c.token())), new Claimed(c.token()));
    }
}
