package fencecheck.run;

import fencecheck.db.VirtualClock;
import fencecheck.db.replica.Replication;
import fencecheck.model.Micros;
import fencecheck.job.JobCommand;
import fencecheck.job.JobOutcome;
import fencecheck.job.JobRows;
import fencecheck.job.JobState;
import fencecheck.job.JobTransition;
import fencecheck.model.Command;
import fencecheck.model.Describe;
import fencecheck.trace.Action;
import fencecheck.trace.Step;

import java.sql.SQLException;
import java.util.List;
import java.util.Map;

/**
 * The faults from outside: pauses and resumes, restarts that leave a dead
 * incarnation or a zombie behind, network faults armed for a worker's next
 * statement, held statements delivered, writes delivered twice, coordinator
 * restarts and database crashes.
 */
final class Nemesis {

    private final TryState st;
    private final Workers workers;
    private final Exchange exchange;
    private final NetworkFaults network;
    private final Observer observer;

    Nemesis(TryState st, Workers workers, Exchange exchange, NetworkFaults network, Observer observer) {
        this.st = st;
        this.workers = workers;
        this.exchange = exchange;
        this.network = network;
        this.observer = observer;
    }

    /** A fault aimed at a worker (or at the zombie its last restart left behind), in the lane of the incarnation it hits. */
    void strike(Action.WorkerFault fault) throws SQLException {
        Incarnations incarnations = workers.incarnations;
        String target = incarnations.of(fault.worker());
        if (target == null) {
            st.noOp(Step.NEMESIS, fault.worker() + " names no zombie: no restart left one behind");
            return;
        }
        switch (fault) {
            case Action.Pause p -> {
                if (!incarnations.pause(target)) {
                    st.noOp(target, target + " is already paused");
                    return;
                }
                st.fault(target, "pause " + target + (st.state().transaction(target) != null ? ", its transaction open" : ""));
            }
            case Action.Resume r -> {
                if (!incarnations.resume(target)) {
                    st.noOp(target, target + " is not paused");
                    return;
                }
                Workers.Belief belief = workers.belief(target);
                st.note(target, "resume " + target + (belief == null ? "" : ", still believing it holds " + belief.key() + " token "
                        + belief.token()));
            }
            case Action.Restart r -> restart(r.worker(), r.zombie());
            case Action.Network n -> {
                if (!network.arm(target, n.fault(), n.statement())) {
                    st.noOp(target, "this run has no fault proxies");
                    return;
                }
                st.note(target, "the network will " + switch (n.fault()) {
                    case REQUEST_LOST -> "lose the request";
                    case RESPONSE_LOST -> "lose the answer";
                    case DELAYED -> "hold";
                    case CONNECTION_RESET -> "reset the connection after";
                } + " of " + (n.statement() == 1 ? target + "'s next statement" : "statement " + n.statement() + " of " + target
                        + "'s next call"));
            }
            case Action.Deliver d -> exchange.deliver(target);
            case Action.Split sp -> {
                exchange.split(target, sp.afterStatements());
                st.note(target, target + "'s next call will stop after the first " + sp.afterStatements() + " statement"
                        + (sp.afterStatements() == 1 ? "" : "s") + " of its file, if it has more");
            }
            case Action.Duplicate d -> duplicate(target);
        }
    }

    /** The network delivers the incarnation's last write a second time, unchanged. */
    private void duplicate(String target) throws SQLException {
        Command.Write again = workers.lastWrite(target);
        if (again == null) {
            st.noOp(target, target + " has sent no write");
            return;
        }
        if (st.running.containsKey(target)) {
            st.noOp(target, target + "'s connection is busy with a statement");
            return;
        }
        Session s = st.runner.sessions().connected(target);
        exchange.run(target, s, new Workers.Planned(Describe.command(again) + " (delivered again)", new JobCommand.Write(target, again),
                () -> new JobOutcome.Answered(s.lease.write(again.sink(), again.key(), again.token(), again.resultId(), again.payload()))));
    }

    /** A new incarnation takes the worker's role; the old one dies (its transaction rolls back) or lives on as a paused zombie. */
    private void restart(String worker, boolean zombie) throws SQLException {
        Incarnations.Restart r = workers.incarnations.restart(worker, zombie);
        boolean open = st.state().transaction(r.old()) != null;
        if (zombie) {
            st.fault(r.old(), "restart " + worker + ": " + r.old() + " lives on as zombie z" + worker.substring(1) + ", paused"
                    + (open ? " with its transaction open" : "") + "; " + r.fresh() + " takes over");
            if (r.replacedZombie() != null) {
                kill(r.replacedZombie(), "the zombie it replaces");
            }
        } else {
            st.fault(r.old(), "restart " + worker + ": " + r.old() + " is dead, its connection dropped; " + r.fresh() + " takes over");
            kill(r.old(), "dead");
        }
    }

    /** An incarnation's connection is dropped: a statement it was running never answers, and its open transaction rolls back. */
    private void kill(String incarnation, String why) throws SQLException {
        workers.incarnations.forget(incarnation);
        Running lost = st.running.remove(incarnation);
        if (lost != null && lost.stopped()) {
            exchange.cutShort(incarnation, lost, "and lost with its connection: its remaining statements never run");
        } else if (lost != null) {
            st.record(new TryEvent.Fault(st.stepNumber, true, incarnation, lost.action + ": lost with its connection, never answered",
                    lost.startedAt, TryEvent.KeyRows.of(null), null, ModelInput.NOTHING));
        }
        Session session = st.runner.sessions().existing(incarnation);
        if (session != null && session.connection != null) {
            st.runner.sessions().retire(session);
        }
        if (st.state().transaction(incarnation) != null) {
            exchange.transactionLost(incarnation, "its transaction rolls back with its connection (" + why + ")", null);
        }
    }

    void restartCoordinator() {
        st.runner.protocol().restartCoordinator();
        st.fault(Step.NEMESIS, "restart the coordinator: what it kept in memory is gone");
    }

    /** The runner's part of a database restart: the server's and the sessions'. */
    @FunctionalInterface
    interface ServerRestart {
        void run() throws SQLException;
    }

    /**
     * The database crashes and restarts on the same data: open transactions and
     * statements still waiting vanish, the workers keep what they believe, and
     * every key's committed rows must be what the model kept.
     */
    void crashDatabase() throws SQLException {
        long at = st.state().now();
        JobTransition t = cutEverything("in the crash", st.runner::crashDatabase);
        st.record(new TryEvent.Restarted(st.stepNumber, "the database crashes and restarts on the same data; open transactions"
                + " vanish", at, t.outcome(), TryEvent.KeyRows.of(null), null, new ModelInput.Stepped(new JobCommand.CrashDatabase())));
        if (rowsDiffer(at, t, " after the restart")) {
            return;
        }
        setClockAgain("the crash");
    }

    /**
     * The primary of a replicated database stops at once and its standby is promoted: as in a crash, open
     * transactions and statements still waiting vanish and the workers keep what they believe; what stays committed
     * is what the new primary holds, some prefix of the model's commits. Under a setting that lets a failover lose
     * acknowledged commits the model goes on from that prefix (the invariants judge what the workers then do); under
     * one that does not, any loss is a finding, as after a crash.
     *
     * @return what the failover took, or null when it took nothing (or the try ends here)
     */
    CommittedPrefixes.Loss failover(CommittedPrefixes prefixes) throws SQLException {
        long at = st.state().now();
        String before = st.runner.primary();
        JobTransition t = cutEverything("in the failover", st.runner::failover);
        JobState crashed = t.next();
        Replication replication = CommittedPrefixes.replicationOf(st.runner.database());
        CommittedPrefixes.Prefix kept = prefixes.survivor(crashed, observer);
        // the model runs a crash; the facts say it was a failover, between which servers, and what it lost
        st.record(new TryEvent.Restarted(st.stepNumber, "failover: the primary stops at once, the standby is promoted ("
                + (replication == null ? "replication unknown" : "replication " + replication.value()) + "); open transactions vanish",
                at, t.outcome(), TryEvent.KeyRows.of(null),
                prefixes.facts(kept, st.stepNumber, crashed, replication, before, st.runner.primary()),
                new ModelInput.Stepped(new JobCommand.CrashDatabase())));
        CommittedPrefixes.Loss loss = null;
        // the prefix found is the crashed state itself when the failover lost nothing
        if (kept == null || kept.state() != crashed && !CommittedPrefixes.mayLose(replication)) {
            // no prefix of the commits, or a loss the setting forbids: the rows judge it, as after a crash
            if (rowsDiffer(at, t, " after the failover (" + CommittedPrefixes.setting(replication) + ")")) {
                return null;
            }
        } else if (kept.state() != crashed) {
            loss = new CommittedPrefixes.Loss(st.stepNumber, kept.step(), replication);
            st.record(new TryEvent.Note(st.stepNumber, Step.NEMESIS, "the new primary holds what was committed after step " + kept.step()
                    + ": " + loss.explain(), st.state().now(), null, new ModelInput.SettledOn(kept.state())));
        }
        setClockAgain("the failover");
        return loss;
    }

    /** The standby stops with what it has: later commits stay on the primary alone until a failover. */
    void stopStandby() {
        if (st.runner.stopStandby()) {
            st.fault(Step.NEMESIS, "the standby stops, with everything committed so far: later commits stay on the primary alone");
        } else {
            st.noOp(Step.NEMESIS, "the primary waits for its synchronous standby, so a stopped standby would hold every commit:"
                    + " the standby keeps streaming");
        }
    }

    /** The standby's replay stops: reads on it see what it had replayed, though the primary's commits go on reaching it. */
    void holdReplay() throws SQLException {
        if (st.runner.holdReplay()) {
            st.fault(Step.NEMESIS, "the standby's replay is held: it receives and flushes later commits but a read on it"
                    + " does not see them");
        } else {
            st.noOp(Step.NEMESIS, "the standby's replay cannot be held: it is stopped, or the primary waits for its replay"
                    + " (remote_apply)");
        }
    }

    /**
     * Statements stopped between their statements or still running are lost, every open transaction vanishes
     * (its worker is told it rolled back), and the model takes the restart.
     */
    private JobTransition cutEverything(String where, ServerRestart restart) throws SQLException {
        for (Map.Entry<String, Running> stopped : List.copyOf(st.running.entrySet())) {
            if (stopped.getValue().stopped()) {
                st.running.remove(stopped.getKey());
                exchange.cutShort(stopped.getKey(), stopped.getValue(), "and lost " + where + ": its remaining statements never run");
            }
        }
        // every open transaction vanishes: what its lease operations did is undone, and its worker is told
        st.state().open().keySet().forEach(session -> workers.learn(session, new JobCommand.Rollback(session), new JobOutcome.RolledBack()));
        JobTransition t = st.model.step(st.state(), new JobCommand.CrashDatabase());
        restart.run();
        for (Map.Entry<String, Running> lost : List.copyOf(st.running.entrySet())) {
            st.running.remove(lost.getKey());
            st.record(new TryEvent.Fault(st.stepNumber, true, lost.getKey(), lost.getValue().action + ": lost " + where
                    + ", never answered", lost.getValue().startedAt, TryEvent.KeyRows.of(null), null, ModelInput.NOTHING));
        }
        return t;
    }

    /** Whether some key's committed rows are not what the model kept: then the entry that says so ends the try. */
    private boolean rowsDiffer(long at, JobTransition t, String when) throws SQLException {
        for (String key : st.state().committed().keys().keySet()) {
            JobRows observed = observer.read(key, null);
            JobRows expected = observer.asClaimed(st.state().rows(key, null), observed);
            if (!expected.equals(observed)) {
                st.record(new TryEvent.Restarted(st.stepNumber, "the rows of " + key + when, at, t.outcome(),
                        new TryEvent.KeyRows(key, expected, observed), null, ModelInput.NOTHING));
                return true;
            }
        }
        return false;
    }

    /**
     * The clock's moves commit without waiting for the disk (clock_move.sql), so a crash may have taken some back
     * (and a failover may have lost them with the standby): the clock is the harness's, not the implementation's,
     * and is set again from what the model kept.
     */
    private void setClockAgain(String what) throws SQLException {
        long clock = VirtualClock.read(st.runner.observer());
        if (clock != st.state().now()) {
            st.runner.moveClock(st.state().now());
            st.runner.sendClock();
            st.note(Step.NEMESIS, what + " took the clock back to " + Micros.format(clock) + ": set again to " + Micros.format(st.state().now()));
        }
    }
}
