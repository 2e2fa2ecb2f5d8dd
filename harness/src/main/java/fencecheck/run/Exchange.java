package fencecheck.run;

import fencecheck.api.Outcome;
import fencecheck.job.JobCommand;
import fencecheck.job.JobOutcome;
import fencecheck.job.JobState;
import fencecheck.job.JobTransition;
import fencecheck.model.Micros;
import fencecheck.protocol.pack.BetweenStatements;
import fencecheck.trace.NetworkFault;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The exchange between the database and the model: runs each statement of a
 * session the way PostgreSQL's isolation tester does (on a thread of its own,
 * watched until the try is quiet: every started statement answered, or
 * blocked by another session of the try), and lets the model judge each
 * statement the database completed, in an order consistent with the answers,
 * at an instant of its life (its start, or a clock set while it waited). A wait is what the database showed, never
 * what the model prescribes. A call a split stopped between two statements of its file is neither running nor
 * waiting: the try is quiet without it, and it is judged, like any other, once it went on and completed.
 */
final class Exchange {

    private final TryState st;
    private final Observer observer;
    private final Workers workers;
    private final NetworkFaults network;
    private final UnknownEffect unknownEffect;
    private final Judge judge;
    /** Per incarnation, after how many statements of its file a split stops its next call. */
    private final Map<String, Integer> splits = new HashMap<>();

    Exchange(TryState st, Observer observer, Workers workers, NetworkFaults network) {
        this.st = st;
        this.observer = observer;
        this.workers = workers;
        this.network = network;
        this.unknownEffect = new UnknownEffect(st, observer);
        this.judge = st.judge();
    }

    /** The incarnation's next call stops after the first {@code afterStatements} statements of its file. */
    void split(String incarnation, int afterStatements) {
        splits.put(incarnation, afterStatements);
    }

    /** Sends a worker's statement through whatever fault the network holds for it, and settles the try. */
    void run(String session, Session s, Workers.Planned p) throws SQLException {
        NetworkFaults.Armed armed = network.take(session, p.command(), s);
        NetworkFault fault = armed == null ? null : armed.fault();
        // a split applies to the next call whatever it is; one that meets a network fault runs through
        Integer split = splits.remove(session);
        if (fault == NetworkFault.REQUEST_LOST || fault == NetworkFault.RESPONSE_LOST) {
            lost(session, s, p, armed);
            return;
        }
        Boolean referenceWaits = st.runner.strictLocks() ? st.model.wouldWaitFor(st.state(), session, p.command()) != null : null;
        Running r = new Running(p.action(), p.command(), st.state().now(), ++st.statementsStarted, referenceWaits, p.answerLost());
        if (fault == NetworkFault.DELAYED) {
            network.hold(s);
            s.start(st.runner.statements(), p.call());
            r.held = true;
            st.running.put(session, r);
            st.record(new TryEvent.Note(st.stepNumber, session, p.action() + "; the network holds it", st.state().now(), fault.name(),
                    ModelInput.NOTHING));
            return;
        }
        if (split != null && fault == null && st.runner.protocol().stopsBetweenStatements()) {
            // never inline: the runner's own thread must go on while the call stands between its statements
            // (an implementation whose calls never stop there runs the call as any other: the split changes nothing)
            StatementGate gate = new StatementGate(split);
            r.gate = gate;
            s.start(st.runner.statements(), () -> BetweenStatements.during(gate, p.call()));
            st.running.put(session, r);
            StatementWatch.awaitBriefly(s);
        } else if (st.runner.inlineStatements() && noOtherSessionHoldsLocks(session)) {
            inline(s, r, p);
        } else {
            s.start(st.runner.statements(), p.call());
            st.running.put(session, r);
            StatementWatch.awaitBriefly(s);
        }
        settle(p.command());
        if (fault == NetworkFault.CONNECTION_RESET) {
            resetAfter(session, s);
        }
    }

    /**
     * Whether no other session of the try can hold a lock this statement would
     * wait for: nothing else is running and no other transaction is open. Then
     * it runs on this thread, which saves two thread hand-overs per statement.
     */
    private boolean noOtherSessionHoldsLocks(String session) {
        return st.running.isEmpty() && st.state().open().keySet().stream().allMatch(session::equals);
    }

    /** Runs the statement on this thread, bounded by the connection's network timeout, and judges its answer. */
    private void inline(Session s, Running r, Workers.Planned p) throws SQLException {
        int usual = s.connection.getNetworkTimeout();
        s.connection.setNetworkTimeout(Runnable::run, TraceRunner.INLINE_LIMIT_MILLIS);
        StatementWatch.Observation seen;
        try {
            seen = StatementWatch.inline(p.call());
        } finally {
            if (!s.connection.isClosed()) {
                s.connection.setNetworkTimeout(Runnable::run, usual);
            }
        }
        judge(new Done(s, r, seen), p.command());
    }

    /** The statement the network held for an incarnation arrives now, and runs against the database as it is now. */
    void deliver(String target) throws SQLException {
        Running held = st.running.get(target);
        if (held == null || !held.held) {
            st.noOp(target, target + " has no statement held by the network");
            return;
        }
        st.note(target, "the network delivers " + target + "'s held statement: " + held.action);
        st.running.put(target, new Running("deliver: " + held.action, held.command, st.state().now(), ++st.statementsStarted,
                held.referenceWaits, held.answerLost));
        network.release(st.runner.sessions().connected(target));
        settle(held.command);
    }

    /** Whether a split stopped the incarnation's call between two statements. */
    boolean stopped(String incarnation) {
        Running r = st.running.get(incarnation);
        return r != null && r.stopped();
    }

    /**
     * The calls a split stopped run their remaining statements now, side by side, and each is judged when it
     * completes; the try settles once, so the rows are read after all of them.
     */
    void goOn(List<String> incarnations, String why) throws SQLException {
        JobCommand cause = null;
        for (String incarnation : incarnations) {
            Running r = st.running.get(incarnation);
            st.note(incarnation, incarnation + " goes on with " + r.action + " (" + r.gate.where() + ")" + why);
            r.gate.goOn();
            cause = r.command;
        }
        StatementWatch.awaitBriefly(st.runner.sessions().connected(incarnations.getLast()));
        settle(cause);
    }

    /**
     * A call a split stopped never goes on: its connection went (a dead
     * incarnation, a database crash), so its remaining statements never run,
     * and what its first ones committed stays. Its effect is unknown, and the
     * rows of its key settle it ({@link UnknownEffect}): run whole at an instant
     * of its life, or never run; rows that show neither (a half-done operation)
     * are a divergence. Inside a transaction its statements go with the
     * transaction. The caller has taken it out of the running statements.
     */
    void cutShort(String session, Running r, String why) throws SQLException {
        r.gate.cutShort();
        recordUnanswered(session, r, r.action + ": stopped " + r.gate.where() + ", " + why, null);
    }

    /** The key of a call on its own (no transaction of the runner open), whose rows settle it; null inside a transaction, which it goes with. */
    private String keyOnItsOwn(String session, Running r) {
        return st.state().transaction(session) == null ? workers.keyOf(st.state(), session, r.command) : null;
    }

    /**
     * Records the fault that ended a call whose answer never came, and which can do nothing more: on its own, the
     * rows of its key settle what it did ({@link UnknownEffect}), and the history says so ("; the rows show it ran");
     * inside a transaction it goes with the transaction.
     */
    private void recordUnanswered(String session, Running r, String what, String fault) throws SQLException {
        String key = keyOnItsOwn(session, r);
        UnknownEffect.Settled settled = key == null ? null : unknownEffect.settle(r.command, key, r.instants(), r.startedAt);
        TryEvent event = new TryEvent.Fault(st.stepNumber, true, session, what + (settled == null ? "" : "; " + settled.inWords()),
                r.startedAt, TryEvent.KeyRows.of(key), fault, settled == null ? ModelInput.NOTHING : settled.input());
        st.record(observer.withRows(event, st.after(event)));
    }

    /**
     * A call whose request or answer the network lost at one of its
     * statements: the client gave up and dropped its connection. On its own
     * (no transaction of the runner open), the call's effect is unknown, however
     * many statements it sent and whether in a transaction of its own, and the
     * rows of its key settle it ({@link UnknownEffect}). Inside the runner's job
     * transaction, the transaction is gone with the connection, unless only the
     * answer of its COMMIT was lost and the server shows the transaction ended. A call
     * that never sent the aimed statement and got every answer is judged as any other.
     */
    private void lost(String session, Session s, Workers.Planned p, NetworkFaults.Armed armed) throws SQLException {
        JobCommand command = p.command();
        long at = st.state().now();
        Running r = new Running(p.action(), command, at, ++st.statementsStarted, null, p.answerLost());
        NetworkFaults.Sent sent = network.send(s, p.call(), armed);
        if (!sent.gaveUp()) {
            st.note(session, p.action() + ": the call sent " + sent.aim().sent() + " statement" + (sent.aim().sent() == 1 ? "" : "s")
                    + ", so the fault aimed at its " + sent.aim().statementInWords() + " never came");
            judge(new Done(s, r, observation(sent)), command);
            settle(command);
            return;
        }
        // a library that swallows the broken connection's error still answers: nothing it says was heard from the
        // server, so its answer is as unknown as a lost one (as in real time)
        String what = p.action() + lossInWords(armed, sent) + ", the client times out after " + NetworkFaults.LOST_ANSWER_TIMEOUT_MILLIS
                + " ms and drops its connection" + (sent.outcome() == null ? "" : " (the call still answered "
                + TraceTable.outcome(sent.outcome(), null) + ", from a connection the fault broke: taken as unknown)");
        String key = workers.keyOf(st.state(), session, command);
        if (st.state().transaction(session) == null) {
            workers.unanswered(session, command);
            UnknownEffect.Settled settled = unknownEffect.settle(command, key, List.of(at), at);
            st.pending(new TryEvent.Unanswered(st.stepNumber, session, what + "; " + settled.inWords(), command, settled.at(),
                    settled.expected(), TryEvent.KeyRows.of(key), armed.fault().name(), settled.verdict(), settled.input()));
        } else {
            JobOutcome expected = null;
            ModelInput input;
            if (command instanceof JobCommand.Commit && sent.committed()) {
                expected = st.model.complete(st.state(), command, at).outcome();
                input = new ModelInput.Completed(command, at, null);
                what += "; the server got the COMMIT and shows no transaction open since: it committed";
            } else {
                workers.learn(session, new JobCommand.Rollback(session), new JobOutcome.RolledBack());
                input = new ModelInput.Completed(new JobCommand.Rollback(session), st.state().now(), null);
                what += ": its transaction rolls back";
            }
            st.pending(new TryEvent.Unanswered(st.stepNumber, session, what, command, at, expected, TryEvent.KeyRows.of(key),
                    armed.fault().name(), TryEvent.Verdict.NONE, input));
        }
        settle(new JobCommand.Rollback(session));
    }

    /** What the network took, in words: "; the answer of its statement 2 (COMMIT) is lost". */
    private static String lossInWords(NetworkFaults.Armed armed, NetworkFaults.Sent sent) {
        if (!sent.aim().hit()) {
            return "; no answer to its statement " + sent.aim().sent() + " came in time, before the fault's "
                    + sent.aim().statementInWords() + " went out";
        }
        return armed.fault() == NetworkFault.REQUEST_LOST ? "; the request of its " + sent.aim().statementInWords()
                + " is lost: the database never sees it" : "; the answer of its " + sent.aim().statementInWords() + " is lost";
    }

    /** What a call that got its answers did, as any statement's observation. */
    private static StatementWatch.Observation observation(NetworkFaults.Sent sent) {
        return sent.failure() == null ? new StatementWatch.Observation(sent.outcome(), null, false, sent.nanos())
                : StatementWatch.failed(sent.failure(), sent.nanos());
    }

    /**
     * The connection is reset after the call: a call still waiting is cancelled with it (on its own, the rows of its
     * key settle what it did), and an open transaction rolls back.
     */
    private void resetAfter(String session, Session s) throws SQLException {
        Running lost = st.running.remove(session);
        // dropped first: what a cancelled call did is settled from rows read once its server process is gone
        st.runner.sessions().drop(s);
        if (lost != null) {
            recordUnanswered(session, lost, lost.action + ": cancelled by the connection reset, never answered",
                    NetworkFault.CONNECTION_RESET.name());
        }
        if (st.state().transaction(session) != null) {
            transactionLost(session, "the connection is reset: the transaction rolls back", NetworkFault.CONNECTION_RESET.name());
        } else {
            st.fault(session, "the connection of " + session + " is reset");
        }
    }

    /** A session's connection went, and its open transaction with it: the model rolls it back too, and whoever waited goes on. */
    void transactionLost(String session, String action, String fault) throws SQLException {
        JobCommand rollback = new JobCommand.Rollback(session);
        JobTransition t = st.model.complete(st.state(), rollback, st.state().now());
        workers.learn(session, rollback, t.outcome());
        st.pending(new TryEvent.RolledBack(st.stepNumber, session, action, t.next().now(), t.outcome(), fault));
        settle(rollback);
    }

    /**
     * Waits, bounded, until every started statement answered or is blocked by
     * another session of the try (with no cycle of waits left for the
     * database's deadlock detector to break), judging the answers; then reads
     * the rows, so the model's rows and the database's are of one moment.
     */
    void settle(JobCommand cause) throws SQLException {
        try {
            quiet(cause);
            noteStops();
        } finally {
            for (TryEvent e : st.takePending()) {
                st.appendTaken(observer.withRows(e, st.state()));
            }
        }
    }

    /** A call a split stopped between its statements: the history says where, once. */
    private void noteStops() {
        for (Map.Entry<String, Running> e : st.running.entrySet()) {
            Running r = e.getValue();
            if (r.stopped() && !r.stopNoted) {
                r.stopNoted = true;
                st.pending(new TryEvent.Stopped(st.stepNumber, e.getKey(), r.action + ": stops " + r.gate.where()
                        + "; other actors go on", r.command, st.state().now()));
            }
        }
    }

    private void quiet(JobCommand cause) throws SQLException {
        long deadline = System.nanoTime() + st.runner.statementMillis() * 1_000_000;
        // each look asks the server whether a slow statement waits: look less often the longer it runs
        long pauseMicros = 300;
        while (st.running.values().stream().anyMatch(r -> !r.idle())) {
            List<Session> done = new ArrayList<>();
            List<Session> blocked = new ArrayList<>();
            boolean quiet = true;
            for (String name : st.running.keySet()) {
                if (st.running.get(name).idle()) {
                    continue;
                }
                Session s = st.runner.sessions().connected(name);
                if (s.pending.isDone()) {
                    done.add(s);
                } else if (st.runner.lockWaits().isBlocked(s)) {
                    blocked.add(s);
                } else {
                    quiet = false;
                }
            }
            // Answers are judged only once nothing runs: a statement that went on may still be on its way back to
            // its client while a later one already returned, so the order they return in says nothing.
            if (quiet && !st.runner.lockWaits().waitCycle(blocked)) {
                if (done.isEmpty()) {
                    for (String name : st.running.keySet()) {
                        if (!st.running.get(name).idle()) {
                            markWaiting(name);
                        }
                    }
                    return;
                }
                List<Done> answered = new ArrayList<>();
                for (Session s : done) {
                    answered.add(new Done(s, st.running.remove(s.name), StatementWatch.answer(s)));
                }
                for (Done d : CompletionOrder.of(answered, st.statementsStarted, order -> judge.agrees(st.state(), order, st.strict))) {
                    judge(d, cause);
                }
                continue;
            }
            if (System.nanoTime() > deadline) {
                for (String name : List.copyOf(st.running.keySet())) {
                    Session s = st.runner.sessions().connected(name);
                    if (!st.running.get(name).idle() && !s.pending.isDone() && !blocked.contains(s)) {
                        // its session stays busy: the runner drops it when the try ends
                        Running r = st.running.remove(name);
                        st.pending(new TryEvent.Answered(st.stepNumber, r.waited, name, r.action, r.command, r.startedAt, null,
                                null, null, "the statement never completed: neither answered nor blocked by another session after "
                                + st.runner.statementMillis() + " ms"));
                    }
                }
                continue;
            }
            TraceRunner.pause(pauseMicros);
            pauseMicros = Math.min(4_000, pauseMicros * 2);
        }
    }

    /** The statement waits for a lock: the database says so, and the model takes it as shown. */
    private void markWaiting(String session) {
        Running r = st.running.get(session);
        if (r.waited) {
            return;
        }
        r.waited = true;
        // the model takes a wait as the database shows it; only the strict check holds it to the reference's locks
        JobOutcome accepted = Boolean.FALSE.equals(r.referenceWaits) ? null : new JobOutcome.Waiting();
        st.pending(new TryEvent.Answered(st.stepNumber, false, session, r.action, r.command, r.startedAt, accepted,
                new JobOutcome.Waiting(), workers.keyOf(st.state(), session, r.command), null));
    }

    /** A statement the database completed, with what it answered. */
    record Done(Session session, Running running, StatementWatch.Observation seen) {
    }

    private void judge(Done done, JobCommand cause) throws SQLException {
        Session s = done.session();
        Running r = done.running();
        StatementWatch.Observation seen = done.seen();
        if (seen.deadlockVictim()) {
            deadlockVictim(s, r);
            return;
        }
        if (!r.waited && r.gate == null && seen.outcome() instanceof JobOutcome.Answered) {
            st.runner.metrics().latency(r.command, seen.nanos(), r.startedAt);
        }
        ForeignClock.stopOutside(st.runner.protocol(), s.name, r, seen.outcome());
        JobState before = st.state();
        Judge.Judged judged = judge.step(before, r.call(), seen.outcome());
        JobTransition t = judged.transition();
        String key = workers.keyOf(before, s.name, r.command);
        if (Boolean.TRUE.equals(r.referenceWaits) && !r.waited) {
            st.pending(new TryEvent.Answered(st.stepNumber, false, s.name, r.action + " (the reference waits here)", r.command,
                    r.startedAt, new JobOutcome.Waiting(), seen.outcome(), key, seen.error())
                    .judged(TryEvent.Verdict.NONE, judged.input(r.command, seen.outcome())));
            return;
        }
        boolean receiptLost = r.answerLost && seen.outcome() instanceof JobOutcome.Answered a && a.outcome() instanceof Outcome.Granted;
        if (!receiptLost) {
            workers.learn(s.name, r.command, seen.outcome());
        }
        String action = judged.readEarlier() ? r.action + " (answered from the rows it read before it stopped between statements)"
                : judged.at() == r.startedAt ? r.action : r.action + " (ran at " + Micros.format(judged.at())
                + (r.gate != null ? ", after it stopped between statements)" : ", after its wait)");
        // recorded at the instant it was judged at (a later one only after a wait or a split): the checkers take a
        // grant's lease to start there, and nothing of the call was seen before
        long at = judged.at();
        st.pending(new TryEvent.Answered(st.stepNumber, r.waited, s.name, action, r.command, at, t.outcome(), seen.outcome(), key,
                seen.error()).judged(judged.verdict(), judged.input(r.command, seen.outcome())));
    }

    /**
     * The database broke a cycle of waits by aborting this statement: its
     * transaction is lost, as after a rollback. A legal answer for any
     * implementation (nothing of the transaction is kept), so no divergence.
     */
    private void deadlockVictim(Session s, Running r) throws SQLException {
        if (st.state().transaction(s.name) == null) {
            st.pending(new TryEvent.Answered(st.stepNumber, r.waited, s.name, r.action
                    + ": aborted by the database's deadlock detector, nothing changed", null, r.startedAt, null, null, null, null));
            return;
        }
        JobOutcome observed = s.jobs.rollback();
        JobCommand rollback = new JobCommand.Rollback(s.name);
        JobTransition t = st.model.complete(st.state(), rollback, st.state().now());
        JobState next = t.next();
        workers.learn(s.name, rollback, observed);
        st.pending(new TryEvent.Answered(st.stepNumber, r.waited, s.name, r.action
                + ": aborted by the database's deadlock detector; the transaction rolls back", rollback, next.now(), t.outcome(),
                observed, workers.keyOf(next, s.name, r.command), null)
                .judged(TryEvent.Verdict.NONE, new ModelInput.Completed(rollback, st.state().now(), null)));
    }
}
