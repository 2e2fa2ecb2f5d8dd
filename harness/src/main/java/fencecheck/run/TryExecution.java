package fencecheck.run;

import fencecheck.check.AcknowledgedWrites;
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
import fencecheck.job.Transaction;
import fencecheck.model.Command;
import fencecheck.model.Describe;
import fencecheck.model.KeyState;
import fencecheck.model.Lease;
import fencecheck.model.Micros;
import fencecheck.model.Outcome;
import fencecheck.model.SinkKind;
import fencecheck.protocol.JobClient;
import fencecheck.trace.Action;
import fencecheck.trace.Step;
import fencecheck.trace.Trace;
import fencecheck.trace.NetworkFault;

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
final class TryExecution {


    private record Belief(String key, long token) {
    }

    private final TraceRunner runner;
    private final JobModel model;
    private final Trace trace;
    private JobState state;
    private final Map<String, Belief> beliefs = new HashMap<>();
    private final Map<String, UUID> owners = new HashMap<>();
    private final RowsReader rows;
    private final List<HistoryEntry> history = new ArrayList<>();
    private JobClient.OutboxRecord lastDelivered;
    private HistoryEntry divergent;
    private int stepNumber;

    TryExecution(TraceRunner runner, JobModel model, Trace trace) {
        this.runner = runner;
        this.model = model;
        this.trace = trace;
        this.state = model.init(0);
        this.rows = new RowsReader(runner);
    }

    TryResult run() throws SQLException {
        for (Step step : trace.steps()) {
            stepNumber++;
            execute(step);
            if (divergent != null) {
                return finish();
            }
        }
        endOpenTransactions();
        return finish();
    }

    private TryResult finish() {
        CheckedEvents checked = CheckedEvents.of(history);
        List<Violation> violations = new ArrayList<>(Invariants.check(checked.events(), model.config().boundary()));
        violations.addAll(AcknowledgedWrites.check(checked.sinkWrites(), checked.stored()));
        violations.sort(java.util.Comparator.comparingInt(Violation::step));
        violations.addAll(ExactlyOnce.check(checked.deliveries()));
        return new TryResult(trace, history, Situations.of(trace, history), divergent, violations);
    }

    /** A trace may end with transactions open: they roll back, as when their workers go away, and whoever waited goes on. */
    private void endOpenTransactions() throws SQLException {
        while (divergent == null) {
            Optional<String> idle = state.open().keySet().stream().filter(session -> !running.containsKey(session)).findFirst();
            if (idle.isEmpty()) {
                return;
            }
            stepNumber++;
            Session s = runner.session(idle.get());
            statement(idle.get(), "end of trace: roll back", new JobCommand.Rollback(idle.get()), s, s.jobs::rollback);
        }
    }

    // --- steps -----------------------------------------------------------------------------------------------

    private void execute(Step step) throws SQLException {
        switch (step.action()) {
            case Action.WorkerStatement statement -> {
                String incarnation = incarnations.of(step.actor());
                if (incarnation == null) {
                    noOp(step.actor(), step.actor() + " names no zombie: no restart left one behind");
                } else if (incarnations.isPaused(incarnation)) {
                    noOp(incarnation, incarnation + " is paused: " + describe(statement) + " skipped");
                } else {
                    workerStatement(incarnation, statement);
                }
            }
            case Action.WorkerFault fault -> workerFault(fault);
            case Action.Relay relay -> relay(relay.crashBeforeMark());
            case Action.Redeliver redeliver -> redeliver();
            case Action.AdvanceToExpiry a -> {
                Lease lease = state.committed().key(a.key()).lease();
                if (lease == null) {
                    noOp(Step.CLOCK, "clock to the expiry of " + a.key() + ", which has no lease");
                } else {
                    clock(lease.until() + a.deltaMicros());
                }
            }
            case Action.AdvanceBy a -> clock(state.now() + a.micros());
            case Action.CrashDatabase c -> crashDatabase();
            case Action.RestartCoordinator r -> {
                runner.protocol().restartCoordinator();
                history.add(fault("restart the coordinator: what it kept in memory is gone"));
            }
        }
    }

    /**
     * The database crashes and restarts on the same data: open transactions and
     * statements still waiting vanish, the workers keep what they believe, and
     * every key's committed rows must be what the model kept.
     */
    private void crashDatabase() throws SQLException {
        long at = state.now();
        JobTransition t = model.step(state, new JobCommand.CrashDatabase());
        runner.crashDatabase();
        for (Map.Entry<String, Running> lost : List.copyOf(running.entrySet())) {
            running.remove(lost.getKey());
            history.add(new HistoryEntry(stepNumber, HistoryEntry.Kind.FAULT, true, lost.getKey(), lost.getValue().action + ": lost in the crash, never"
                    + " answered", null, lost.getValue().startedAt, null, null, null, null, null, null));
        }
        state = t.next();
        record(new HistoryEntry(stepNumber, HistoryEntry.Kind.FAULT, false, Step.NEMESIS, "the database crashes and restarts on the same data; open"
                + " transactions vanish", new JobCommand.CrashDatabase(), at, t.outcome(), new JobOutcome.Restarted(), null, null,
                null, null));
        for (String key : state.committed().keys().keySet()) {
            JobRows expected = state.rows(key, null);
            JobRows observed = readRows(key, null);
            if (!expected.equals(observed)) {
                record(new HistoryEntry(stepNumber, HistoryEntry.Kind.FAULT, false, Step.NEMESIS, "the rows of " + key + " after the restart",
                        new JobCommand.CrashDatabase(), at, t.outcome(), new JobOutcome.Restarted(), key, expected, observed, null));
                return;
            }
        }
        long clock = VirtualClock.read(runner.observer());
        if (clock != state.now()) {
            record(new HistoryEntry(stepNumber, HistoryEntry.Kind.FAULT, false, Step.NEMESIS, "the clock after the restart", new JobCommand.AdvanceClock(
                    state.now()), at, new JobOutcome.ClockAt(state.now()), new JobOutcome.ClockAt(clock), null, null, null, null));
        }
    }

    // --- incarnations: pauses, restarts, zombies ------------------------------------------------------------------

    private final Incarnations incarnations = new Incarnations();

    private void workerFault(Action.WorkerFault fault) throws SQLException {
        String target = incarnations.of(fault.worker());
        if (target == null) {
            noOp(Step.NEMESIS, fault.worker() + " names no zombie: no restart left one behind");
            return;
        }
        switch (fault) {
            case Action.Pause p -> {
                if (!incarnations.pause(target)) {
                    noOp(Step.NEMESIS, target + " is already paused");
                    return;
                }
                history.add(fault("pause " + target + (state.transaction(target) != null ? ", its transaction open" : "")));
            }
            case Action.Resume r -> {
                if (!incarnations.resume(target)) {
                    noOp(Step.NEMESIS, target + " is not paused");
                    return;
                }
                Belief belief = beliefs.get(target);
                history.add(note("resume " + target + (belief == null ? "" : ", still believing it holds " + belief.key() + " token "
                        + belief.token())));
            }
            case Action.Restart r -> restart(r.worker(), r.zombie());
            case Action.Network n -> {
                if (!runner.throughFaultProxies()) {
                    noOp(Step.NEMESIS, "this run has no fault proxies");
                    return;
                }
                armed.put(target, n.fault());
                history.add(note("the network will " + switch (n.fault()) {
                    case REQUEST_LOST -> "lose the request";
                    case RESPONSE_LOST -> "lose the answer";
                    case DELAYED -> "hold";
                    case CONNECTION_RESET -> "reset the connection after";
                } + " of " + target + "'s next statement"));
            }
            case Action.Deliver d -> deliver(target);
            case Action.Duplicate d -> {
                Command.Write again = lastWrite.get(target);
                if (again == null) {
                    noOp(Step.NEMESIS, target + " has sent no write");
                    return;
                }
                if (running.containsKey(target)) {
                    noOp(Step.NEMESIS, target + "'s connection is busy with a statement");
                    return;
                }
                Session s = runner.session(target);
                statement(target, Describe.command(again) + " (delivered again)", new JobCommand.Write(target, again), s,
                        () -> new JobOutcome.Answered(s.lease.write(again.sink(), again.key(), again.token(), again.resultId(),
                                again.payload())));
            }
        }
    }

    /** Per incarnation, its last write, which the network may deliver again. */
    private final Map<String, Command.Write> lastWrite = new HashMap<>();
    /** Per incarnation, the statement on its own whose answer never came, which it may retry. */
    private final Map<String, JobCommand> unanswered = new HashMap<>();
    private static final String HOLD_TOXIC = "fencecheck-hold";
    /** How long the network holds a delayed statement if no step delivers it: for ever, as far as a try goes. */
    private static final int HELD_MILLIS = 3_600_000;

    /** The statement the network held for an incarnation arrives now, and runs against the database as it is now. */
    private void deliver(String target) throws SQLException {
        Running held = running.get(target);
        if (held == null || !held.held) {
            noOp(Step.NEMESIS, target + " has no statement held by the network");
            return;
        }
        if (held.command instanceof JobCommand.Write w) {
            Lease lease = state.committed().key(w.write().key()).lease();
        }
        history.add(note("the network delivers " + target + "'s held statement: " + held.action));
        running.put(target, new Running("deliver: " + held.action, held.command, state.now(), ++statementsStarted,
                held.referenceWaits, held.answerLost));
        try {
            runner.session(target).proxy.toxics().get(HOLD_TOXIC).remove();
        } catch (java.io.IOException e) {
            throw new SQLException("cannot release the held statement through the proxy: " + e.getMessage(), e);
        }
        settle(held.command);
    }

    /** Per incarnation, the network fault its next statement meets. */
    private final Map<String, NetworkFault> armed = new HashMap<>();

    /** How long a client waits for an answer the network has taken away. */
    static final int LOST_ANSWER_TIMEOUT_MILLIS = 100;

    /**
     * A statement whose request or answer the network loses: the client times
     * out and drops its connection, so a transaction it had open is gone. The
     * model judges what the database shows: a lost answer's statement ran
     * (committed, if it was a COMMIT or on its own) unless it was still waiting
     * for a lock when the connection went.
     */
    private void lostInTheNetwork(String session, String action, JobCommand command, Session s, Callable<JobOutcome> call,
                                  NetworkFault fault) throws SQLException {
        boolean requestLost = fault == NetworkFault.REQUEST_LOST;
        boolean inTransaction = state.transaction(session) != null;
        if (!inTransaction && (command instanceof JobCommand.LeaseOperation || command instanceof JobCommand.Write)) {
            unanswered.put(session, command);
        }
        long at = state.now();
        String toxic = "fencecheck-" + (requestLost ? "request" : "response") + "-lost";
        String error = null;
        try {
            s.proxy.toxics().timeout(toxic, requestLost ? eu.rekawek.toxiproxy.model.ToxicDirection.UPSTREAM
                    : eu.rekawek.toxiproxy.model.ToxicDirection.DOWNSTREAM, 0);
        } catch (java.io.IOException e) {
            throw new SQLException("cannot inject the timeout fault through the proxy: " + e.getMessage(), e);
        }
        try {
            s.connection.setNetworkTimeout(Runnable::run, LOST_ANSWER_TIMEOUT_MILLIS);
            call.call();
            error = "the fault did not take: the client got an answer";
        } catch (Exception timedOut) {
            // the client gave up: it does not know what happened
        } finally {
            try {
                s.proxy.toxics().get(toxic).remove();
            } catch (java.io.IOException | RuntimeException ignored) {
                // gone with the connection
            }
        }
        boolean ran = !requestLost && runner.ranBeforeTheClientGaveUp(s);
        runner.drop(s);
        JobState before = state;
        JobOutcome expected = null;
        if (ran) {
            JobTransition t = model.complete(state, command, at);
            state = t.next();
            expected = t.outcome();
        }
        boolean rolledBack = state.transaction(session) != null;
        if (rolledBack) {
            state = model.complete(state, new JobCommand.Rollback(session), state.now()).next();
        }
        String what = (requestLost ? "; the request is lost: the database never sees it" : ran ? "; it runs, its answer is lost"
                : "; its answer is lost while it waits, and it is cancelled with its connection")
                + ", the client times out after " + LOST_ANSWER_TIMEOUT_MILLIS + " ms and drops its connection"
                + (rolledBack ? ": its transaction rolls back" : "");
        batch.add(new HistoryEntry(stepNumber, HistoryEntry.Kind.STATEMENT, false, session, action + what, command, at, expected, null,
                keyOf(before, session, command), null, null, error, fault.name()));
        settle(new JobCommand.Rollback(session));
    }

    /** A new incarnation takes the worker's role; the old one dies (its transaction rolls back) or lives on as a paused zombie. */
    private void restart(String worker, boolean zombie) throws SQLException {
        Incarnations.Restart r = incarnations.restart(worker, zombie);
        boolean open = state.transaction(r.old()) != null;
        if (zombie) {
            history.add(fault("restart " + worker + ": " + r.old() + " lives on as zombie z" + worker.substring(1) + ", paused"
                    + (open ? " with its transaction open" : "") + "; " + r.fresh() + " takes over"));
            if (r.replacedZombie() != null) {
                kill(r.replacedZombie(), "the zombie it replaces");
            }
        } else {
            history.add(fault("restart " + worker + ": " + r.old() + " is dead, its connection dropped; " + r.fresh() + " takes over"));
            kill(r.old(), "dead");
        }
    }

    /**
     * An incarnation's connection is dropped: a statement it was running never
     * answers, and its open transaction rolls back, which lets others go on.
     */
    private void kill(String incarnation, String why) throws SQLException {
        incarnations.forget(incarnation);
        Running lost = running.remove(incarnation);
        if (lost != null) {
            history.add(new HistoryEntry(stepNumber, HistoryEntry.Kind.FAULT, true, incarnation, lost.action + ": lost with its connection, never answered",
                    null, lost.startedAt, null, null, null, null, null, null));
        }
        Session session = runner.existing(incarnation);
        if (session != null && session.connection != null) {
            runner.drop(session);
        }
        if (state.transaction(incarnation) != null) {
            transactionLost(incarnation, "its transaction rolls back with its connection (" + why + ")", null);
        }
    }

    /** A session's connection went, and its open transaction with it: the model rolls it back too, and whoever waited goes on. */
    private void transactionLost(String session, String action, String fault) throws SQLException {
        JobCommand rollback = new JobCommand.Rollback(session);
        JobTransition t = model.complete(state, rollback, state.now());
        state = t.next();
        learn(session, rollback, t.outcome(), null);
        batch.add(new HistoryEntry(stepNumber, HistoryEntry.Kind.STATEMENT, true, session, action, rollback, state.now(), t.outcome(), t.outcome(), null, null,
                null, null, fault));
        settle(rollback);
    }

    /** A fault the nemesis made happen, in its lane. */
    private HistoryEntry fault(String what) {
        return new HistoryEntry(stepNumber, HistoryEntry.Kind.FAULT, false, Step.NEMESIS, what, null, state.now(), null, null, null,
                null, null, null);
    }

    private HistoryEntry note(String what) {
        return new HistoryEntry(stepNumber, HistoryEntry.Kind.NOTE, false, Step.NEMESIS, what, null, state.now(), null, null, null, null, null, null);
    }

    private void workerStatement(String worker, Action.WorkerStatement action) throws SQLException {
        if (running.containsKey(worker)) {
            noOp(worker, worker + " is waiting for a lock: " + describe(action) + " skipped");
            return;
        }
        Transaction tx = state.transaction(worker);
        Belief belief = beliefs.get(worker);
        Session s = runner.session(worker);
        long ttl = trace.leaseTtl();
        String label = worker;
        switch (action) {
            case Action.Acquire a -> {
                if (tx != null) {
                    noOp(worker, worker + " has a transaction open: acquire skipped");
                    return;
                }
                UUID owner = owner(worker);
                statement(worker, "acquire " + a.key() + (a.receiptLost() ? " (the answer is lost on the way back)" : ""),
                        new JobCommand.LeaseOperation(worker, new Command.Acquire(a.key(), label, ttl)), s,
                        () -> new JobOutcome.Answered(s.lease.acquire(a.key(), owner, ttl)), a.receiptLost());
            }
            case Action.Renew r -> {
                if (tx != null || belief == null) {
                    noOp(worker, worker + (tx != null ? " has a transaction open" : " holds no lease") + ": renew skipped");
                    return;
                }
                UUID owner = owner(worker);
                statement(worker, "renew " + belief.key() + " token " + belief.token(), new JobCommand.LeaseOperation(worker,
                        new Command.Renew(belief.key(), label, belief.token(), ttl)), s,
                        () -> new JobOutcome.Answered(s.lease.renew(belief.key(), owner, belief.token(), ttl)));
            }
            case Action.Release r -> {
                if (tx != null || belief == null) {
                    noOp(worker, worker + (tx != null ? " has a transaction open" : " holds no lease") + ": release skipped");
                    return;
                }
                UUID owner = owner(worker);
                statement(worker, "release " + belief.key() + " token " + belief.token(), new JobCommand.LeaseOperation(worker,
                        new Command.Release(belief.key(), label, belief.token())), s,
                        () -> new JobOutcome.Answered(s.lease.release(belief.key(), owner, belief.token())));
            }
            case Action.Write w -> {
                Long token = belief == null ? null : token(w.token(), belief);
                if (token == null) {
                    noOp(worker, worker + " has no " + w.token().name().toLowerCase() + " token to write with: write skipped");
                    return;
                }
                Command.Write write = new Command.Write(w.sink(), belief.key(), token, w.resultId(), w.payload());
                lastWrite.put(worker, write);
                statement(worker, Describe.command(write) + (tx != null ? " (in its transaction)" : ""),
                        new JobCommand.Write(worker, write), s, () -> new JobOutcome.Answered(
                                s.lease.write(w.sink(), belief.key(), token, w.resultId(), w.payload())));
            }
            case Action.Retry r -> retry(worker, s);
            case Action.Begin b -> {
                if (tx != null) {
                    noOp(worker, worker + " has a transaction open already: begin skipped");
                    return;
                }
                statement(worker, "begin", new JobCommand.Begin(worker), s, () -> {
                    s.jobs.begin();
                    return new JobOutcome.Begun();
                });
            }
            case Action.Claim c -> {
                if (tx == null || belief == null) {
                    noOp(worker, worker + (tx == null ? " has no transaction open" : " holds no lease") + ": claim skipped");
                    return;
                }
                statement(worker, "claim " + belief.key() + " token " + belief.token(),
                        new JobCommand.Claim(worker, belief.key(), belief.token()), s, () -> s.jobs.claim(belief.key(), belief.token()));
            }
            case Action.BusinessRow b -> {
                if (tx == null) {
                    noOp(worker, worker + " has no transaction open: business row skipped");
                    return;
                }
                statement(worker, "business row " + b.resultId() + " \"" + b.payload() + "\"",
                        new JobCommand.BusinessRow(worker, b.resultId(), b.payload()), s, () -> s.jobs.businessRow(b.resultId(), b.payload()));
            }
            case Action.OutboxRow o -> {
                if (tx == null) {
                    noOp(worker, worker + " has no transaction open: outbox row skipped");
                    return;
                }
                statement(worker, "outbox row " + o.resultId() + " \"" + o.payload() + "\"",
                        new JobCommand.OutboxRow(worker, o.resultId(), o.payload()), s, () -> s.jobs.outboxRow(o.resultId(), o.payload()));
            }
            case Action.Commit c -> {
                if (tx == null) {
                    noOp(worker, worker + " has no transaction open: commit skipped");
                    return;
                }
                statement(worker, "commit", new JobCommand.Commit(worker), s, s.jobs::commit);
            }
            case Action.Rollback r -> {
                if (tx == null) {
                    noOp(worker, worker + " has no transaction open: rollback skipped");
                    return;
                }
                statement(worker, "rollback", new JobCommand.Rollback(worker), s, s.jobs::rollback);
            }
        }
    }

    /** The worker sends again, as the same owner, the statement on its own whose answer never came. */
    private void retry(String worker, Session s) throws SQLException {
        JobCommand again = unanswered.remove(worker);
        if (again == null) {
            noOp(worker, worker + " has no statement with an unknown outcome: retry skipped");
            return;
        }
        UUID owner = owner(worker);
        long ttl = trace.leaseTtl();
        switch (again) {
            case JobCommand.LeaseOperation op -> {
                Callable<JobOutcome> call = switch (op.command()) {
                    case Command.Acquire a -> () -> new JobOutcome.Answered(s.lease.acquire(a.key(), owner, ttl));
                    case Command.Renew n -> () -> new JobOutcome.Answered(s.lease.renew(n.key(), owner, n.token(), ttl));
                    case Command.Release n -> () -> new JobOutcome.Answered(s.lease.release(n.key(), owner, n.token()));
                    default -> null;
                };
                statement(worker, "retry: " + Describe.command(op.command()), op, s, call);
            }
            case JobCommand.Write w -> {
                Command.Write write = w.write();
                String sent = runner.protocol().retryResultId(write.resultId());
                statement(worker, "retry: " + Describe.command(write) + (sent.equals(write.resultId()) ? ""
                        : " (the worker sends result id " + sent + ")"), w, s, () -> new JobOutcome.Answered(
                        s.lease.write(write.sink(), write.key(), write.token(), sent, write.payload())));
            }
            default -> noOp(worker, "only a statement on its own is retried");
        }
    }

    /** The token a write carries: the believed one, one above the key's latest grant, or another key's latest grant. */
    private Long token(fencecheck.trace.TokenSource source, Belief belief) {
        return switch (source) {
            case HELD -> belief.token();
            case ABOVE_FENCE -> {
                Lease lease = state.committed().key(belief.key()).lease();
                yield (lease == null ? 0 : lease.token()) + 1;
            }
            case OTHER_KEY -> state.committed().keys().entrySet().stream()
                    .filter(e -> !e.getKey().equals(belief.key()) && e.getValue().lease() != null)
                    .map(e -> e.getValue().lease().token()).max(Long::compare).orElse(null);
        };
    }

    private UUID owner(String worker) {
        return owners.computeIfAbsent(worker, w -> {
            UUID owner = runner.protocol().newOwner(w);
            rows.owner(owner, w);
            return owner;
        });
    }

    private static String describe(Action action) {
        String name = action.getClass().getSimpleName();
        return name.replaceAll("([a-z])([A-Z])", "$1 $2").toLowerCase();
    }

    private void record(HistoryEntry entry) {
        history.add(entry);
        if (divergent == null && entry.divergent()) {
            divergent = entry;
        }
    }

    /** A statement started and not yet judged: answered and not yet collected, or waiting for a lock. */
    static final class Running {
        final String action;
        final JobCommand command;
        final long startedAt;
        final long sequence;
        /** Under the strict check, whether the reference would wait here; null when waits are only observed. */
        final Boolean referenceWaits;
        final boolean answerLost;
        boolean waited;
        /** The network holds it: it has not reached the database yet. */
        boolean held;

        Running(String action, JobCommand command, long startedAt, long sequence, Boolean referenceWaits, boolean answerLost) {
            this.answerLost = answerLost;
            this.action = action;
            this.command = command;
            this.startedAt = startedAt;
            this.sequence = sequence;
            this.referenceWaits = referenceWaits;
        }
    }

    private long statementsStarted;

    /** The statements started and not yet judged, by session. */
    private final Map<String, Running> running = new java.util.TreeMap<>();

    /**
     * Runs one statement of a session the way PostgreSQL's isolation tester
     * does: on a thread of its own, watched until the try is quiet (every
     * started statement answered, or blocked by another session of the try).
     * The model judges each statement when the database completes it, in the
     * order they complete, with the clock of its start; a wait is what the
     * database showed, never what the model prescribes.
     */
    private void statement(String session, String action, JobCommand command, Session s, Callable<JobOutcome> call)
            throws SQLException {
        statement(session, action, command, s, call, false);
    }

    /** @param answerLost the database answers, but the answer never reaches the worker (a lost grant receipt) */
    private void statement(String session, String action, JobCommand command, Session s, Callable<JobOutcome> call,
                           boolean answerLost) throws SQLException {
        NetworkFault fault = armed.remove(session);
        if (fault == NetworkFault.REQUEST_LOST || fault == NetworkFault.RESPONSE_LOST) {
            lostInTheNetwork(session, action, command, s, call, fault);
            return;
        }
        Boolean referenceWaits = runner.strictLocks() ? model.wouldWaitFor(state, session, command) != null : null;
        if (fault == NetworkFault.DELAYED) {
            try {
                s.proxy.toxics().latency(HOLD_TOXIC, eu.rekawek.toxiproxy.model.ToxicDirection.UPSTREAM, HELD_MILLIS);
            } catch (java.io.IOException e) {
                throw new SQLException("cannot hold the statement in the proxy: " + e.getMessage(), e);
            }
            s.start(runner.statements(), call);
            Running held = new Running(action, command, state.now(), ++statementsStarted, referenceWaits, answerLost);
            held.held = true;
            running.put(session, held);
            history.add(new HistoryEntry(stepNumber, HistoryEntry.Kind.NOTE, false, session, action + "; the network holds it", null, state.now(), null,
                    null, null, null, null, null, fault.name()));
            return;
        }
        s.start(runner.statements(), call);
        running.put(session, new Running(action, command, state.now(), ++statementsStarted, referenceWaits, answerLost));
        StatementWatch.awaitBriefly(s);
        settle(command);
        if (fault == NetworkFault.CONNECTION_RESET) {
            resetAfter(session, s);
        }
    }

    /**
     * The connection is reset after the statement: a statement still waiting
     * is cancelled with it, and an open transaction rolls back.
     */
    private void resetAfter(String session, Session s) throws SQLException {
        Running lost = running.remove(session);
        if (lost != null) {
            history.add(new HistoryEntry(stepNumber, HistoryEntry.Kind.FAULT, true, session, lost.action + ": cancelled by the connection reset, never"
                    + " answered", null, lost.startedAt, null, null, null, null, null, null, NetworkFault.CONNECTION_RESET.name()));
        }
        runner.drop(s);
        if (state.transaction(session) != null) {
            transactionLost(session, "the connection is reset: the transaction rolls back", NetworkFault.CONNECTION_RESET.name());
        } else {
            history.add(fault("the connection of " + session + " is reset"));
        }
    }

    /**
     * Waits, bounded, until every started statement answered or is blocked by
     * another session of the try (with no cycle of waits left for the
     * database's deadlock detector to break), judging the answers in the order
     * they came.
     */
    private void settle(JobCommand cause) throws SQLException {
        try {
            quiet(cause);
        } finally {
            // rows are read once the try is quiet, so the model's rows and the database's are of one moment
            for (HistoryEntry e : batch) {
                record(e.key() == null || e.error() != null || e.observed() instanceof JobOutcome.Waiting ? e : withRows(e));
            }
            batch.clear();
        }
    }

    /** The entries of statements judged since the try was last quiet, without their rows yet. */
    private final List<HistoryEntry> batch = new ArrayList<>();

    private HistoryEntry withRows(HistoryEntry e) throws SQLException {
        String viewer = state.transaction(e.actor()) != null && !running.containsKey(e.actor()) ? e.actor() : null;
        return new HistoryEntry(e.step(), e.kind(), e.resumed(), e.actor(), e.action(), e.command(), e.at(), e.expected(), e.observed(),
                e.key(), state.rows(e.key(), viewer), readRows(e.key(), viewer), e.error(), e.fault());
    }

    private void quiet(JobCommand cause) throws SQLException {
        long deadline = System.nanoTime() + runner.statementMillis() * 1_000_000;
        while (running.values().stream().anyMatch(r -> !r.held)) {
            List<Session> done = new ArrayList<>();
            List<Session> blocked = new ArrayList<>();
            boolean quiet = true;
            for (String name : running.keySet()) {
                Session s = sessionOf(name);
                if (running.get(name).held) {
                    continue;
                }
                if (s.pending.isDone()) {
                    done.add(s);
                } else if (runner.isBlocked(s)) {
                    blocked.add(s);
                } else {
                    quiet = false;
                }
            }
            // Answers are judged only once nothing runs: a statement that went on may still be on its way back to
            // its client while a later one already returned, so the order they return in says nothing.
            if (quiet && !runner.waitCycle(blocked)) {
                if (done.isEmpty()) {
                    for (String name : running.keySet()) {
                        if (!running.get(name).held) {
                            markWaiting(name);
                        }
                    }
                    return;
                }
                List<Done> answered = new ArrayList<>();
                for (Session s : done) {
                    answered.add(new Done(s, running.remove(s.name), StatementWatch.answer(s)));
                }
                for (Done d : CompletionOrder.of(answered, statementsStarted, this::agrees)) {
                    judge(d, cause);
                }
                continue;
            }
            if (System.nanoTime() > deadline) {
                for (String name : List.copyOf(running.keySet())) {
                    Session s = sessionOf(name);
                    if (!running.get(name).held && !s.pending.isDone() && !blocked.contains(s)) {
                        // its session stays busy: the runner drops it when the try ends
                        Running r = running.remove(name);
                        batch.add(new HistoryEntry(stepNumber, HistoryEntry.Kind.STATEMENT, r.waited, name, r.action, r.command, r.startedAt, null, null,
                                null, null, null, "the statement never completed: neither answered nor blocked by another session"
                                + " after " + runner.statementMillis() + " ms"));
                    }
                }
                continue;
            }
            TraceRunner.pause();
        }
    }

    private Session sessionOf(String name) {
        try {
            return runner.session(name);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The statement waits for a lock: the database says so, and the model takes it as shown. */
    private void markWaiting(String session) throws SQLException {
        Running r = running.get(session);
        if (r.waited) {
            return;
        }
        r.waited = true;
        // the model takes a wait as the database shows it; only the strict check holds it to the reference's locks
        JobOutcome accepted = Boolean.FALSE.equals(r.referenceWaits) ? null : new JobOutcome.Waiting();
        batch.add(new HistoryEntry(stepNumber, HistoryEntry.Kind.STATEMENT, false, session, r.action, r.command, r.startedAt,
                accepted, new JobOutcome.Waiting(), keyOf(state, session, r.command), null, null, null));
    }

    /** A statement the database completed, with what it answered. */
    record Done(Session session, Running running, StatementWatch.Observation seen) {
    }

    /** Whether the model, judging the statements in this order from the present state, answers each as the database did. */
    private boolean agrees(List<Done> order) {
        JobState s = state;
        for (Done d : order) {
            if (d.seen().outcome() == null) {
                continue;
            }
            try {
                JobTransition t = model.complete(s, d.running().command, d.running().startedAt);
                if (!t.outcome().equals(d.seen().outcome())) {
                    return false;
                }
                s = t.next();
            } catch (IllegalArgumentException outOfScope) {
                return false;
            }
        }
        return true;
    }

    private void judge(Done done, JobCommand cause) throws SQLException {
        Session s = done.session();
        Running r = done.running();
        StatementWatch.Observation seen = done.seen();
        if (seen.deadlockVictim()) {
            deadlockVictim(s, r);
            return;
        }
        JobState before = state;
        JobTransition t = model.complete(state, r.command, r.startedAt);
        state = t.next();
        if (Boolean.TRUE.equals(r.referenceWaits) && !r.waited) {
            batch.add(new HistoryEntry(stepNumber, HistoryEntry.Kind.STATEMENT, false, s.name, r.action + " (the reference waits here)", r.command,
                    r.startedAt, new JobOutcome.Waiting(), seen.outcome(), keyOf(before, s.name, r.command), null, null, seen.error()));
            return;
        }
        String key = keyOf(before, s.name, r.command);
        HistoryEntry e = new HistoryEntry(stepNumber, HistoryEntry.Kind.STATEMENT, r.waited, s.name, r.action, r.command, r.startedAt, t.outcome(),
                seen.outcome(), key, null, null, seen.error());
        if (r.answerLost && seen.outcome() instanceof JobOutcome.Answered a && a.outcome() instanceof Outcome.Granted) {
        } else {
            learn(s.name, r.command, seen.outcome(), e);
        }
        batch.add(e);
    }

    /**
     * The database broke a cycle of waits by aborting this statement: its
     * transaction is lost, as after a rollback. A legal answer for any
     * implementation (nothing of the transaction is kept), so no divergence.
     */
    private void deadlockVictim(Session s, Running r) throws SQLException {
        if (state.transaction(s.name) == null) {
            batch.add(new HistoryEntry(stepNumber, HistoryEntry.Kind.STATEMENT, r.waited, s.name, r.action + ": aborted by the database's deadlock"
                    + " detector, nothing changed", null, r.startedAt, null, null, null, null, null, null));
            return;
        }
        JobOutcome observed = s.jobs.rollback();
        JobCommand rollback = new JobCommand.Rollback(s.name);
        JobTransition t = model.complete(state, rollback, state.now());
        state = t.next();
        learn(s.name, rollback, observed, null);
        batch.add(new HistoryEntry(stepNumber, HistoryEntry.Kind.STATEMENT, r.waited, s.name, r.action + ": aborted by the database's deadlock detector;"
                + " the transaction rolls back", rollback, state.now(), t.outcome(), observed, keyOf(state, s.name, r.command), null,
                null, null));
    }

    // --- the relay and the clock ---------------------------------------------------------------------------

    private void relay(boolean crashBeforeMark) throws SQLException {
        long at = state.now();
        JobCommand command = new JobCommand.Relay(crashBeforeMark);
        JobTransition t = model.step(state, command);
        state = t.next();
        Session relay = runner.session(Step.RELAY);
        Session consumer = runner.session("consumer");
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
            }
            lastDelivered = message;
            key = message.key();
            observed = delivered(message, effect, !crashBeforeMark);
        }
        String action = crashBeforeMark ? "deliver the next message, crash before marking it" : "deliver the next message, mark it";
        HistoryEntry e = entry(stepNumber, HistoryEntry.Kind.RELAY, Step.RELAY, action, command, at, t.outcome(), new StatementWatch.Observation(observed, null),
                key != null ? key : keyOf(t.outcome()));
        record(e);
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
        HistoryEntry e = entry(stepNumber, HistoryEntry.Kind.RELAY, Step.RELAY, "deliver the last message again", command, at, t.outcome(),
                new StatementWatch.Observation(observed, null), key != null ? key : keyOf(t.outcome()));
        record(e);
    }

    private JobOutcome delivered(JobClient.OutboxRecord message, boolean effect, boolean marked) {
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
            runner.setClock(runner.observer(), to);
        }
        JobOutcome observed = new JobOutcome.ClockAt(VirtualClock.read(runner.observer()));
        record(entry(stepNumber, HistoryEntry.Kind.CLOCK, Step.CLOCK, "clock to " + Micros.format(to), command, at, t.outcome(),
                new StatementWatch.Observation(observed, null), null));
    }

    private void noOp(String actor, String why) {
        history.add(new HistoryEntry(stepNumber, HistoryEntry.Kind.NO_OP, false, actor, "(no-op) " + why, null, state.now(), null, null, null, null, null, null));
    }

    // --- what workers believe ------------------------------------------------------------------------------

    /** What a worker believes after an answer. */
    private void learn(String session, JobCommand command, JobOutcome observed, HistoryEntry entry) {
        switch (command) {
            case JobCommand.LeaseOperation op -> {
                if (observed instanceof JobOutcome.Answered a) {
                    if (a.outcome() instanceof Outcome.Granted g && op.command() instanceof Command.Acquire acquire) {
                        beliefs.put(session, new Belief(acquire.key(), g.token()));
                    }
                    if (a.outcome() instanceof Outcome.Released) {
                        beliefs.remove(session);
                    }
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
            case JobCommand.Write w -> w.write().key();
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

    private HistoryEntry entry(int step, HistoryEntry.Kind kind, String actor, String action, JobCommand command, long at,
                                  JobOutcome expected, StatementWatch.Observation seen, String key) throws SQLException {
        JobRows expectedRows = null;
        JobRows observedRows = null;
        if (key != null && seen.error() == null) {
            String viewer = state.transaction(actor) != null && !running.containsKey(actor) ? actor : null;
            expectedRows = state.rows(key, viewer);
            observedRows = readRows(key, viewer);
        }
        return new HistoryEntry(step, kind, false, actor, action, command, at, expected, seen.outcome(), key, expectedRows,
                observedRows, seen.error());
    }

    private JobRows readRows(String key, String viewer) throws SQLException {
        return rows.read(key, viewer);
    }
}
