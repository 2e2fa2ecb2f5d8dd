package fencecheck.run;

import fencecheck.api.Lease;
import fencecheck.api.Outcome;
import fencecheck.api.SinkKind;
import fencecheck.api.TimeResolution;
import fencecheck.job.JobCommand;
import fencecheck.job.JobOutcome;
import fencecheck.model.Command;
import fencecheck.trace.Action;
import fencecheck.trace.NetworkFault;
import fencecheck.trace.Step;
import fencecheck.trace.TokenSource;
import fencecheck.trace.Trace;

import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The situations a try reached, read from its trace and its history after it
 * ran: what the database answered, which statements waited, which faults hit
 * which transactions. Nothing here runs anything; the runner only records.
 */
public final class Situations {

    /** What the reader keeps of one session's open transaction. */
    private static final class OpenTransaction {
        int statements;
        /** Whether the clock moved since it began: its {@code now()} is no longer the statement's time. */
        boolean clockMoved;
        boolean claimed;
        boolean wrote;
        /** Acknowledged inside it, so committed with it: a grant, a write to the fenced sink. */
        boolean granted;
        boolean wroteFence;
    }

    /** What the last acknowledged commit held, as a failover that may lose it sees it. */
    private enum LastCommit { NONE, GRANT, FENCED_WRITE, OTHER }

    private final Trace trace;
    private final Set<Situation> reached = EnumSet.noneOf(Situation.class);
    private final Incarnations incarnations = new Incarnations();
    private final Map<String, OpenTransaction> open = new HashMap<>();
    private final Map<String, Lease> latestLease = new HashMap<>();
    private final Set<String> waiting = new HashSet<>();
    /** The sessions among {@link #waiting} whose acquire waits: a takeover waiting for an open transaction. */
    private final Set<String> waitingAcquires = new HashSet<>();
    private LastCommit lastCommit = LastCommit.NONE;
    /** Sessions whose call a split stopped between two statements, until it completes or is lost. */
    private final Set<String> stoppedBetween = new HashSet<>();
    private HistoryEntry lastAnswered;
    private int stepSeen;
    /** How near the lease's end a renew must run to count as at the boundary: one unit of the claimed resolution. */
    private final long boundaryMicros;

    private Situations(Trace trace, long boundaryMicros) {
        this.trace = trace;
        this.boundaryMicros = boundaryMicros;
    }

    /** The situations of a try of an implementation that stores lease ends to the microsecond. */
    public static Set<Situation> of(Trace trace, List<HistoryEntry> history) {
        return of(trace, history, TimeResolution.MICROSECONDS);
    }

    /**
     * The situations of a try; a renew counts as at the boundary within one unit of {@code resolution}: an
     * implementation that stores milliseconds is never a microsecond away from its lease's end.
     */
    public static Set<Situation> of(Trace trace, List<HistoryEntry> history, TimeResolution resolution) {
        Situations s = new Situations(trace, resolution.unitMicros());
        history.forEach(s::read);
        return Set.copyOf(s.reached);
    }

    private void read(HistoryEntry e) {
        Step step = e.step() >= 1 && e.step() <= trace.steps().size() ? trace.steps().get(e.step() - 1) : null;
        Action action = step == null ? null : step.action();
        if (e.step() != stepSeen) {
            stepSeen = e.step();
            beforeStep(step, e.kind());
        }
        if (e.kind() == HistoryEntry.Kind.NO_OP) {
            return;
        }
        if (e.kind() == HistoryEntry.Kind.CLOCK && e.command() instanceof JobCommand.AdvanceClock move && move.to() > e.at()) {
            open.values().forEach(tx -> tx.clockMoved = true);
        }
        if (e.kind() == HistoryEntry.Kind.BETWEEN) {
            reached.add(Situation.CALL_STOPPED);
            stoppedBetween.add(e.actor());
            return;
        }
        if (e.kind() == HistoryEntry.Kind.FAULT) {
            if (e.resumed()) {
                stoppedBetween.remove(e.actor());
                // a statement lost with its connection or in a crash: it never answered
                waitingAcquires.remove(e.actor());
                if (waiting.remove(e.actor()) && action instanceof Action.CrashDatabase) {
                    reached.add(Situation.STATEMENT_LOST_IN_CRASH);
                }
            }
            return;
        }
        if (e.kind() == HistoryEntry.Kind.RELAY) {
            answered(e, action, false);
            return;
        }
        if (e.kind() != HistoryEntry.Kind.STATEMENT || e.command() == null) {
            return;
        }
        if (e.isWait()) {
            reached.add(Situation.WAIT_OBSERVED);
            waiting.add(e.actor());
            if (e.command() instanceof JobCommand.LeaseOperation op && op.command() instanceof Command.Acquire) {
                waitingAcquires.add(e.actor());
            }
            statementIssued(e, step, action);
            return;
        }
        boolean wentOn = waiting.remove(e.actor());
        waitingAcquires.remove(e.actor());
        stoppedBetween.remove(e.actor());
        if (wentOn) {
            reached.add(action instanceof Action.Commit ? Situation.WAIT_RESOLVED_BY_COMMIT : Situation.WAIT_RESOLVED_BY_ROLLBACK);
        } else if (!e.resumed()) {
            statementIssued(e, step, action);
        }
        answered(e, action, wentOn);
        if (e.key() != null && e.expectedRows() != null && e.expectedRows().protocol().lease() != null) {
            latestLease.put(e.key(), e.expectedRows().protocol().lease());
        }
    }

    /** Situations of the step itself, before any of its entries: faults aimed at a worker, crashes, restarts. */
    private void beforeStep(Step step, HistoryEntry.Kind firstKind) {
        if (step == null || firstKind == HistoryEntry.Kind.NO_OP) {
            return;
        }
        switch (step.action()) {
            case Action.Pause p -> {
                if (open.containsKey(incarnations.of(p.worker()))) {
                    reached.add(Situation.PAUSE_IN_TRANSACTION);
                }
            }
            case Action.Restart r -> {
                reached.add(Situation.WORKER_RESTART);
                if (open.containsKey(incarnations.of(r.worker()))) {
                    reached.add(Situation.RESTART_IN_TRANSACTION);
                }
                incarnations.restart(r.worker(), r.zombie());
            }
            case Action.RestartCoordinator c -> reached.add(Situation.COORDINATOR_RESTART);
            case Action.CrashDatabase c -> {
                reached.add(Situation.DATABASE_CRASH);
                if (!open.isEmpty()) {
                    reached.add(Situation.DATABASE_CRASH_WITH_OPEN_TRANSACTIONS);
                }
                if (lastAnswered != null && lastAnswered.observed() instanceof JobOutcome.Answered a && Outcome.isSuccess(a.outcome())
                        && lastAnswered.command() instanceof JobCommand.LeaseOperation op && op.command() instanceof Command.Acquire
                        || lastAnswered != null && lastAnswered.command() instanceof JobCommand.Write
                        && lastAnswered.observed() instanceof JobOutcome.Answered w && Outcome.isSuccess(w.outcome())) {
                    reached.add(Situation.CRASH_AFTER_WRITE);
                }
                open.clear();
            }
            case Action.Failover f -> {
                reached.add(Situation.FAILOVER);
                if (!open.isEmpty()) {
                    reached.add(Situation.FAILOVER_WITH_OPEN_TRANSACTIONS);
                }
                if (open.values().stream().anyMatch(tx -> tx.claimed || tx.wrote)) {
                    reached.add(Situation.FAILOVER_WITH_JOB_OPEN);
                }
                if (!waitingAcquires.isEmpty()) {
                    reached.add(Situation.FAILOVER_WITH_TAKEOVER_WAITING);
                }
                // what a lagging standby would lose first: the newest commit, whatever is still open or waiting
                if (lastCommit == LastCommit.GRANT) {
                    reached.add(Situation.FAILOVER_AFTER_GRANT);
                }
                if (lastCommit == LastCommit.FENCED_WRITE) {
                    reached.add(Situation.FAILOVER_AFTER_FENCED_WRITE);
                }
                open.clear();
                waitingAcquires.clear();
            }
            case Action.HoldReplay h -> reached.add(Situation.REPLAY_HELD);
            default -> {
            }
        }
    }

    /** A statement reached the database (answered at once, or seen waiting). */
    private void statementIssued(HistoryEntry e, Step step, Action action) {
        if (stoppedBetween.stream().anyMatch(stopped -> !stopped.equals(e.actor()))) {
            reached.add(Situation.BETWEEN_STATEMENTS);
        }
        if (step != null && step.actor().startsWith("z")) {
            reached.add(Situation.ZOMBIE_STATEMENT);
        }
        for (Map.Entry<String, OpenTransaction> other : open.entrySet()) {
            if (!other.getKey().equals(e.actor()) && other.getValue().statements > 0) {
                reached.add(Situation.INTERLEAVED_IN_OPEN_TRANSACTION);
            }
        }
        OpenTransaction tx = open.get(e.actor());
        if (e.command() instanceof JobCommand.Write w) {
            Lease latest = latestLease.get(w.write().key());
            if (latest != null && w.write().token() < latest.token()) {
                reached.add(Situation.STALE_WRITE_ATTEMPTED);
                if (action instanceof Action.Deliver) {
                    reached.add(Situation.DELAYED_PAST_TAKEOVER);
                }
            }
            if (action instanceof Action.Write write && write.token() != TokenSource.HELD) {
                reached.add(Situation.FORGED_TOKEN_WRITTEN);
            }
            if (action instanceof Action.Duplicate) {
                reached.add(Situation.DUPLICATE_WRITE);
            }
            if (tx != null) {
                tx.wrote = true;
                if (w.write().sink() == SinkKind.LATEST_TOKEN_WINS) {
                    reached.add(Situation.LATEST_WRITE_IN_TRANSACTION);
                }
            }
        }
        if (e.command() instanceof JobCommand.LeaseOperation && tx != null && tx.clockMoved) {
            reached.add(Situation.LEASE_OPERATION_IN_TRANSACTION);
        }
        if (e.command() instanceof JobCommand.LeaseOperation op && op.command() instanceof Command.Renew renew) {
            Lease latest = latestLease.get(renew.key());
            if (latest != null && Math.abs(e.at() - latest.until()) <= boundaryMicros) {
                reached.add(Situation.BOUNDARY_RENEW);
            }
        }
        if (action instanceof Action.Retry) {
            reached.add(Situation.RETRY_AFTER_UNKNOWN);
        }
        if (tx != null && !(e.command() instanceof JobCommand.Begin)) {
            tx.statements++;
        }
    }

    /**
     * Keeps what the last acknowledged commit held: a statement answered with success outside a transaction, or the
     * commit of a transaction with what was acknowledged inside it.
     */
    private void committed(HistoryEntry e, OpenTransaction tx) {
        boolean success = e.observed() instanceof JobOutcome.Answered a && Outcome.isSuccess(a.outcome());
        boolean grant = success && e.command() instanceof JobCommand.LeaseOperation op && op.command() instanceof Command.Acquire;
        boolean fencedWrite = success && e.command() instanceof JobCommand.Write w && w.write().sink() == SinkKind.CURRENT_FENCE;
        if (tx != null) {
            tx.granted |= grant;
            tx.wroteFence |= fencedWrite;
            if (e.command() instanceof JobCommand.Commit && e.observed() instanceof JobOutcome.Committed) {
                lastCommit = tx.wroteFence ? LastCommit.FENCED_WRITE : tx.granted ? LastCommit.GRANT : LastCommit.OTHER;
            }
        } else if (success || e.observed() instanceof JobOutcome.Delivered) {
            lastCommit = grant ? LastCommit.GRANT : fencedWrite ? LastCommit.FENCED_WRITE : LastCommit.OTHER;
        }
    }

    /** What the database's answer (or the network's loss of it) shows. */
    private void answered(HistoryEntry e, Action action, boolean wentOn) {
        OpenTransaction tx = open.get(e.actor());
        if (e.fault() != null) {
            NetworkFault fault = NetworkFault.valueOf(e.fault());
            switch (fault) {
                case REQUEST_LOST -> reached.add(tx != null ? Situation.REQUEST_LOST_IN_TRANSACTION : Situation.REQUEST_LOST);
                case RESPONSE_LOST -> {
                    reached.add(tx != null ? Situation.ANSWER_LOST_IN_TRANSACTION : Situation.RESPONSE_LOST);
                    if (e.command() instanceof JobCommand.Commit) {
                        reached.add(Situation.COMMIT_ANSWER_LOST);
                    }
                }
                case CONNECTION_RESET -> {
                    if (e.command() instanceof JobCommand.Rollback) {
                        reached.add(Situation.CONNECTION_RESET_IN_TRANSACTION);
                    }
                }
                case DELAYED -> {
                }
            }
            if (fault == NetworkFault.REQUEST_LOST || fault == NetworkFault.RESPONSE_LOST) {
                // the client dropped its connection: an open transaction went with it
                open.remove(e.actor());
                if (e.observed() == null) {
                    return;
                }
            }
        }
        lastAnswered = e;
        JobOutcome observed = e.observed();
        committed(e, tx);
        switch (e.command()) {
            case JobCommand.LeaseOperation op -> {
                if (observed instanceof JobOutcome.Answered a && a.outcome() instanceof Outcome.Granted g
                        && op.command() instanceof Command.Acquire acquire) {
                    Lease before = latestLease.get(acquire.key());
                    if (before != null && !before.owner().equals(e.actor()) && g.token() > before.token()) {
                        reached.add(Situation.TAKEOVER);
                    }
                    if (wentOn) {
                        reached.add(Situation.TAKEOVER_WHILE_JOB_OPEN);
                    }
                    if (action instanceof Action.Acquire a2 && a2.receiptLost()) {
                        reached.add(Situation.GRANT_RECEIPT_LOST);
                    }
                }
                if (observed instanceof JobOutcome.Answered a && a.outcome() instanceof Outcome.Released) {
                    reached.add(Situation.LEASE_RELEASED);
                }
            }
            case JobCommand.Write w -> {
                if (observed instanceof JobOutcome.Answered a && a.outcome() instanceof Outcome.Stale) {
                    reached.add(Situation.STALE_WRITE_REJECTED);
                }
            }
            case JobCommand.Begin b -> {
                if (observed instanceof JobOutcome.Begun) {
                    open.put(e.actor(), new OpenTransaction());
                }
            }
            case JobCommand.Claim c -> {
                if (observed instanceof JobOutcome.Claimed && tx != null) {
                    tx.claimed = true;
                } else if (observed instanceof JobOutcome.NotClaimed) {
                    reached.add(Situation.STALE_CLAIM_REFUSED);
                }
            }
            case JobCommand.Commit c -> {
                open.remove(e.actor());
                if (tx != null && tx.claimed && observed instanceof JobOutcome.Committed) {
                    reached.add(Situation.JOB_COMMITTED);
                }
            }
            case JobCommand.Rollback r -> {
                open.remove(e.actor());
                if (tx != null && tx.claimed) {
                    reached.add(Situation.JOB_ROLLED_BACK);
                }
                if (tx != null && tx.wrote) {
                    reached.add(Situation.WRITE_ROLLED_BACK);
                }
            }
            case JobCommand.Relay r -> {
                if (observed instanceof JobOutcome.Delivered d) {
                    if (r.crashBeforeMark()) {
                        reached.add(Situation.RELAY_CRASH);
                    }
                    if (!d.effect()) {
                        reached.add(Situation.DUPLICATE_DELIVERY);
                    }
                }
            }
            case JobCommand.Redeliver r -> {
                if (observed instanceof JobOutcome.Delivered d && !d.effect()) {
                    reached.add(Situation.DUPLICATE_DELIVERY);
                }
            }
            default -> {
            }
        }
    }
}
