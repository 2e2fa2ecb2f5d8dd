package fencecheck.job;

import fencecheck.api.ModelConfig;
import fencecheck.api.Outcome;
import fencecheck.job.JobCommand.AdvanceClock;
import fencecheck.job.JobCommand.Begin;
import fencecheck.job.JobCommand.BusinessRow;
import fencecheck.job.JobCommand.Claim;
import fencecheck.job.JobCommand.Commit;
import fencecheck.job.JobCommand.CrashDatabase;
import fencecheck.job.JobCommand.LeaseOperation;
import fencecheck.job.JobCommand.OutboxRow;
import fencecheck.job.JobCommand.Redeliver;
import fencecheck.job.JobCommand.Relay;
import fencecheck.job.JobCommand.Rollback;
import fencecheck.job.JobCommand.Write;
import fencecheck.job.JobOutcome.Answered;
import fencecheck.job.JobOutcome.Begun;
import fencecheck.job.JobOutcome.ClockAt;
import fencecheck.job.JobOutcome.Committed;
import fencecheck.job.JobOutcome.Restarted;
import fencecheck.job.JobOutcome.RolledBack;
import fencecheck.job.JobOutcome.Waiting;
import fencecheck.job.LockingStatements.Judged;
import fencecheck.job.LockingStatements.Run;
import fencecheck.model.Admissible;
import fencecheck.model.Command;
import fencecheck.model.LeaseModel;
import fencecheck.model.ProtocolState;

import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;

import static fencecheck.job.JobTransition.done;

/**
 * The job transaction, the outbox and its consumer over sessions whose
 * statements interleave (model/README.md, "Job transactions, outbox and consumer"),
 * under PostgreSQL's READ COMMITTED rules as far as the protocol's rows need them:
 * <ul>
 *   <li>a claim (an UPDATE) locks the job-state row until its transaction ends; a fenced
 *       write locks it FOR SHARE until then;</li>
 *   <li>a statement that needs a row another transaction holds waits: an acquire always
 *       (its upsert locks the row before looking at it), a renew, release or claim only
 *       when its condition holds on the committed row, a fenced write only behind a claim;</li>
 *   <li>when the holder ends, the waiting statements go on first come first, each re-checking
 *       its condition on the latest committed row, with the clock of its own start;</li>
 *   <li>a transaction's writes are seen by itself only, until it commits; a rollback leaves nothing.</li>
 * </ul>
 * Lease operations and fenced writes are answered by {@link LeaseModel}; the statements that lock a job-state row
 * run as {@link LockingStatements} says, when {@link RowLocks} lets them; the rest of the job transaction is
 * {@link TransactionRows}, the relay and consumer {@link OutboxRelay}, and what the model refuses {@link ModelScope}.
 */
public final class JobModel {

    private final LeaseModel leases;
    private final Admissible admissible;
    private final RowLocks locks;
    private final LockingStatements statements;
    private final ModelScope scope;

    public JobModel(ModelConfig config) {
        this.leases = new LeaseModel(config);
        this.admissible = new Admissible(leases);
        this.locks = new RowLocks(leases);
        this.statements = new LockingStatements(leases);
        this.scope = new ModelScope(locks);
    }

    public ModelConfig config() {
        return leases.config();
    }

    public JobState init(long now) {
        return JobState.at(now);
    }

    /**
     * The judge's step: a statement the database was seen to complete now, after it
     * started when the clock read {@code startedAt}. It runs on the latest committed
     * rows plus its own transaction's, with the clock of its start, whatever locks
     * other open transactions hold: whether it had to wait is what the database
     * showed, not what this model prescribes, so an implementation that locks more
     * or less than the reference is judged by its answers. A statement that should
     * have waited and did not shows up as a broken invariant over those answers (a
     * job committed after a takeover), not as a different wait.
     *
     * @throws IllegalArgumentException when a transaction touches a second job key
     */
    public JobTransition complete(JobState state, JobCommand command, long startedAt) {
        ModelScope.requireOneKey(state, command);
        return switch (command) {
            case LeaseOperation op -> ran(statements.run(state, op.session(), op, startedAt));
            case Write w -> ran(statements.run(state, w.session(), w, startedAt));
            case Claim c -> ran(statements.run(state, c.session(), c, startedAt));
            default -> step(state, command);
        };
    }

    /**
     * {@link #complete} judged against the answer the database gave: a lease operation's or a sink write's answer is
     * judged by {@link Admissible} with the clock of the statement's start, and the model goes on from the state
     * that answer implies (the reference's after an unsafe one); any other statement, and any answer that is not
     * one of the protocol's (a wait, an error), is the reference's step, with no judgement.
     *
     * @throws IllegalArgumentException when a transaction touches a second job key
     */
    public JobJudgement judge(JobState state, JobCommand command, long startedAt, JobOutcome observed) {
        ModelScope.requireOneKey(state, command);
        if (!(observed instanceof Answered answered)) {
            return new JobJudgement(complete(state, command, startedAt), null);
        }
        return switch (command) {
            case LeaseOperation op -> {
                Judged judged = statements.leaseOperationAs(state, op, startedAt,
                        rows -> admissible.judge(rows, op.command(), answered.outcome()));
                yield new JobJudgement(done(judged.state(), new Answered(judged.judgement().reference())), judged.judgement());
            }
            case Write w -> {
                Judged judged = judgedWrite(state, w.session(), w.write(), answered.outcome());
                yield new JobJudgement(done(judged.state(), new Answered(judged.judgement().reference())), judged.judgement());
            }
            default -> new JobJudgement(complete(state, command, startedAt), null);
        };
    }

    /**
     * {@link #complete} for an acquire the database answered with a grant of
     * {@code observedToken}: the lease model judges the token
     * ({@link LeaseModel#acquire(ProtocolState, Command.Acquire, long)}) with the clock of
     * the statement's start, and the job model goes on with what it continues with.
     *
     * @throws IllegalArgumentException when {@code op} is not an acquire
     */
    public ObservedJobGrant completeAcquire(JobState state, LeaseOperation op, long startedAt, long observedToken) {
        if (!(op.command() instanceof Command.Acquire a)) {
            throw new IllegalArgumentException("not an acquire: " + op.command());
        }
        ModelScope.requireOneKey(state, op);
        var judged = leases.acquire(state.committed().withNow(startedAt), a, observedToken);
        JobState next = state.with(judged.transition().next().withNow(state.now()));
        return new ObservedJobGrant(done(next, new Answered(judged.transition().outcome())), judged.verdict());
    }

    /** {@link LockingStatements#writeAs} with the answer the database gave, judged: the transaction keeps what that answer stored. */
    private Judged judgedWrite(JobState state, String session, Command.Write write, Outcome observed) {
        return statements.writeAs(state, session, write, rows -> admissible.judge(rows, write, observed));
    }

    private static JobTransition ran(Run run) {
        return done(run.state(), run.outcome());
    }

    /**
     * The reference's step, which also prescribes its locks: a statement that
     * would wait for a row another open transaction holds answers {@code Waiting}
     * and goes on when that transaction ends (the strict check of the reference's
     * own lock behaviour).
     *
     * @throws IllegalArgumentException when the command breaks what a scheduler of
     *         real sessions guarantees (see {@link ModelScope})
     */
    public JobTransition step(JobState state, JobCommand command) {
        scope.requireInScope(state, command);
        return switch (command) {
            case LeaseOperation op -> statement(state, op.session(), op);
            case Write w -> statement(state, w.session(), w);
            case Claim c -> statement(state, c.session(), c);
            case Begin b -> done(TransactionRows.begin(state, b.session()), new Begun());
            case BusinessRow b -> TransactionRows.business(state, b);
            case OutboxRow o -> TransactionRows.outbox(state, o);
            case Commit c -> end(state, c.session(), true);
            case Rollback r -> end(state, r.session(), false);
            case Relay r -> OutboxRelay.relay(state, r.crashBeforeMark());
            case Redeliver r -> OutboxRelay.redeliver(state);
            case CrashDatabase c -> done(new JobState(state.committed(), state.jobStates(), state.business(),
                    state.outbox(), state.effects(), new TreeMap<>(), List.of(), state.nextMessageId(), state.lastDelivered()),
                    new Restarted());
            case AdvanceClock c -> {
                ProtocolState next = c.to() > state.now() ? state.committed().withNow(c.to()) : state.committed();
                yield done(state.with(next), new ClockAt(next.now()));
            }
        };
    }

    // --- statements that may wait --------------------------------------------------------------------------

    private JobTransition statement(JobState state, String session, JobCommand command) {
        if (locks.mustWait(state, session, command, state.now())) {
            List<Waiter> waiting = new ArrayList<>(state.waiting());
            waiting.add(new Waiter(session, command, state.now()));
            return done(state.withWaiting(waiting), new Waiting());
        }
        Run run = statements.run(state, session, command, state.now());
        return done(run.state(), run.outcome());
    }

    /**
     * The key whose row {@code command} would wait for, or null when it would
     * not wait. PostgreSQL does not define which of two statements waiting for
     * one row goes first once the holder updated it (the first waiter re-reads
     * the row and races the others), so a scheduler should not queue a second
     * statement behind a waiting one.
     */
    public String wouldWaitFor(JobState state, String session, JobCommand command) {
        return locks.mustWait(state, session, command, state.now()) ? RowLocks.lockedKey(command) : null;
    }

    // --- the end of the job transaction ----------------------------------------------------------------------

    private JobTransition end(JobState state, String session, boolean commit) {
        JobOutcome outcome = commit ? new Committed() : new RolledBack();
        Transaction own = state.transaction(session);
        if (own == null) {
            return done(state, outcome);
        }
        SortedMap<String, Transaction> open = new TreeMap<>(state.open());
        open.remove(session);
        JobState ended = state.withOpen(open);
        if (commit) {
            ended = TransactionRows.apply(ended, own);
        }
        return resume(ended, outcome);
    }

    /** The waiting statements go on in the order they came, each as if it ran now with the clock of its start. */
    private JobTransition resume(JobState ended, JobOutcome outcome) {
        List<Resumed> resumed = new ArrayList<>();
        List<Waiter> still = new ArrayList<>();
        JobState state = ended.withWaiting(List.of());
        for (Waiter waiter : ended.waiting()) {
            if (locks.mustWait(state, waiter.session(), waiter.command(), waiter.startedAt())) {
                still.add(waiter);
                continue;
            }
            Run run = statements.run(state, waiter.session(), waiter.command(), waiter.startedAt());
            state = run.state();
            resumed.add(new Resumed(waiter.session(), waiter.command(), run.outcome()));
        }
        return new JobTransition(state.withWaiting(still), outcome, resumed);
    }
}
