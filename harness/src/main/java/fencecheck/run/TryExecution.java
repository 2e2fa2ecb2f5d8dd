package fencecheck.run;

import eu.rekawek.toxiproxy.model.ToxicDirection;
import fencecheck.check.Invariants;
import fencecheck.check.Violation;
import fencecheck.db.VirtualClock;
import fencecheck.model.Command;
import fencecheck.model.Describe;
import fencecheck.model.KeyState;
import fencecheck.model.Lease;
import fencecheck.model.LeaseModel;
import fencecheck.model.Micros;
import fencecheck.model.Outcome;
import fencecheck.model.ProtocolState;
import fencecheck.model.Transition;
import fencecheck.protocol.LeaseClient;
import fencecheck.trace.Action;
import fencecheck.trace.Actors;
import fencecheck.trace.NetworkFault;
import fencecheck.trace.Step;
import fencecheck.trace.TokenSource;
import fencecheck.trace.Trace;

import java.io.IOException;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** The state of one try while its steps run; discarded when the try ends. */
final class TryExecution {

    /** How long a client waits for an answer the network has taken away. */
    static final int LOST_ANSWER_TIMEOUT_MILLIS = 100;
    /** How long the network holds a delayed statement if no step delivers it: for ever, as far as a try goes. */
    static final int HELD_MILLIS = 3_600_000;
    /** How long a delivered statement may take to answer. */
    static final int DELIVERY_TIMEOUT_SECONDS = 10;
    private static final String HOLD_TOXIC = "fencecheck-hold";

    private final TraceRunner runner;
    private final LeaseModel model;
    private final Trace trace;
    private ProtocolState state;
    private final Map<Integer, Incarnation> workers = new HashMap<>();
    private final Map<Integer, Incarnation> zombies = new HashMap<>();
    private final Map<Integer, Integer> incarnationCount = new HashMap<>();
    private final Map<String, String> labelOfOwner = new HashMap<>();
    private final List<HistoryEntry> history = new ArrayList<>();
    private final Set<Situation> situations = EnumSet.noneOf(Situation.class);
    private int stepNumber;

    TryExecution(TraceRunner runner, LeaseModel model, Trace trace) {
        this.runner = runner;
        this.model = model;
        this.trace = trace;
        this.state = model.init(0);
    }

    TryResult run() throws SQLException {
        try {
            for (Step step : trace.steps()) {
                stepNumber++;
                HistoryEntry entry = execute(step);
                history.add(entry);
                if (entry.divergent()) {
                    return finish(entry);
                }
            }
            return finish(null);
        } finally {
            workers.values().forEach(this::release);
            zombies.values().forEach(this::release);
        }
    }

    /** Hands a session back; one whose statement the network still holds is dropped, so it never arrives. */
    private void release(Incarnation incarnation) {
        if (incarnation.inFlight != null) {
            runner.discard(incarnation.session);
        } else {
            runner.giveBack(incarnation.session);
        }
    }

    private TryResult finish(HistoryEntry divergent) {
        List<Violation> violations = Invariants.check(TryResult.events(history), TryResult.stored(history), model.config().boundary());
        Verdict verdict;
        if (divergent != null) {
            verdict = new Verdict.Diverged(divergent, violations);
        } else if (!violations.isEmpty()) {
            verdict = new Verdict.InvariantBroken(violations);
        } else {
            verdict = new Verdict.Passed();
        }
        return new TryResult(trace, history, situations, verdict);
    }

    private HistoryEntry execute(Step step) throws SQLException {
        return switch (step.action()) {
            case Action.WorkerAction action -> workerStep(step, action);
            case Action.ClockAction action -> clockStep(step, action);
            case Action.NemesisAction action -> nemesisStep(step, action);
        };
    }

    // --- workers -------------------------------------------------------------------------------------------

    private HistoryEntry workerStep(Step step, Action.WorkerAction action) throws SQLException {
        int slot = Actors.slot(step.actor());
        Incarnation self = Actors.isZombie(step.actor()) ? zombies.get(slot) : worker(slot);
        if (self == null) {
            return noOp(step, step.actor() + " has no zombie");
        }
        if (self.paused) {
            return noOp(step, self.label + " is paused");
        }
        if (self.inFlight != null) {
            return noOp(step, self.label + " is waiting for the answer to a statement the network holds");
        }
        Belief belief = self.belief;
        return switch (action) {
            case Action.Acquire a -> acquire(step, self, a.key(), a.receiptLost());
            case Action.Renew r -> belief == null ? noOp(step, self.label + " believes it holds no lease")
                    : renew(step, self, belief);
            case Action.Release r -> belief == null ? noOp(step, self.label + " believes it holds no lease")
                    : release(step, self, belief);
            case Action.Write w -> {
                Long token = belief == null ? null : token(w.token(), belief);
                yield token == null ? noOp(step, self.label + " has no " + w.token().name().toLowerCase() + " token to write with")
                        : write(step, self, new Command.Write(w.sink(), belief.key(), token, w.resultId(), w.payload()), w.resultId());
            }
            case Action.RolledBackWrite w -> belief == null ? noOp(step, self.label + " believes it holds no lease")
                    : rolledBackWrite(step, self, new Command.Write(w.sink(), belief.key(), belief.token(), w.resultId(), w.payload()));
            case Action.Retry r -> retry(step, self);
        };
    }

    private Long token(TokenSource source, Belief belief) {
        return switch (source) {
            case HELD -> belief.token();
            case ABOVE_FENCE -> latestGrant(belief.key()) + 1;
            case OTHER_KEY -> state.keys().entrySet().stream()
                    .filter(e -> !e.getKey().equals(belief.key()) && e.getValue().lease() != null)
                    .map(e -> e.getValue().lease().token())
                    .max(Long::compare)
                    .orElse(null);
        };
    }

    private HistoryEntry acquire(Step step, Incarnation self, String key, boolean receiptLost) throws SQLException {
        Command.Acquire command = new Command.Acquire(key, self.label, trace.leaseTtl());
        Lease before = state.key(key).lease();
        return exchange(step, command, key, self, client -> client.acquire(key, self.owner, trace.leaseTtl()),
                receiptLost ? " (the answer is lost on the way back)" : "", observed -> {
                    if (!(observed instanceof Outcome.Granted g)) {
                        return;
                    }
                    if (!receiptLost) {
                        self.belief = new Belief(key, g.token(), g.until());
                    }
                    if (before != null && !before.owner().equals(self.label) && g.token() > before.token()) {
                        situations.add(Situation.TAKEOVER);
                    }
                });
    }

    private HistoryEntry renew(Step step, Incarnation self, Belief belief) throws SQLException {
        Command.Renew command = new Command.Renew(belief.key(), self.label, belief.token(), trace.leaseTtl());
        Lease lease = state.key(belief.key()).lease();
        if (lease != null && Math.abs(state.now() - lease.until()) <= 1) {
            situations.add(Situation.BOUNDARY_RENEW);
        }
        return exchange(step, command, belief.key(), self,
                client -> client.renew(belief.key(), self.owner, belief.token(), trace.leaseTtl()), "", observed -> {
                    if (observed instanceof Outcome.Renewed r) {
                        self.belief = new Belief(belief.key(), belief.token(), r.until());
                    }
                });
    }

    private HistoryEntry release(Step step, Incarnation self, Belief belief) throws SQLException {
        Command.Release command = new Command.Release(belief.key(), self.label, belief.token());
        return exchange(step, command, belief.key(), self,
                client -> client.release(belief.key(), self.owner, belief.token()), "", observed -> {
                    if (observed instanceof Outcome.Released) {
                        self.belief = null;
                    }
                });
    }

    /** @param sentResultId the result id the worker actually sends (a retry may send another than the model's) */
    private HistoryEntry write(Step step, Incarnation self, Command.Write write, String sentResultId) throws SQLException {
        noteWriteSituations(write);
        self.lastWrite = write;
        String note = sentResultId.equals(write.resultId()) ? "" : " (the worker sends result id " + sentResultId + ")";
        return exchange(step, write, write.key(), self,
                client -> client.write(write.sink(), write.key(), write.token(), sentResultId, write.payload()),
                note, this::noteRejection);
    }

    private HistoryEntry rolledBackWrite(Step step, Incarnation self, Command.Write write) throws SQLException {
        noteWriteSituations(write);
        situations.add(Situation.ROLLBACK);
        return exchange(step, new Command.RolledBackWrite(write), write.key(), self,
                client -> client.writeThenRollBack(write.sink(), write.key(), write.token(), write.resultId(), write.payload()),
                "", observed -> noteRejection(observed instanceof Outcome.RolledBack r ? r.seen() : observed));
    }

    /** The worker sends again, as the same owner, the operation whose answer it never got. */
    private HistoryEntry retry(Step step, Incarnation self) throws SQLException {
        Command again = self.unanswered;
        if (again == null) {
            return noOp(step, self.label + " has no operation with an unknown outcome");
        }
        self.unanswered = null;
        situations.add(Situation.RETRY_AFTER_UNKNOWN);
        return switch (again) {
            case Command.Acquire a -> acquire(step, self, a.key(), false);
            case Command.Renew r -> renew(step, self, new Belief(r.key(), r.token(), 0));
            case Command.Release r -> release(step, self, new Belief(r.key(), r.token(), 0));
            case Command.Write w -> write(step, self, w, runner.protocol().retryResultId(w.resultId()));
            case Command.RolledBackWrite r -> noOp(step, "a rolled-back write is not retried");
            case Command.AdvanceClock c -> noOp(step, "the clock is not retried");
        };
    }

    private void noteWriteSituations(Command.Write write) {
        long latest = latestGrant(write.key());
        if (write.token() < latest) {
            situations.add(Situation.STALE_WRITE_ATTEMPTED);
        }
        if (write.token() > latest) {
            situations.add(Situation.FORGED_TOKEN);
        }
    }

    private void noteRejection(Outcome observed) {
        if (observed instanceof Outcome.Stale) {
            situations.add(Situation.STALE_WRITE_REJECTED);
        }
    }

    private long latestGrant(String key) {
        Lease lease = state.key(key).lease();
        return lease == null ? 0 : lease.token();
    }

    // --- the nemesis ---------------------------------------------------------------------------------------

    private HistoryEntry nemesisStep(Step step, Action.NemesisAction action) throws SQLException {
        return switch (action) {
            case Action.WorkerFault fault -> workerFault(step, fault);
            case Action.CrashDatabase c -> crashDatabase(step);
            case Action.RestartCoordinator r -> {
                runner.protocol().restartCoordinator();
                situations.add(Situation.COORDINATOR_RESTART);
                yield note(step, "restart the coordinator: what it kept in memory is gone");
            }
        };
    }

    private HistoryEntry workerFault(Step step, Action.WorkerFault action) throws SQLException {
        int slot = Actors.slot(action.worker());
        Incarnation target = Actors.isZombie(action.worker()) ? zombies.get(slot) : worker(slot);
        if (target == null) {
            return noOp(step, action.worker() + " names no zombie: no restart left one behind");
        }
        return switch (action) {
            case Action.Pause p -> {
                if (target.paused) {
                    yield noOp(step, target.label + " is already paused");
                }
                target.paused = true;
                yield note(step, "pause " + target.label);
            }
            case Action.Resume r -> {
                if (!target.paused) {
                    yield noOp(step, target.label + " is not paused");
                }
                target.paused = false;
                yield note(step, "resume " + target.label + (target.belief == null ? "" : ", still believing it holds "
                        + target.belief.key() + " token " + target.belief.token()));
            }
            case Action.Restart r -> restart(step, slot, target, r.zombie(), "");
            case Action.Duplicate d -> {
                Command.Write again = target.lastWrite;
                if (again == null) {
                    yield noOp(step, target.label + " has sent no write");
                }
                if (target.inFlight != null) {
                    yield noOp(step, target.label + "'s connection is busy with a statement the network holds");
                }
                situations.add(Situation.DUPLICATE_DELIVERED);
                runner.metrics().duplicateDelivered();
                noteWriteSituations(again);
                yield exchange(step, again, again.key(), target,
                        client -> client.write(again.sink(), again.key(), again.token(), again.resultId(), again.payload()),
                        " (delivered again)", this::noteRejection);
            }
            case Action.Network n -> {
                if (!runner.throughFaultProxies()) {
                    yield noOp(step, "this run has no fault proxies");
                }
                target.armed = n.fault();
                yield note(step, "the network will " + describe(n.fault()) + " of " + target.label);
            }
            case Action.Deliver d -> deliver(step, target);
            case Action.CrashMidWrite c -> crashMidWrite(step, slot, target, c);
        };
    }

    private static String describe(NetworkFault fault) {
        return switch (fault) {
            case REQUEST_LOST -> "lose the next request";
            case RESPONSE_LOST -> "lose the answer to the next statement";
            case DELAYED -> "hold the next statement until it is delivered";
            case CONNECTION_RESET -> "reset the connection after the next statement";
        };
    }

    private HistoryEntry restart(Step step, int slot, Incarnation old, boolean zombie, String cause) throws SQLException {
        Incarnation previousZombie = zombie ? zombies.remove(slot) : null;
        String fate;
        if (zombie) {
            old.paused = true;
            zombies.put(slot, old);
            fate = old.label + " lives on as zombie " + Actors.zombieOf(Actors.worker(slot));
        } else {
            fate = old.label + " is dead, its connection dropped";
        }
        workers.remove(slot);
        Incarnation fresh = worker(slot);
        // The dead incarnation's session goes back to the pool only after the new one has taken its own,
        // so the two never share a connection. With no transaction open (a crash inside one terminates
        // the server process instead), a pooled session is indistinguishable from a new one for the
        // protocol, and a restart costs no connect.
        if (previousZombie != null) {
            release(previousZombie);
        }
        if (!zombie) {
            release(old);
        }
        situations.add(Situation.WORKER_RESTART);
        return note(step, cause + "restart " + Actors.worker(slot) + ": " + fate + "; " + fresh.label + " takes over");
    }

    /** The worker's current incarnation, started on first use. */
    private Incarnation worker(int slot) throws SQLException {
        Incarnation current = workers.get(slot);
        if (current == null) {
            int n = incarnationCount.merge(slot, 1, Integer::sum);
            String worker = Actors.worker(slot);
            UUID owner = runner.protocol().newOwner(worker);
            current = new Incarnation(worker + "." + n, owner, runner.take());
            labelOfOwner.put(owner.toString(), current.label);
            workers.put(slot, current);
        }
        return current;
    }

    /**
     * The worker writes inside a transaction and crashes before it commits:
     * its server process is terminated, the transaction vanishes, and a new
     * incarnation takes the worker's role.
     */
    private HistoryEntry crashMidWrite(Step step, int slot, Incarnation target, Action.CrashMidWrite crash) throws SQLException {
        if (target.paused || target.inFlight != null || target.belief == null) {
            return noOp(step, target.label + (target.belief == null ? " believes it holds no lease" : " is not running"));
        }
        Belief belief = target.belief;
        Command.Write write = new Command.Write(crash.sink(), belief.key(), belief.token(), crash.resultId(), crash.payload());
        noteWriteSituations(write);
        Command.RolledBackWrite command = new Command.RolledBackWrite(write);
        long at = state.now();
        Transition expected = model.step(state, command);
        state = expected.next();
        Outcome observed = null;
        String error = null;
        try {
            target.session.connection().setAutoCommit(false);
            Outcome.WriteOutcome seen = target.client().write(write.sink(), write.key(), write.token(), write.resultId(), write.payload());
            observed = new Outcome.RolledBack(seen);
        } catch (SQLException e) {
            error = firstLine(e);
        }
        runner.terminateBackend(target.session.backendPid);
        target.session.closeConnection();
        situations.add(Situation.WORKER_CRASH_MID_WRITE);
        HistoryEntry restarted = restart(step, slot, target, false, "");
        String resolved = Describe.command(write) + "; " + target.label + " crashes before commit (server process terminated); "
                + restarted.resolved();
        return entry(step, resolved, command, at, expected.outcome(), observed, write.key(), error, null);
    }

    private HistoryEntry crashDatabase(Step step) throws SQLException {
        HistoryEntry previous = history.isEmpty() ? null : history.get(history.size() - 1);
        boolean afterAcknowledged = previous != null && previous.observed() != null
                && (previous.command() instanceof Command.Write || previous.command() instanceof Command.Acquire)
                && Outcome.isSuccess(previous.observed());
        runner.crashDatabase();
        for (Incarnation i : allIncarnations()) {
            if (i.inFlight != null) {
                removeToxicQuietly(i.session, HOLD_TOXIC);
                i.inFlight.answer().cancel(true);
                i.inFlight = null;
            }
            runner.connect(i.session);
        }
        situations.add(Situation.DATABASE_CRASH);
        if (afterAcknowledged) {
            situations.add(Situation.CRASH_AFTER_WRITE);
        }
        String resolved = "the database crashes and restarts on the same data; every session reconnects";
        for (String key : state.keys().keySet()) {
            KeyState observedRows = withOwnerLabels(runner.observer().client().inspect(key));
            if (!state.key(key).equals(observedRows)) {
                return new HistoryEntry(stepNumber, step.actor(), symbolic(step), resolved, null, state.now(),
                        null, null, key, state.key(key), observedRows, null, null);
            }
        }
        long clock = VirtualClock.read(runner.observer().connection());
        if (clock != state.now()) {
            return new HistoryEntry(stepNumber, step.actor(), symbolic(step), resolved, null, state.now(),
                    new Outcome.ClockAt(state.now()), new Outcome.ClockAt(clock), null, null, null, null, null);
        }
        return note(step, resolved);
    }

    private List<Incarnation> allIncarnations() {
        List<Incarnation> all = new ArrayList<>(workers.values());
        all.addAll(zombies.values());
        return all;
    }

    // --- the clock -----------------------------------------------------------------------------------------

    private HistoryEntry clockStep(Step step, Action.ClockAction action) throws SQLException {
        long to = switch (action) {
            case Action.AdvanceBy by -> state.now() + by.micros();
            case Action.AdvanceToExpiry e -> {
                Lease lease = state.key(e.key()).lease();
                yield lease == null ? Long.MIN_VALUE : lease.until() + e.deltaMicros();
            }
        };
        if (to <= state.now()) {
            return noOp(step, "the clock never goes back (target is not after " + Micros.format(state.now()) + ")");
        }
        Command.AdvanceClock command = new Command.AdvanceClock(to);
        Transition t = model.step(state, command);
        state = t.next();
        runner.setClock(runner.observer().connection(), to);
        return entry(step, Describe.command(command), command, state.now(), t.outcome(), new Outcome.ClockAt(to), null, null, null);
    }

    // --- one protocol operation in lock step ---------------------------------------------------------------

    @FunctionalInterface
    interface Call {
        Outcome on(LeaseClient client) throws SQLException;
    }

    @FunctionalInterface
    interface AfterAnswer {
        void accept(Outcome observed);
    }

    private HistoryEntry exchange(Step step, Command command, String key, Incarnation self, Call call, String note,
                                  AfterAnswer after) throws SQLException {
        NetworkFault fault = self.armed;
        if (fault != null) {
            self.armed = null;
            return faulted(step, command, key, self, call, note, after, fault);
        }
        if (zombies.containsValue(self)) {
            situations.add(Situation.ZOMBIE_STATEMENT);
        }
        long at = state.now();
        Transition expected = model.step(state, command);
        state = expected.next();
        Outcome observed = null;
        String error = null;
        long started = System.nanoTime();
        try {
            observed = call.on(self.client());
        } catch (SQLException e) {
            error = firstLine(e);
        }
        runner.metrics().record(command, observed, System.nanoTime() - started, at);
        if (observed != null) {
            after.accept(observed);
        }
        return entry(step, Describe.command(command) + note, command, at, expected.outcome(), observed, key, error, null);
    }

    private HistoryEntry faulted(Step step, Command command, String key, Incarnation self, Call call, String note,
                                 AfterAnswer after, NetworkFault fault) throws SQLException {
        String resolved = Describe.command(command) + note;
        long at = state.now();
        Session session = self.session;
        return switch (fault) {
            case REQUEST_LOST, RESPONSE_LOST -> {
                boolean requestLost = fault == NetworkFault.REQUEST_LOST;
                situations.add(requestLost ? Situation.REQUEST_LOST : Situation.RESPONSE_LOST);
                Outcome expected = null;
                if (!requestLost) {
                    Transition t = model.step(state, command);
                    state = t.next();
                    expected = t.outcome();
                }
                String toxic = "fencecheck-" + (requestLost ? "request" : "response") + "-lost";
                addToxic(session, toxic, requestLost ? ToxicDirection.UPSTREAM : ToxicDirection.DOWNSTREAM, "timeout", 0);
                Outcome observed = null;
                String error = null;
                try {
                    session.connection().setNetworkTimeout(Runnable::run, LOST_ANSWER_TIMEOUT_MILLIS);
                    observed = call.on(session.client());
                    error = "the fault did not take: the client got an answer";
                } catch (SQLException timedOut) {
                    self.unanswered = command;
                } finally {
                    removeToxicQuietly(session, toxic);
                }
                reconnect(session);
                String what = requestLost ? "the request is lost: the database never sees it"
                        : "the statement runs, its answer is lost";
                yield entry(step, resolved + "; " + what + ", the client times out after " + LOST_ANSWER_TIMEOUT_MILLIS + " ms",
                        command, at, expected, observed, key, error, fault.name());
            }
            case DELAYED -> {
                addToxic(session, HOLD_TOXIC, ToxicDirection.UPSTREAM, "latency", HELD_MILLIS);
                self.inFlight = new Incarnation.InFlight(command, key, runner.background(() -> call.on(session.client())), after);
                yield entry(step, resolved + "; the network holds it", null, at, null, null, null, null, fault.name());
            }
            case CONNECTION_RESET -> {
                if (!(command instanceof Command.Write write)) {
                    resetConnection(session);
                    self.unanswered = command;
                    yield entry(step, resolved + "; the connection is reset before it is sent", command, at, null, null, key,
                            null, fault.name());
                }
                situations.add(Situation.CONNECTION_RESET);
                Command.RolledBackWrite undone = new Command.RolledBackWrite(write);
                Transition t = model.step(state, undone);
                state = t.next();
                Outcome observed = null;
                String error = null;
                try {
                    session.connection().setAutoCommit(false);
                    Outcome seen = call.on(session.client());
                    observed = seen instanceof Outcome.WriteOutcome w ? new Outcome.RolledBack(w) : seen;
                } catch (SQLException e) {
                    error = firstLine(e);
                }
                resetConnection(session);
                yield entry(step, Describe.command(write) + " in a transaction; the connection is reset before commit",
                        undone, at, t.outcome(), observed, key, error, fault.name());
            }
        };
    }

    /** The statement the network held for the worker arrives now, and runs against the database as it is now. */
    private HistoryEntry deliver(Step step, Incarnation target) throws SQLException {
        Incarnation.InFlight held = target.inFlight;
        if (held == null) {
            return noOp(step, target.label + " has no statement held by the network");
        }
        target.inFlight = null;
        if (held.command() instanceof Command.Write w && w.token() < latestGrant(w.key())) {
            situations.add(Situation.DELAYED_PAST_TAKEOVER);
        }
        long at = state.now();
        Transition expected = model.step(state, held.command());
        state = expected.next();
        removeToxicQuietly(target.session, HOLD_TOXIC);
        Outcome observed = null;
        String error = null;
        try {
            observed = held.answer().get(DELIVERY_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            held.after().accept(observed);
        } catch (ExecutionException e) {
            error = e.getCause() == null ? e.toString() : firstLine(e.getCause());
        } catch (TimeoutException e) {
            error = "no answer " + DELIVERY_TIMEOUT_SECONDS + " s after delivery";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            error = "interrupted";
        }
        return entry(step, "deliver: " + Describe.command(held.command()), held.command(), at, expected.outcome(), observed,
                held.key(), error, null);
    }

    private void addToxic(Session session, String name, ToxicDirection direction, String type, long value) throws SQLException {
        try {
            switch (type) {
                case "timeout" -> session.proxy.toxics().timeout(name, direction, value);
                case "latency" -> session.proxy.toxics().latency(name, direction, value);
                default -> throw new IllegalArgumentException(type);
            }
        } catch (IOException | NullPointerException e) {
            throw new SQLException("cannot inject the " + type + " fault through the proxy: " + e.getMessage(), e);
        }
    }

    private static void removeToxicQuietly(Session session, String name) {
        if (session.proxy == null) {
            return;
        }
        try {
            session.proxy.toxics().get(name).remove();
        } catch (IOException | RuntimeException ignored) {
            // not there: nothing to remove
        }
    }

    /** A fresh connection for the session; the old server process is waited out, so nothing of it lingers. */
    private void reconnect(Session session) throws SQLException {
        int old = session.backendPid;
        runner.connect(session);
        runner.awaitBackendGone(old);
    }

    /** Toxiproxy's disable closes every connection of the proxy; enable lets the session connect again. */
    private void resetConnection(Session session) throws SQLException {
        int old = session.backendPid;
        try {
            session.proxy.disable();
            session.proxy.enable();
        } catch (IOException e) {
            throw new SQLException("cannot reset the connection through the proxy: " + e.getMessage(), e);
        }
        runner.connect(session);
        runner.awaitBackendGone(old);
    }

    private HistoryEntry entry(Step step, String resolved, Command command, long at, Outcome expected, Outcome observed,
                               String key, String error, String fault) throws SQLException {
        KeyState expectedRows = key == null ? null : state.key(key);
        KeyState observedRows = key == null ? null : withOwnerLabels(runner.observer().client().inspect(key));
        return new HistoryEntry(stepNumber, step.actor(), symbolic(step), resolved, command, at,
                expected, observed, key, expectedRows, observedRows, error, fault);
    }

    private KeyState withOwnerLabels(KeyState rows) {
        Lease lease = rows.lease();
        if (lease == null) {
            return rows;
        }
        String label = labelOfOwner.getOrDefault(lease.owner(), "an owner unknown to this try (" + lease.owner() + ")");
        return rows.withLease(new Lease(label, lease.until(), lease.token()));
    }

    private HistoryEntry noOp(Step step, String why) {
        return note(step, "no-op: " + why);
    }

    private HistoryEntry note(Step step, String resolved) {
        return new HistoryEntry(stepNumber, step.actor(), symbolic(step), resolved, null, state.now(),
                null, null, null, null, null, null, null);
    }

    private static String firstLine(Throwable e) {
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().lines().findFirst().orElse("");
    }

    private static String symbolic(Step step) {
        return step.action().toString();
    }
}
