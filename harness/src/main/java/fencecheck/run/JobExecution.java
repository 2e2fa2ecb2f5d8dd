package fencecheck.run;

import fencecheck.check.ExactlyOnce;
import fencecheck.check.Invariants;
import fencecheck.check.Violation;
import fencecheck.db.VirtualClock;
import fencecheck.job.JobCommand;
import fencecheck.job.JobModel;
import fencecheck.job.JobOutcome;
import fencecheck.job.JobRows;
import fencecheck.job.JobState;
import fencecheck.job.JobTransition;
import fencecheck.job.Resumed;
import fencecheck.job.Transaction;
import fencecheck.model.Command;
import fencecheck.model.Describe;
import fencecheck.model.KeyState;
import fencecheck.model.Lease;
import fencecheck.model.Micros;
import fencecheck.model.Outcome;
import fencecheck.model.SinkKind;
import fencecheck.protocol.JobClient;
import fencecheck.trace.JobAction;
import fencecheck.trace.JobStep;
import fencecheck.trace.JobTrace;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;

/** The state of one job try while its steps run; discarded when the try ends. */
final class JobExecution {


    private record Belief(String key, long token) {
    }

    private final JobRunner runner;
    private final JobModel model;
    private final JobTrace trace;
    private JobState state;
    private final Map<String, Belief> beliefs = new HashMap<>();
    private final Map<String, UUID> owners = new HashMap<>();
    private final Map<String, String> labelOfOwner = new HashMap<>();
    private final List<JobHistoryEntry> history = new ArrayList<>();
    private final Set<JobSituation> situations = EnumSet.noneOf(JobSituation.class);
    /** Per session, whether its open transaction claimed a job (for the statistics). */
    private final Map<String, Boolean> claimedInTransaction = new HashMap<>();
    /** Per session, whether it has run a statement since its transaction began (for the interleaving count). */
    private final Map<String, Integer> statementsInTransaction = new HashMap<>();
    private JobClient.OutboxRecord lastDelivered;
    private JobHistoryEntry divergent;
    private int stepNumber;

    JobExecution(JobRunner runner, JobModel model, JobTrace trace) {
        this.runner = runner;
        this.model = model;
        this.trace = trace;
        this.state = model.init(0);
    }

    JobTryResult run() throws SQLException {
        for (JobStep step : trace.steps()) {
            stepNumber++;
            execute(step);
            if (divergent != null) {
                return finish();
            }
        }
        endOpenTransactions();
        return finish();
    }

    private JobTryResult finish() {
        JobEvents checked = JobEvents.of(history);
        List<Violation> violations = new ArrayList<>(Invariants.check(checked.events(), model.config().boundary()));
        violations.addAll(ExactlyOnce.check(checked.deliveries()));
        return new JobTryResult(trace, history, situations, divergent, violations);
    }

    /** A trace may end with transactions open: they roll back, as when their workers go away, and whoever waited goes on. */
    private void endOpenTransactions() throws SQLException {
        for (String session : List.copyOf(state.open().keySet())) {
            if (divergent != null || state.isWaiting(session)) {
                continue;
            }
            stepNumber++;
            JobSession s = runner.session(session);
            record(step(session, "end of trace: roll back", new JobCommand.Rollback(session), s, s.jobs::rollback));
        }
    }

    // --- steps -----------------------------------------------------------------------------------------------

    private void execute(JobStep step) throws SQLException {
        markInterleaving(step.actor());
        switch (step.action()) {
            case JobAction.WorkerStatement statement -> workerStatement(step.actor(), statement);
            case JobAction.Relay relay -> relay(relay.crashBeforeMark());
            case JobAction.Redeliver redeliver -> redeliver();
            case JobAction.AdvanceToExpiry a -> {
                Lease lease = state.committed().key(a.key()).lease();
                if (lease == null) {
                    noOp(JobStep.CLOCK, "clock to the expiry of " + a.key() + ", which has no lease");
                } else {
                    clock(lease.until() + a.deltaMicros());
                }
            }
            case JobAction.AdvanceBy a -> clock(state.now() + a.micros());
        }
    }

    private void markInterleaving(String actor) {
        for (Map.Entry<String, Integer> open : statementsInTransaction.entrySet()) {
            if (!open.getKey().equals(actor) && open.getValue() > 0 && actor.startsWith("w")) {
                situations.add(JobSituation.INTERLEAVED_IN_OPEN_TRANSACTION);
            }
        }
    }

    private void workerStatement(String worker, JobAction.WorkerStatement action) throws SQLException {
        if (state.isWaiting(worker)) {
            noOp(worker, worker + " is waiting for a lock: " + describe(action) + " skipped");
            return;
        }
        Transaction tx = state.transaction(worker);
        Belief belief = beliefs.get(worker);
        JobSession s = runner.session(worker);
        long ttl = trace.leaseTtl();
        String label = worker;
        switch (action) {
            case JobAction.Acquire a -> {
                if (tx != null) {
                    noOp(worker, worker + " has a transaction open: acquire skipped");
                    return;
                }
                UUID owner = owner(worker);
                record(step(worker, "acquire " + a.key(), new JobCommand.LeaseOperation(worker,
                        new Command.Acquire(a.key(), label, ttl)), s, () -> new JobOutcome.Answered(s.lease.acquire(a.key(), owner, ttl))));
            }
            case JobAction.Renew r -> {
                if (tx != null || belief == null) {
                    noOp(worker, worker + (tx != null ? " has a transaction open" : " holds no lease") + ": renew skipped");
                    return;
                }
                UUID owner = owner(worker);
                record(step(worker, "renew " + belief.key() + " token " + belief.token(), new JobCommand.LeaseOperation(worker,
                        new Command.Renew(belief.key(), label, belief.token(), ttl)), s,
                        () -> new JobOutcome.Answered(s.lease.renew(belief.key(), owner, belief.token(), ttl))));
            }
            case JobAction.Release r -> {
                if (tx != null || belief == null) {
                    noOp(worker, worker + (tx != null ? " has a transaction open" : " holds no lease") + ": release skipped");
                    return;
                }
                UUID owner = owner(worker);
                record(step(worker, "release " + belief.key() + " token " + belief.token(), new JobCommand.LeaseOperation(worker,
                        new Command.Release(belief.key(), label, belief.token())), s,
                        () -> new JobOutcome.Answered(s.lease.release(belief.key(), owner, belief.token()))));
            }
            case JobAction.FencedWrite w -> {
                if (belief == null) {
                    noOp(worker, worker + " holds no lease: fenced write skipped");
                    return;
                }
                Command.Write write = new Command.Write(SinkKind.CURRENT_FENCE, belief.key(), belief.token(), w.resultId(), w.payload());
                record(step(worker, Describe.command(write) + (tx != null ? " (in its transaction)" : ""),
                        new JobCommand.FencedWrite(worker, write), s, () -> new JobOutcome.Answered(
                                s.lease.write(SinkKind.CURRENT_FENCE, belief.key(), belief.token(), w.resultId(), w.payload()))));
            }
            case JobAction.Begin b -> {
                if (tx != null) {
                    noOp(worker, worker + " has a transaction open already: begin skipped");
                    return;
                }
                record(step(worker, "begin", new JobCommand.Begin(worker), s, () -> {
                    s.jobs.begin();
                    return new JobOutcome.Begun();
                }));
            }
            case JobAction.Claim c -> {
                if (tx == null || belief == null) {
                    noOp(worker, worker + (tx == null ? " has no transaction open" : " holds no lease") + ": claim skipped");
                    return;
                }
                record(step(worker, "claim " + belief.key() + " token " + belief.token(),
                        new JobCommand.Claim(worker, belief.key(), belief.token()), s, () -> s.jobs.claim(belief.key(), belief.token())));
            }
            case JobAction.BusinessRow b -> {
                if (tx == null) {
                    noOp(worker, worker + " has no transaction open: business row skipped");
                    return;
                }
                record(step(worker, "business row " + b.resultId() + " \"" + b.payload() + "\"",
                        new JobCommand.BusinessRow(worker, b.resultId(), b.payload()), s, () -> s.jobs.businessRow(b.resultId(), b.payload())));
            }
            case JobAction.OutboxRow o -> {
                if (tx == null) {
                    noOp(worker, worker + " has no transaction open: outbox row skipped");
                    return;
                }
                record(step(worker, "outbox row " + o.resultId() + " \"" + o.payload() + "\"",
                        new JobCommand.OutboxRow(worker, o.resultId(), o.payload()), s, () -> s.jobs.outboxRow(o.resultId(), o.payload())));
            }
            case JobAction.Commit c -> {
                if (tx == null) {
                    noOp(worker, worker + " has no transaction open: commit skipped");
                    return;
                }
                record(step(worker, "commit", new JobCommand.Commit(worker), s, s.jobs::commit));
            }
            case JobAction.Rollback r -> {
                if (tx == null) {
                    noOp(worker, worker + " has no transaction open: rollback skipped");
                    return;
                }
                record(step(worker, "rollback", new JobCommand.Rollback(worker), s, s.jobs::rollback));
            }
        }
    }

    private UUID owner(String worker) {
        return owners.computeIfAbsent(worker, w -> {
            UUID owner = runner.protocol().newOwner(w);
            labelOfOwner.put(owner.toString(), w);
            return owner;
        });
    }

    private static String describe(JobAction action) {
        String name = action.getClass().getSimpleName();
        return name.replaceAll("([a-z])([A-Z])", "$1 $2").toLowerCase();
    }

    /** What one step did: its own entry, then the entries of the waiting statements that went on. */
    private record Outcomes(JobHistoryEntry own, List<JobHistoryEntry> resumed) {
    }

    private void record(Outcomes outcomes) {
        history.add(outcomes.own());
        history.addAll(outcomes.resumed());
        if (divergent == null && outcomes.own().divergent()) {
            divergent = outcomes.own();
        }
        for (JobHistoryEntry e : outcomes.resumed()) {
            if (divergent == null && e.divergent()) {
                divergent = e;
            }
        }
    }

    /**
     * Runs one statement of a session in lock step with the model: the model
     * says whether it waits and what it answers; the database's session runs it
     * on a thread of its own and is watched until it answers or is blocked.
     */
    private Outcomes step(String session, String action, JobCommand command, JobSession s, Callable<JobOutcome> statement)
            throws SQLException {
        String contended = model.wouldWaitFor(state, session, command);
        if (contended != null) {
            for (fencecheck.job.Waiter waiter : state.waiting()) {
                if (contended.equals(model.wouldWaitFor(state, waiter.session(), waiter.command()))) {
                    return new Outcomes(new JobHistoryEntry(stepNumber, false, session, "(no-op) " + action + " would queue behind "
                            + waiter.session() + "'s waiting statement on " + contended
                            + ", an order PostgreSQL does not define: skipped", null, state.now(), null, null, null, null, null, null),
                            List.of());
                }
            }
        }
        long at = state.now();
        JobState before = state;
        JobTransition t = model.step(state, command);
        state = t.next();
        s.pending = runner.statements().submit(statement);
        StatementWatch.Observation seen = StatementWatch.watch(runner, s, false, t.outcome() instanceof JobOutcome.Waiting);
        boolean endsTransaction = command instanceof JobCommand.Commit || command instanceof JobCommand.Rollback;
        // the statements that go on when a transaction ends are awaited before any row is read: the model's rows include them
        List<StatementWatch.Observation> resumedSeen = endsTransaction ? awaitResumed(t) : List.of();
        noteStatement(session, command, seen.outcome());
        String key = keyOf(before, session, command);
        JobHistoryEntry own = entry(stepNumber, false, session, action, command, at, t.outcome(), seen, key);
        learn(session, command, seen.outcome(), own);
        List<JobHistoryEntry> resumed = endsTransaction ? resumedEntries(before, t, resumedSeen, command instanceof JobCommand.Commit)
                : List.of();
        return new Outcomes(own, resumed);
    }

    /**
     * After a transaction ends: each statement the model says goes on must
     * answer; the others must still be blocked. The observations come in the
     * model's order of the resumed statements, then one for each statement
     * that behaved otherwise (an answer nobody predicted, a wait that ended).
     */
    private List<StatementWatch.Observation> awaitResumed(JobTransition t) throws SQLException {
        List<StatementWatch.Observation> seen = new ArrayList<>();
        for (Resumed r : t.resumed()) {
            JobSession s = runner.session(r.session());
            seen.add(s.pending == null ? new StatementWatch.Observation(null, "no statement of " + r.session() + " was running") : watch(s, true));
        }
        unexpected.clear();
        for (JobSession s : runner.sessions()) {
            if (s.pending != null && !state.isWaiting(s.name)) {
                unexpected.put(s.name, watch(s, true));
            } else if (s.pending != null) {
                StatementWatch.Observation still = watch(s, false);
                if (!(still.outcome() instanceof JobOutcome.Waiting)) {
                    unexpected.put(s.name, still);
                }
            }
        }
        return seen;
    }

    /** Sessions whose statement did what the model did not say when a transaction ended, and what it did. */
    private final Map<String, StatementWatch.Observation> unexpected = new java.util.TreeMap<>();

    private List<JobHistoryEntry> resumedEntries(JobState before, JobTransition t, List<StatementWatch.Observation> seen, boolean byCommit) throws SQLException {
        List<JobHistoryEntry> entries = new ArrayList<>();
        for (int i = 0; i < t.resumed().size(); i++) {
            Resumed r = t.resumed().get(i);
            situations.add(byCommit ? JobSituation.WAIT_RESOLVED_BY_COMMIT : JobSituation.WAIT_RESOLVED_BY_ROLLBACK);
            String key = keyOf(state, r.session(), r.command());
            // a statement that waited ran with the clock of its start: that is the time its line shows
            JobHistoryEntry e = entry(stepNumber, true, r.session(), describeCommand(r.command()), r.command(), startOf(before, r),
                    r.outcome(), seen.get(i), key);
            learn(r.session(), r.command(), seen.get(i).outcome(), e);
            entries.add(e);
        }
        for (Map.Entry<String, StatementWatch.Observation> other : unexpected.entrySet()) {
            boolean waits = state.isWaiting(other.getKey());
            entries.add(entry(stepNumber, true, other.getKey(), waits ? "a statement the model says still waits"
                    : "a statement the model says is not running", null, state.now(), waits ? new JobOutcome.Waiting() : null,
                    other.getValue(), null));
        }
        return entries;
    }

    /** The clock a waiting statement started with, as the model kept it while it waited. */
    private long startOf(JobState before, Resumed r) {
        return before.waiting().stream().filter(w -> w.session().equals(r.session())).findFirst()
                .map(fencecheck.job.Waiter::startedAt).orElse(state.now());
    }

    private StatementWatch.Observation watch(JobSession s, boolean mustAnswer) throws SQLException {
        return StatementWatch.watch(runner, s, mustAnswer, false);
    }

    // --- the relay and the clock ---------------------------------------------------------------------------

    private void relay(boolean crashBeforeMark) throws SQLException {
        long at = state.now();
        JobCommand command = new JobCommand.Relay(crashBeforeMark);
        JobTransition t = model.step(state, command);
        state = t.next();
        JobSession relay = runner.session(JobStep.RELAY);
        JobSession consumer = runner.session("consumer");
        Optional<JobClient.OutboxRecord> next = relay.jobs.nextToDeliver();
        JobOutcome observed;
        String key = null;
        if (next.isEmpty()) {
            observed = new JobOutcome.NothingToDeliver();
        } else {
            JobClient.OutboxRecord message = next.get();
            boolean effect = consumer.jobs.consume(message);
            if (!crashBeforeMark) {
                relay.jobs.markDelivered(message.id());
            } else {
                situations.add(JobSituation.RELAY_CRASH);
            }
            lastDelivered = message;
            key = message.key();
            observed = delivered(message, effect, !crashBeforeMark);
        }
        String action = crashBeforeMark ? "deliver the next message, crash before marking it" : "deliver the next message, mark it";
        JobHistoryEntry e = entry(stepNumber, false, JobStep.RELAY, action, command, at, t.outcome(), new StatementWatch.Observation(observed, null),
                key != null ? key : keyOf(t.outcome()));
        record(new Outcomes(e, List.of()));
    }

    private void redeliver() throws SQLException {
        long at = state.now();
        JobCommand command = new JobCommand.Redeliver();
        JobTransition t = model.step(state, command);
        state = t.next();
        JobOutcome observed;
        String key = null;
        if (lastDelivered == null) {
            observed = new JobOutcome.NothingToDeliver();
        } else {
            boolean effect = runner.session("consumer").jobs.consume(lastDelivered);
            key = lastDelivered.key();
            observed = delivered(lastDelivered, effect, false);
        }
        JobHistoryEntry e = entry(stepNumber, false, JobStep.RELAY, "deliver the last message again", command, at, t.outcome(),
                new StatementWatch.Observation(observed, null), key != null ? key : keyOf(t.outcome()));
        record(new Outcomes(e, List.of()));
    }

    private JobOutcome delivered(JobClient.OutboxRecord message, boolean effect, boolean marked) {
        if (!effect) {
            situations.add(JobSituation.DUPLICATE_DELIVERY);
        }
        return new JobOutcome.Delivered(message.key(), message.resultId(), effect, marked);
    }

    private static String keyOf(JobOutcome outcome) {
        return outcome instanceof JobOutcome.Delivered d ? d.key() : null;
    }

    private void clock(long to) throws SQLException {
        long at = state.now();
        JobCommand command = new JobCommand.AdvanceClock(to);
        JobTransition t = model.step(state, command);
        state = t.next();
        if (to > at) {
            VirtualClock.set(runner.observer(), to);
        }
        JobOutcome observed = new JobOutcome.ClockAt(VirtualClock.read(runner.observer()));
        record(new Outcomes(entry(stepNumber, false, JobStep.CLOCK, "clock to " + Micros.format(to), command, at, t.outcome(),
                new StatementWatch.Observation(observed, null), null), List.of()));
    }

    private void noOp(String actor, String why) {
        history.add(new JobHistoryEntry(stepNumber, false, actor, "(no-op) " + why, null, state.now(), null, null, null, null, null, null));
    }

    // --- bookkeeping for the checkers and the statistics ---------------------------------------------------

    private void noteStatement(String session, JobCommand command, JobOutcome observed) {
        if (command instanceof JobCommand.Begin) {
            statementsInTransaction.put(session, 0);
        } else if (command instanceof JobCommand.Commit || command instanceof JobCommand.Rollback) {
            statementsInTransaction.remove(session);
        } else if (statementsInTransaction.containsKey(session)) {
            statementsInTransaction.merge(session, 1, Integer::sum);
        }
        if (observed instanceof JobOutcome.Waiting) {
            situations.add(JobSituation.WAIT_OBSERVED);
        }
    }

    /** What a worker believes after an answer, and the situations the answer shows. */
    private void learn(String session, JobCommand command, JobOutcome observed, JobHistoryEntry entry) {
        switch (command) {
            case JobCommand.LeaseOperation op -> {
                if (observed instanceof JobOutcome.Answered a) {
                    if (a.outcome() instanceof Outcome.Granted g && op.command() instanceof Command.Acquire acquire) {
                        beliefs.put(session, new Belief(acquire.key(), g.token()));
                        if (entry.resumed()) {
                            situations.add(JobSituation.TAKEOVER_WHILE_JOB_OPEN);
                        }
                    }
                    if (a.outcome() instanceof Outcome.Released) {
                        beliefs.remove(session);
                    }
                }
            }
            case JobCommand.Claim c -> {
                if (observed instanceof JobOutcome.Claimed) {
                    claimedInTransaction.put(session, true);
                } else if (observed instanceof JobOutcome.NotClaimed) {
                    situations.add(JobSituation.STALE_CLAIM_REFUSED);
                }
            }
            case JobCommand.Commit c -> {
                if (claimedInTransaction.remove(session) != null && observed instanceof JobOutcome.Committed) {
                    situations.add(JobSituation.JOB_COMMITTED);
                }
            }
            case JobCommand.Rollback r -> {
                if (claimedInTransaction.remove(session) != null) {
                    situations.add(JobSituation.JOB_ROLLED_BACK);
                }
            }
            default -> {
            }
        }
    }

    // --- rows ----------------------------------------------------------------------------------------------

    /** The key a statement touches: its own, or the key of the session's transaction. */
    private String keyOf(JobState seen, String session, JobCommand command) {
        return switch (command) {
            case JobCommand.LeaseOperation op -> switch (op.command()) {
                case Command.Acquire a -> a.key();
                case Command.Renew r -> r.key();
                case Command.Release r -> r.key();
                default -> null;
            };
            case JobCommand.FencedWrite w -> w.write().key();
            case JobCommand.Claim c -> c.key();
            default -> {
                Transaction tx = seen.transaction(session);
                if (tx != null && tx.claimedKey() != null) {
                    yield tx.claimedKey();
                }
                if (tx != null && !tx.sharedKeys().isEmpty()) {
                    yield tx.sharedKeys().first();
                }
                Belief belief = beliefs.get(session);
                yield belief == null ? null : belief.key();
            }
        };
    }

    private JobHistoryEntry entry(int step, boolean resumed, String actor, String action, JobCommand command, long at,
                                  JobOutcome expected, StatementWatch.Observation seen, String key) throws SQLException {
        JobRows expectedRows = null;
        JobRows observedRows = null;
        if (key != null && seen.error() == null) {
            String viewer = state.transaction(actor) != null && !state.isWaiting(actor) ? actor : null;
            expectedRows = state.rows(key, viewer);
            observedRows = readRows(key, viewer);
        }
        return new JobHistoryEntry(step, resumed, actor, action, command, at, expected, seen.outcome(), key, expectedRows,
                observedRows, seen.error());
    }

    /**
     * The rows as the database holds them: through the acting session when it
     * has a transaction open (it sees its own rows), else through the observer.
     * The job-state row's token is always read as committed: when within its
     * transaction a job writes it is the implementation's business.
     */
    private JobRows readRows(String key, String viewer) throws SQLException {
        JobSession observer = runner.observerSession();
        JobSession own = viewer == null ? null : runner.session(viewer);
        JobSession reader = own != null && own.pending == null ? own : observer;
        KeyState protocol = reader.lease.inspect(key);
        JobClient.JobRowsRead rows = reader.jobs.inspect(key);
        Long jobState = reader == observer ? rows.jobState() : observer.jobs.inspect(key).jobState();
        return new JobRows(labelled(protocol), jobState, rows.business(), rows.outbox(), rows.effects());
    }


    private KeyState labelled(KeyState rows) {
        Lease lease = rows.lease();
        if (lease == null) {
            return new KeyState(null, null, rows.fenced());
        }
        String label = labelOfOwner.getOrDefault(lease.owner(), lease.owner());
        return new KeyState(new Lease(label, lease.until(), lease.token()), null, rows.fenced());
    }

    private static String describeCommand(JobCommand command) {
        return switch (command) {
            case JobCommand.LeaseOperation op -> Describe.command(op.command());
            case JobCommand.FencedWrite w -> Describe.command(w.write());
            case JobCommand.Claim c -> "claim " + c.key() + " token " + c.token();
            default -> command.toString();
        };
    }
}
