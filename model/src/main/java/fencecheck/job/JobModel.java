package fencecheck.job;

import fencecheck.job.JobCommand.AdvanceClock;
import fencecheck.job.JobCommand.Begin;
import fencecheck.job.JobCommand.BusinessRow;
import fencecheck.job.JobCommand.Claim;
import fencecheck.job.JobCommand.Commit;
import fencecheck.job.JobCommand.Write;
import fencecheck.job.JobCommand.LeaseOperation;
import fencecheck.job.JobCommand.OutboxRow;
import fencecheck.job.JobCommand.Redeliver;
import fencecheck.job.JobCommand.Relay;
import fencecheck.job.JobCommand.Rollback;
import fencecheck.job.JobOutcome.AlreadyThere;
import fencecheck.job.JobOutcome.Answered;
import fencecheck.job.JobOutcome.Begun;
import fencecheck.job.JobOutcome.ClockAt;
import fencecheck.job.JobOutcome.Claimed;
import fencecheck.job.JobOutcome.Committed;
import fencecheck.job.JobOutcome.Delivered;
import fencecheck.job.JobOutcome.Inserted;
import fencecheck.job.JobOutcome.NotClaimed;
import fencecheck.job.JobOutcome.NothingToDeliver;
import fencecheck.job.JobOutcome.RolledBack;
import fencecheck.job.JobOutcome.Skipped;
import fencecheck.job.JobOutcome.Waiting;
import fencecheck.model.Admissible;
import fencecheck.model.Command;
import fencecheck.model.Judgement;
import fencecheck.model.KeyState;
import fencecheck.model.Lease;
import fencecheck.model.LeaseModel;
import fencecheck.model.ModelConfig;
import fencecheck.model.Outcome;
import fencecheck.model.ProtocolState;
import fencecheck.model.SinkKind;
import fencecheck.model.StoredResult;
import fencecheck.model.Transition;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.SortedMap;
import java.util.TreeMap;

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
 * Lease operations and fenced writes are answered by {@link LeaseModel}.
 */
public final class JobModel {

    private final LeaseModel leases;
    private final Admissible admissible;

    public JobModel(ModelConfig config) {
        this.leases = new LeaseModel(config);
        this.admissible = new Admissible(leases);
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
        requireOneKey(state, command);
        return switch (command) {
            case LeaseOperation op -> ran(run(state, op.session(), op, startedAt));
            case Write w -> ran(run(state, w.session(), w, startedAt));
            case Claim c -> ran(run(state, c.session(), c, startedAt));
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
        requireOneKey(state, command);
        if (!(observed instanceof Answered answered)) {
            return new JobJudgement(complete(state, command, startedAt), null);
        }
        return switch (command) {
            case LeaseOperation op -> {
                Judged judged = leaseOperationAs(state, op, startedAt, rows -> admissible.judge(rows, op.command(), answered.outcome()));
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
        requireOneKey(state, op);
        var judged = leases.acquire(state.committed().withNow(startedAt), a, observedToken);
        JobState next = state.with(judged.transition().next().withNow(state.now()));
        return new ObservedJobGrant(done(next, new Answered(judged.transition().outcome())), judged.verdict());
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
     *         real sessions guarantees (see {@link #requireInScope})
     */
    public JobTransition step(JobState state, JobCommand command) {
        requireInScope(state, command);
        return switch (command) {
            case LeaseOperation op -> statement(state, op.session(), op);
            case Write w -> statement(state, w.session(), w);
            case Claim c -> statement(state, c.session(), c);
            case Begin b -> done(begin(state, b.session()), new Begun());
            case BusinessRow b -> business(state, b);
            case OutboxRow o -> outbox(state, o);
            case Commit c -> end(state, c.session(), true);
            case Rollback r -> end(state, r.session(), false);
            case Relay r -> relay(state, r.crashBeforeMark());
            case Redeliver r -> redeliver(state);
            case JobCommand.CrashDatabase c -> done(new JobState(state.committed(), state.jobStates(), state.business(),
                    state.outbox(), state.effects(), new TreeMap<>(), List.of(), state.nextMessageId(), state.lastDelivered()),
                    new JobOutcome.Restarted());
            case AdvanceClock c -> {
                ProtocolState next = c.to() > state.now() ? state.committed().withNow(c.to()) : state.committed();
                yield done(state.with(next), new ClockAt(next.now()));
            }
        };
    }

    /**
     * What the model assumes and the runner guarantees, because a trace cannot
     * produce anything else (a session writes and claims only with the token
     * granted to it, for the key of that grant): a transaction touches one job
     * key; no two open transactions insert the same fenced row; no lock wait
     * closes a cycle. PostgreSQL's answers there (a wait on another
     * transaction's unique row, a deadlock error) are not modelled, so the
     * model refuses rather than guess.
     */
    private void requireInScope(JobState state, JobCommand command) {
        requireOneKey(state, command);
        String session = JobCommand.sessionOf(command);
        String key = lockedKey(command);
        if (session == null || key == null) {
            return;
        }
        Lease lease = state.committed().key(key).lease();
        if (command instanceof Write w && w.write().sink() == SinkKind.CURRENT_FENCE && lease != null
                && lease.token() == w.write().token()) {
            for (Map.Entry<String, Transaction> other : state.open().entrySet()) {
                if (!other.getKey().equals(session)
                        && other.getValue().fenced().getOrDefault(key, new TreeMap<>()).containsKey(w.write().resultId())) {
                    throw new IllegalArgumentException(session + " writes fenced row " + key + "/" + w.write().resultId()
                            + " that " + other.getKey() + "'s open transaction inserted: out of the model's scope"
                            + " (two sessions never hold the same token)");
                }
            }
        }
        if (mustWait(state, session, command, state.now()) && waitsOnItself(state, session, key, new java.util.HashSet<>())) {
            throw new IllegalArgumentException(session + " would wait for " + key + " in a cycle of waits (a deadlock):"
                    + " out of the model's scope (a transaction touches one job key)");
        }
    }

    /** A transaction touches one job key: the runner guarantees it (a session writes only under its own grant). */
    private static void requireOneKey(JobState state, JobCommand command) {
        String session = JobCommand.sessionOf(command);
        String key = lockedKey(command);
        if (session == null || key == null) {
            return;
        }
        Transaction own = state.transaction(session);
        if (own != null) {
            java.util.Set<String> keys = new java.util.TreeSet<>(own.keys());
            keys.remove(key);
            if (!keys.isEmpty()) {
                throw new IllegalArgumentException(session + "'s transaction already touched " + keys + " and now " + key
                        + ": out of the model's scope (a transaction touches one job key)");
            }
        }
    }

    /** Whether some holder of {@code key} waits, directly or through others, for a row {@code session} holds. */
    private boolean waitsOnItself(JobState state, String session, String key, java.util.Set<String> seen) {
        for (Map.Entry<String, Transaction> holder : state.open().entrySet()) {
            String h = holder.getKey();
            if (h.equals(session) || !holder.getValue().locks(key) || !seen.add(h)) {
                continue;
            }
            for (Waiter waiter : state.waiting()) {
                if (waiter.session().equals(h)) {
                    String next = lockedKey(waiter.command());
                    Transaction mine = state.transaction(session);
                    if (mine != null && mine.locks(next)) {
                        return true;
                    }
                    if (waitsOnItself(state, session, next, seen)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    // --- statements that may wait --------------------------------------------------------------------------

    private JobTransition statement(JobState state, String session, JobCommand command) {
        if (mustWait(state, session, command, state.now())) {
            List<Waiter> waiting = new ArrayList<>(state.waiting());
            waiting.add(new Waiter(session, command, state.now()));
            return done(state.withWaiting(waiting), new Waiting());
        }
        Run run = run(state, session, command, state.now());
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
        return mustWait(state, session, command, state.now()) ? lockedKey(command) : null;
    }

    private boolean mustWait(JobState state, String session, JobCommand command, long startedAt) {
        String key = lockedKey(command);
        if (key == null || state.committed().key(key).lease() == null) {
            return false;
        }
        boolean claimedByOther = false;
        boolean lockedByOther = false;
        for (Map.Entry<String, Transaction> open : state.open().entrySet()) {
            if (!open.getKey().equals(session) && open.getValue().locks(key)) {
                lockedByOther = true;
                claimedByOther |= open.getValue().locksExclusively(key);
            }
        }
        ProtocolState seen = state.committed().withNow(startedAt);
        return switch (command) {
            case LeaseOperation op -> switch (op.command()) {
                case Command.Acquire a -> lockedByOther;
                case Command.Renew r -> lockedByOther && Outcome.isSuccess(leases.step(seen, r).outcome());
                case Command.Release r -> lockedByOther && Outcome.isSuccess(leases.step(seen, r).outcome());
                default -> false;
            };
            case Write w -> claimedByOther || (w.write().sink() == SinkKind.LATEST_TOKEN_WINS && state.open().entrySet().stream()
                    .anyMatch(o -> !o.getKey().equals(session) && o.getValue().latest().containsKey(key)));
            case Claim c -> lockedByOther && state.committed().key(key).lease().token() == c.token();
            default -> false;
        };
    }

    private static String lockedKey(JobCommand command) {
        return switch (command) {
            case LeaseOperation op -> switch (op.command()) {
                case Command.Acquire a -> a.key();
                case Command.Renew r -> r.key();
                case Command.Release r -> r.key();
                default -> null;
            };
            case Write w -> w.write().key();
            case Claim c -> c.key();
            default -> null;
        };
    }

    private record Run(JobState state, JobOutcome outcome) {
    }

    /** Runs a statement that does not (or no longer) wait, with the clock of its start. */
    private Run run(JobState state, String session, JobCommand command, long startedAt) {
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
    private Judged leaseOperationAs(JobState state, LeaseOperation op, long startedAt, Function<ProtocolState, Judgement> answer) {
        ProtocolState committed = state.committed().withNow(startedAt);
        Transaction own = state.transaction(op.session());
        if (own == null) {
            Judgement j = answer.apply(committed);
            return new Judged(state.with(j.transition().next().withNow(state.now())), j);
        }
        String key = lockedKey(op);
        KeyState seen = own.seen(key, state.committed().key(key));
        Judgement j = answer.apply(committed.with(key, seen));
        Lease written = j.transition().next().key(key).lease();
        Transaction next = Objects.equals(written, seen.lease()) ? own : own.withLease(key, written);
        return new Judged(replace(state, op.session(), next), j);
    }

    /** A sink write on its own, or inside the session's transaction, where it sees its own rows and keeps what it stored until commit. */
    private Run write(JobState state, String session, Command.Write write) {
        Judged judged = writeAs(state, session, write, rows -> Judgement.asReference(leases.step(rows, write)));
        return new Run(judged.state(), new Answered(judged.judgement().reference()));
    }

    /** {@link #write} with the answer the database gave, judged: the transaction keeps what that answer stored. */
    private Judged judgedWrite(JobState state, String session, Command.Write write, Outcome observed) {
        return writeAs(state, session, write, rows -> admissible.judge(rows, write, observed));
    }

    private record Judged(JobState state, Judgement judgement) {
    }

    private Judged writeAs(JobState state, String session, Command.Write write,
                           Function<ProtocolState, Judgement> answer) {
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
        return new Judged(replace(state, session, next), j);
    }

    private Run claim(JobState state, String session, Claim c) {
        Transaction own = state.transaction(session);
        // the transaction sees the lease row its own lease operations wrote
        Lease lease = own == null ? null : own.seen(c.key(), state.committed().key(c.key())).lease();
        if (own == null || lease == null || lease.token() != c.token()) {
            return new Run(state, new NotClaimed());
        }
        return new Run(replace(state, session, own.withClaim(c.key(), c.token())), new Claimed(c.token()));
    }

    // --- the rest of the job transaction ---------------------------------------------------------------------

    private static JobState begin(JobState state, String session) {
        return state.transaction(session) != null ? state : replace(state, session, Transaction.EMPTY);
    }

    private static JobTransition business(JobState state, BusinessRow b) {
        Transaction own = state.transaction(b.session());
        if (own == null || !own.claimed()) {
            return done(state, new Skipped());
        }
        String key = own.claimedKey();
        if (own.business().containsKey(b.resultId())
                || state.business().getOrDefault(key, new TreeMap<>()).containsKey(b.resultId())) {
            return done(state, new AlreadyThere());
        }
        Transaction next = own.withBusiness(b.resultId(), new StoredResult(own.claimedToken(), b.payload()));
        return done(replace(state, b.session(), next), new Inserted());
    }

    private static JobTransition outbox(JobState state, OutboxRow o) {
        Transaction own = state.transaction(o.session());
        if (own == null || !own.claimed()) {
            return done(state, new Skipped());
        }
        String key = own.claimedKey();
        boolean there = java.util.stream.Stream.concat(state.outbox().stream(), own.outbox().stream())
                .anyMatch(m -> m.key().equals(key) && m.resultId().equals(o.resultId()));
        if (there) {
            return done(state, new AlreadyThere());
        }
        OutboxMessage message = new OutboxMessage(state.nextMessageId(), key, o.resultId(), own.claimedToken(), o.payload(), false);
        JobState next = replace(state, o.session(), own.withOutbox(message));
        return done(new JobState(next.committed(), next.jobStates(), next.business(), next.outbox(), next.effects(),
                next.open(), next.waiting(), next.nextMessageId() + 1, next.lastDelivered()), new Inserted());
    }

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
            ended = apply(ended, own);
        }
        return resume(ended, outcome);
    }

    /** A commit makes the transaction's rows everyone's. */
    private static JobState apply(JobState state, Transaction tx) {
        ProtocolState committed = state.committed();
        for (Map.Entry<String, Lease> lease : tx.leases().entrySet()) {
            committed = committed.with(lease.getKey(), committed.key(lease.getKey()).withLease(lease.getValue()));
        }
        for (Map.Entry<String, SortedMap<String, StoredResult>> key : tx.fenced().entrySet()) {
            KeyState rows = committed.key(key.getKey());
            for (Map.Entry<String, StoredResult> row : key.getValue().entrySet()) {
                if (!rows.fenced().containsKey(row.getKey())) {
                    rows = rows.withFenced(row.getKey(), row.getValue());
                }
            }
            committed = committed.with(key.getKey(), rows);
        }
        for (Map.Entry<String, StoredResult> row : tx.latest().entrySet()) {
            committed = committed.with(row.getKey(), committed.key(row.getKey()).withLatest(row.getValue()));
        }
        SortedMap<String, Long> jobStates = new TreeMap<>(state.jobStates());
        SortedMap<String, SortedMap<String, StoredResult>> business = new TreeMap<>(state.business());
        if (tx.claimed()) {
            jobStates.put(tx.claimedKey(), tx.claimedToken());
            SortedMap<String, StoredResult> rows = new TreeMap<>(business.getOrDefault(tx.claimedKey(), new TreeMap<>()));
            tx.business().forEach(rows::putIfAbsent);
            business.put(tx.claimedKey(), rows);
        }
        List<OutboxMessage> outbox = new ArrayList<>(state.outbox());
        outbox.addAll(tx.outbox());
        outbox.sort(Comparator.comparingLong(OutboxMessage::id));
        return new JobState(committed, jobStates, business, outbox, state.effects(), state.open(), state.waiting(),
                state.nextMessageId(), state.lastDelivered());
    }

    /** The waiting statements go on in the order they came, each as if it ran now with the clock of its start. */
    private JobTransition resume(JobState ended, JobOutcome outcome) {
        List<Resumed> resumed = new ArrayList<>();
        List<Waiter> still = new ArrayList<>();
        JobState state = ended.withWaiting(List.of());
        for (Waiter waiter : ended.waiting()) {
            if (mustWait(state, waiter.session(), waiter.command(), waiter.startedAt())) {
                still.add(waiter);
                continue;
            }
            Run run = run(state, waiter.session(), waiter.command(), waiter.startedAt());
            state = run.state();
            resumed.add(new Resumed(waiter.session(), waiter.command(), run.outcome()));
        }
        return new JobTransition(state.withWaiting(still), outcome, resumed);
    }

    // --- relay and consumer ------------------------------------------------------------------------------------

    private static JobTransition relay(JobState state, boolean crashBeforeMark) {
        Optional<OutboxMessage> next = state.outbox().stream().filter(m -> !m.delivered()).findFirst();
        if (next.isEmpty()) {
            return done(state, new NothingToDeliver());
        }
        OutboxMessage message = next.get();
        List<OutboxMessage> outbox = state.outbox().stream()
                .map(m -> m.id() == message.id() && !crashBeforeMark ? m.markedDelivered() : m).toList();
        return consume(state, outbox, message, !crashBeforeMark);
    }

    private static JobTransition redeliver(JobState state) {
        Optional<OutboxMessage> last = state.outbox().stream().filter(m -> m.id() == state.lastDelivered()).findFirst();
        return last.isEmpty() ? done(state, new NothingToDeliver()) : consume(state, state.outbox(), last.get(), false);
    }

    /** The consumer applies a business key's effect once, remembering the key in the same transaction. */
    private static JobTransition consume(JobState state, List<OutboxMessage> outbox, OutboxMessage message, boolean marked) {
        SortedMap<String, SortedMap<String, Integer>> effects = new TreeMap<>(state.effects());
        SortedMap<String, Integer> ofKey = new TreeMap<>(effects.getOrDefault(message.key(), new TreeMap<>()));
        boolean effect = !ofKey.containsKey(message.resultId());
        if (effect) {
            ofKey.put(message.resultId(), 1);
            effects.put(message.key(), ofKey);
        }
        JobState next = new JobState(state.committed(), state.jobStates(), state.business(), outbox, effects, state.open(),
                state.waiting(), state.nextMessageId(), message.id());
        return done(next, new Delivered(message.key(), message.resultId(), effect, marked));
    }

    // --- helpers ---------------------------------------------------------------------------------------------

    private static JobState replace(JobState state, String session, Transaction tx) {
        SortedMap<String, Transaction> open = new TreeMap<>(state.open());
        open.put(session, tx);
        return state.withOpen(open);
    }

    private static JobTransition done(JobState state, JobOutcome outcome) {
        return new JobTransition(state, outcome, List.of());
    }
}
