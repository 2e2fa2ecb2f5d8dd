package fencecheck.run;

import fencecheck.api.Lease;
import fencecheck.api.TimeResolution;
import fencecheck.check.AcknowledgedWrites;
import fencecheck.check.ExactlyOnce;
import fencecheck.check.Invariants;
import fencecheck.check.Violation;
import fencecheck.job.JobCommand;
import fencecheck.job.JobModel;
import fencecheck.job.JobOutcome;
import fencecheck.job.JobRows;
import fencecheck.job.JobTransition;
import fencecheck.model.Micros;
import fencecheck.protocol.JobClient;
import fencecheck.trace.Action;
import fencecheck.trace.Step;
import fencecheck.trace.Trace;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * One try of a trace: each step goes to the part that does it (a worker's
 * statement, a fault, the relay, the clock), then the checkers read the
 * history. Discarded when the try ends.
 */
final class TryExecution {

    private final TryState st;
    private final Observer observer;
    private final Workers workers;
    private final Exchange exchange;
    private final Nemesis nemesis;
    private JobClient.OutboxRecord lastDelivered;
    /** What the model had committed after each step, for a failover to settle on. */
    private final CommittedPrefixes prefixes;
    /** What failovers of this try took, in order. */
    private final List<CommittedPrefixes.Loss> failoverLosses = new ArrayList<>();

    TryExecution(TraceRunner runner, JobModel model, Trace trace) {
        this.st = new TryState(runner, model, trace);
        this.observer = new Observer(st);
        this.workers = new Workers(st, observer);
        NetworkFaults network = new NetworkFaults(st);
        this.exchange = new Exchange(st, observer, workers, network);
        this.nemesis = new Nemesis(st, workers, exchange, network, observer);
        this.prefixes = new CommittedPrefixes(st.state());
    }

    TryResult run() throws SQLException {
        for (Step step : st.trace.steps()) {
            st.stepNumber++;
            st.running.values().forEach(r -> r.lives(st.state()));
            if (!step.actor().equals(Step.CLOCK)) {
                st.runner.sendClock();
            }
            st.runner.standbyCaughtUp();
            execute(step);
            st.keepModelState();
            prefixes.keep(st.stepNumber, st.state());
            if (st.divergent() != null) {
                return finish();
            }
        }
        goOnWhereStopped();
        endOpenTransactions();
        return finish();
    }

    /**
     * A try that ran: its result, the model it was judged by, the events of its history, and the state it ended in.
     */
    record Tried(TryResult result, JobModel model, List<TryEvent> events, QuietState end) {
        Tried {
            events = List.copyOf(events);
        }
    }

    /** Runs the try, and gives what each session believes at its end beside its result (no further statement). */
    QuietEnd runKnowing() throws SQLException {
        TryResult result = run();
        return QuietEnd.of(result, workers.knowledge());
    }

    /** Runs the try, and keeps its events and the state it ends in beside its result. */
    Tried runKeepingEvents() throws SQLException {
        TryResult result = run();
        return new Tried(result, st.model, st.events(), quietState());
    }

    /**
     * The state of the try as it is now, between steps and quiet: the model's, what each session believes, the
     * incarnations and the calls still in flight, and what the database shows (the clock its next statement reads,
     * and the committed rows of every key the model holds anything of).
     */
    QuietState quietState() throws SQLException {
        SortedMap<String, JobRows> rows = new TreeMap<>();
        for (String key : ModelState.of(st.stepNumber, st.state()).keys().keySet()) {
            rows.put(key, observer.read(key, null));
        }
        SortedMap<String, Running.InFlight> inFlight = new TreeMap<>();
        st.running.forEach((session, r) -> inFlight.put(session, r.inFlight()));
        return new QuietState(st.state(), workers.knowledge(), workers.incarnations.roster(), inFlight,
                st.runner.clockForNextStatement(), rows);
    }

    /** A trace may end with calls a split stopped between their statements: they go on and are judged. */
    private void goOnWhereStopped() throws SQLException {
        List<String> stopped = st.running.keySet().stream().filter(exchange::stopped).toList();
        if (!stopped.isEmpty() && st.divergent() == null) {
            st.stepNumber++;
            st.runner.sendClock();
            exchange.goOn(stopped, " as the trace ends");
            st.keepModelState();
        }
    }

    private TryResult finish() {
        Set<MadeUpWrites.UnderAnUntoldFence> madeUp = st.underUntoldFences();
        CheckedEvents checked = CheckedEvents.of(st.entries()).without(e -> MadeUpWrites.isAny(e, madeUp));
        List<Violation> violations = new ArrayList<>(Invariants.check(checked.events(), st.model.config().boundary()));
        violations.addAll(AcknowledgedWrites.check(checked.sinkWrites(), checked.stored()));
        violations.sort(Comparator.comparingInt(Violation::step));
        violations.addAll(ExactlyOnce.check(checked.deliveries()));
        violations = explainedByFailovers(violations);
        List<HistoryEntry> history = List.copyOf(st.entries());
        return new TryResult(st.trace, history, Situations.of(st.trace, history, st.model.config().resolution()), st.divergent(),
                violations, st.notes(), st.modelStates());
    }

    /**
     * A violation judged after a failover that lost acknowledged commits says so in its own line: the loss came
     * from the failover and the replication setting, not from the implementation's statements alone.
     */
    private List<Violation> explainedByFailovers(List<Violation> violations) {
        if (failoverLosses.isEmpty()) {
            return violations;
        }
        return violations.stream().map(v -> failoverLosses.stream().filter(loss -> loss.failoverStep() <= v.step())
                .reduce((first, second) -> second)
                .map(loss -> new Violation(v.invariant(), v.step(), v.explanation() + "; " + loss.explain(), v.related()))
                .orElse(v)).toList();
    }

    /** A trace may end with transactions open: they roll back, as when their workers go away, and whoever waited goes on. */
    private void endOpenTransactions() throws SQLException {
        while (st.divergent() == null) {
            Optional<String> idle = st.state().open().keySet().stream().filter(session -> !st.running.containsKey(session)).findFirst();
            if (idle.isEmpty()) {
                return;
            }
            st.stepNumber++;
            st.runner.sendClock();
            Session s = st.runner.sessions().connected(idle.get());
            exchange.run(idle.get(), s, new Workers.Planned("end of trace: roll back", new JobCommand.Rollback(idle.get()),
                    s.jobs::rollback));
            st.keepModelState();
        }
    }

    private void execute(Step step) throws SQLException {
        switch (step.action()) {
            case Action.WorkerStatement statement -> workerStatement(step.actor(), statement);
            case Action.WorkerFault fault -> nemesis.strike(fault);
            case Action.Relay relay -> relay(relay.crashBeforeMark());
            case Action.Redeliver redeliver -> redeliver();
            case Action.AdvanceToExpiry a -> {
                Lease lease = st.state().committed().key(a.key()).lease();
                if (lease == null) {
                    st.noOp(Step.CLOCK, "clock to the expiry of " + a.key() + ", which has no lease");
                } else {
                    // an implementation that claims milliseconds gets whole milliseconds, on the same side of the boundary
                    TimeResolution r = st.model.config().resolution();
                    long to = lease.until() + a.deltaMicros();
                    clock(a.deltaMicros() >= 0 ? r.ceil(to) : r.floor(to));
                }
            }
            case Action.AdvanceBy a -> clock(st.model.config().resolution().ceil(st.state().now() + a.micros()));
            case Action.CrashDatabase c -> nemesis.crashDatabase();
            case Action.StopStandby s -> nemesis.stopStandby();
            case Action.HoldReplay h -> nemesis.holdReplay();
            case Action.Failover f -> {
                CommittedPrefixes.Loss loss = nemesis.failover(prefixes);
                if (loss != null) {
                    failoverLosses.add(loss);
                }
            }
            case Action.RestartCoordinator r -> nemesis.restartCoordinator();
        }
    }

    private void workerStatement(String actor, Action.WorkerStatement statement) throws SQLException {
        String incarnation = workers.incarnations.of(actor);
        if (incarnation == null) {
            st.noOp(actor, actor + " names no zombie: no restart left one behind");
        } else if (workers.incarnations.isPaused(incarnation)) {
            st.noOp(incarnation, incarnation + " is paused: " + describe(statement) + " skipped");
        } else if (exchange.stopped(incarnation)) {
            // the worker's next step finishes the call a split stopped, instead of what it says: a step's rows
            // are read once, after everything it ran
            exchange.goOn(List.of(incarnation), " instead of its " + describe(statement));
        } else {
            act(incarnation, statement);
        }
    }

    private void act(String incarnation, Action.WorkerStatement statement) throws SQLException {
        if (st.running.containsKey(incarnation)) {
            st.noOp(incarnation, incarnation + " is waiting for a lock: " + describe(statement) + " skipped");
        } else {
            Session s = st.runner.sessions().connected(incarnation);
            Workers.Planned planned = workers.plan(incarnation, statement, s);
            if (planned != null) {
                exchange.run(incarnation, s, planned);
            }
        }
    }

    private static String describe(Action action) {
        return action.getClass().getSimpleName().replaceAll("([a-z])([A-Z])", "$1 $2").toLowerCase();
    }

    // --- the relay and the clock ---------------------------------------------------------------------------

    private void relay(boolean crashBeforeMark) throws SQLException {
        long at = st.state().now();
        JobCommand command = new JobCommand.Relay(crashBeforeMark);
        JobTransition t = st.model.step(st.state(), command);
        Session relay = st.runner.sessions().connected(Step.RELAY);
        Session consumer = st.runner.sessions().connected("consumer");
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
            }
            lastDelivered = message;
            key = message.key();
            observed = new JobOutcome.Delivered(message.key(), message.resultId(), effect, !crashBeforeMark);
        }
        String action = crashBeforeMark ? "deliver the next message, crash before marking it" : "deliver the next message, mark it";
        TryEvent relayed = new TryEvent.Relayed(st.stepNumber, action, command, at, t.outcome(), observed,
                TryEvent.KeyRows.of(key != null ? key : keyOf(t.outcome())));
        st.record(observer.withRows(relayed, st.after(relayed)));
    }

    private void redeliver() throws SQLException {
        long at = st.state().now();
        JobCommand command = new JobCommand.Redeliver();
        JobTransition t = st.model.step(st.state(), command);
        JobOutcome observed;
        String key = null;
        if (lastDelivered == null) {
            observed = new JobOutcome.NothingToDeliver();
        } else {
            boolean effect = st.runner.sessions().connected("consumer").jobs.consume(lastDelivered);
            key = lastDelivered.key();
            observed = new JobOutcome.Delivered(lastDelivered.key(), lastDelivered.resultId(), effect, false);
        }
        TryEvent relayed = new TryEvent.Relayed(st.stepNumber, "deliver the last message again", command, at, t.outcome(), observed,
                TryEvent.KeyRows.of(key != null ? key : keyOf(t.outcome())));
        st.record(observer.withRows(relayed, st.after(relayed)));
    }

    private static String keyOf(JobOutcome outcome) {
        return outcome instanceof JobOutcome.Delivered d ? d.key() : null;
    }

    private void clock(long to) throws SQLException {
        long at = st.state().now();
        JobCommand command = new JobCommand.AdvanceClock(to);
        JobTransition t = st.model.step(st.state(), command);
        if (to > at) {
            st.runner.moveClock(to);
            st.running.values().forEach(r -> r.clockMoved(to));
        }
        // the update above fails loudly if the clock row is gone; after a crash the nemesis reads the clock back
        JobOutcome observed = new JobOutcome.ClockAt(Math.max(to, at));
        st.record(new TryEvent.ClockMoved(st.stepNumber, "clock to " + Micros.format(to), command, at, t.outcome(), observed));
    }
}
