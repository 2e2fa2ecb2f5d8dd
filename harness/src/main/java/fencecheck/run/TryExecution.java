package fencecheck.run;

import fencecheck.check.Invariants;
import fencecheck.check.Violation;
import fencecheck.db.VirtualClock;
import fencecheck.model.Command;
import fencecheck.model.Describe;
import fencecheck.model.KeyState;
import fencecheck.model.Lease;
import fencecheck.model.LeaseModel;
import fencecheck.model.Outcome;
import fencecheck.model.ProtocolState;
import fencecheck.model.Transition;
import fencecheck.protocol.LeaseClient;
import fencecheck.trace.Action;
import fencecheck.trace.Actors;
import fencecheck.trace.Step;
import fencecheck.trace.Trace;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/** The state of one try while its steps run; discarded when the try ends. */
final class TryExecution {

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
            workers.values().forEach(w -> runner.giveBack(w.session));
            zombies.values().forEach(z -> runner.giveBack(z.session));
        }
    }

    private TryResult finish(HistoryEntry divergent) {
        List<Violation> violations = Invariants.check(TryResult.events(history), model.config().boundary());
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
                        : write(step, self, new Command.Write(w.sink(), belief.key(), token, w.resultId(), w.payload()));
            }
            case Action.RolledBackWrite w -> belief == null ? noOp(step, self.label + " believes it holds no lease")
                    : rolledBackWrite(step, self, new Command.Write(w.sink(), belief.key(), belief.token(), w.resultId(), w.payload()));
        };
    }

    private Long token(fencecheck.trace.TokenSource source, Belief belief) {
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
        return exchange(step, command, key, self.client(), client -> client.acquire(key, self.owner, trace.leaseTtl()), observed -> {
            if (observed instanceof Outcome.Granted g) {
                if (!receiptLost) {
                    self.belief = new Belief(key, g.token(), g.until());
                }
                if (before != null && !before.owner().equals(self.label) && g.token() > before.token()) {
                    situations.add(Situation.TAKEOVER);
                }
            }
        });
    }

    private HistoryEntry renew(Step step, Incarnation self, Belief belief) throws SQLException {
        Command.Renew command = new Command.Renew(belief.key(), self.label, belief.token(), trace.leaseTtl());
        Lease lease = state.key(belief.key()).lease();
        if (lease != null && Math.abs(state.now() - lease.until()) <= 1) {
            situations.add(Situation.BOUNDARY_RENEW);
        }
        return exchange(step, command, belief.key(), self.client(),
                client -> client.renew(belief.key(), self.owner, belief.token(), trace.leaseTtl()), observed -> {
                    if (observed instanceof Outcome.Renewed r) {
                        self.belief = new Belief(belief.key(), belief.token(), r.until());
                    }
                });
    }

    private HistoryEntry release(Step step, Incarnation self, Belief belief) throws SQLException {
        Command.Release command = new Command.Release(belief.key(), self.label, belief.token());
        return exchange(step, command, belief.key(), self.client(),
                client -> client.release(belief.key(), self.owner, belief.token()), observed -> {
                    if (observed instanceof Outcome.Released) {
                        self.belief = null;
                    }
                });
    }

    private HistoryEntry write(Step step, Incarnation self, Command.Write write) throws SQLException {
        noteWriteSituations(write);
        self.lastWrite = write;
        return exchange(step, write, write.key(), self.client(),
                client -> client.write(write.sink(), write.key(), write.token(), write.resultId(), write.payload()),
                this::noteRejection);
    }

    private HistoryEntry rolledBackWrite(Step step, Incarnation self, Command.Write write) throws SQLException {
        noteWriteSituations(write);
        situations.add(Situation.ROLLBACK);
        return exchange(step, new Command.RolledBackWrite(write), write.key(), self.client(),
                client -> client.writeThenRollBack(write.sink(), write.key(), write.token(), write.resultId(), write.payload()),
                observed -> noteRejection(observed instanceof Outcome.RolledBack r ? r.seen() : observed));
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
        int slot = Actors.slot(action.worker());
        Incarnation target = worker(slot);
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
            case Action.Restart r -> restart(step, slot, target, r.zombie());
            case Action.Duplicate d -> {
                Command.Write again = target.lastWrite;
                if (again == null) {
                    yield noOp(step, target.label + " has sent no write");
                }
                situations.add(Situation.DUPLICATE_DELIVERED);
                runner.metrics().duplicateDelivered();
                noteWriteSituations(again);
                yield exchange(step, again, again.key(), target.client(),
                        client -> client.write(again.sink(), again.key(), again.token(), again.resultId(), again.payload()),
                        this::noteRejection);
            }
        };
    }

    private HistoryEntry restart(Step step, int slot, Incarnation old, boolean zombie) throws SQLException {
        Incarnation previousZombie = zombie ? zombies.remove(slot) : null;
        if (previousZombie != null) {
            previousZombie.session.close();
        }
        String fate;
        if (zombie) {
            old.paused = true;
            zombies.put(slot, old);
            fate = old.label + " lives on as zombie " + Actors.zombieOf(Actors.worker(slot));
        } else {
            old.session.close();
            fate = old.label + " is dead, its connection dropped";
        }
        workers.remove(slot);
        Incarnation fresh = worker(slot);
        situations.add(Situation.WORKER_RESTART);
        return note(step, "restart " + Actors.worker(slot) + ": " + fate + "; " + fresh.label + " takes over");
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
            return noOp(step, "the clock never goes back (target is not after " + fencecheck.model.Micros.format(state.now()) + ")");
        }
        Command.AdvanceClock command = new Command.AdvanceClock(to);
        Transition t = model.step(state, command);
        state = t.next();
        VirtualClock.set(runner.observer().connection(), to);
        return new HistoryEntry(stepNumber, step.actor(), symbolic(step), Describe.command(command), command, state.now(),
                t.outcome(), new Outcome.ClockAt(to), null, null, null, null);
    }

    // --- one protocol operation in lock step ---------------------------------------------------------------

    @FunctionalInterface
    private interface Call {
        Outcome on(LeaseClient client) throws SQLException;
    }

    @FunctionalInterface
    private interface AfterAnswer {
        void accept(Outcome observed);
    }

    private HistoryEntry exchange(Step step, Command command, String key, LeaseClient client, Call call, AfterAnswer after)
            throws SQLException {
        long at = state.now();
        Transition expected = model.step(state, command);
        state = expected.next();
        Outcome observed = null;
        String error = null;
        long started = System.nanoTime();
        try {
            observed = call.on(client);
        } catch (SQLException e) {
            error = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().lines().findFirst().orElse("");
        }
        runner.metrics().record(command, observed, System.nanoTime() - started);
        if (observed != null) {
            after.accept(observed);
        }
        KeyState expectedRows = state.key(key);
        KeyState observedRows = withOwnerLabels(runner.observer().client().inspect(key));
        String resolved = Describe.command(command)
                + (step.action() instanceof Action.Acquire a && a.receiptLost() ? " (the answer is lost on the way back)" : "");
        return new HistoryEntry(stepNumber, step.actor(), symbolic(step), resolved, command, at,
                expected.outcome(), observed, key, expectedRows, observedRows, error);
    }

    private KeyState withOwnerLabels(KeyState rows) {
        Lease lease = rows.lease();
        if (lease == null) {
            return rows;
        }
        String label = labelOfOwner.getOrDefault(lease.owner(), lease.owner());
        return rows.withLease(new Lease(label, lease.until(), lease.token()));
    }

    private HistoryEntry noOp(Step step, String why) {
        return note(step, "no-op: " + why);
    }

    private HistoryEntry note(Step step, String resolved) {
        return new HistoryEntry(stepNumber, step.actor(), symbolic(step), resolved, null, state.now(),
                null, null, null, null, null, null);
    }

    private static String symbolic(Step step) {
        return step.action().toString();
    }
}
