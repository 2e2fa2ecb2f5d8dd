package fencecheck.run;

import fencecheck.api.Lease;
import fencecheck.job.JobCommand;
import fencecheck.job.JobOutcome;
import fencecheck.job.JobState;
import fencecheck.job.Transaction;
import fencecheck.model.Command;
import fencecheck.model.Describe;
import fencecheck.trace.Action;
import fencecheck.trace.TokenSource;

import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;

/**
 * The workers and their incarnations: what each believes it holds, the
 * owner id it acts as, its last write and the statement whose answer it never
 * got; and, from that, which statement an action of a worker sends.
 */
final class Workers {

    /** The key and token of a worker's last grant, as it heard of it. */
    record Belief(String key, long token) {
    }

    /** A statement a worker is about to send: in words, as the model runs it, and as the implementation's client does. */
    record Planned(String action, JobCommand command, Callable<JobOutcome> call, boolean answerLost) {
        Planned(String action, JobCommand command, Callable<JobOutcome> call) {
            this(action, command, call, false);
        }
    }

    final Incarnations incarnations = new Incarnations();
    private final TryState st;
    private final Observer observer;
    private final Map<String, UUID> owners = new HashMap<>();
    /** What the sessions know: each one's lease, its belief before its transaction, its last write, its unanswered statement. */
    private Knowledge knows = Knowledge.NONE;

    Workers(TryState st, Observer observer) {
        this.st = st;
        this.observer = observer;
    }

    Belief belief(String incarnation) {
        return knows.belief(incarnation);
    }

    /** What the sessions know now: a value, which later steps do not change. */
    Knowledge knowledge() {
        return knows;
    }

    Command.Write lastWrite(String incarnation) {
        return knows.lastWrites().get(incarnation);
    }

    /** A statement on its own whose answer was lost: the worker may send it again. */
    void unanswered(String incarnation, JobCommand command) {
        if (command instanceof JobCommand.LeaseOperation || command instanceof JobCommand.Write) {
            knows = knows.unanswered(incarnation, command);
        }
    }

    /** What a worker believes after an answer it heard. */
    void learn(String session, JobCommand command, JobOutcome observed) {
        knows = knows.learn(session, command, observed);
    }

    /**
     * The statement a worker's action sends, from what it believes; null when
     * the action does not apply (the reason is in the history as a no-op).
     */
    Planned plan(String worker, Action.WorkerStatement action, Session s) {
        Transaction tx = st.state().transaction(worker);
        Belief belief = knows.belief(worker);
        long ttl = st.trace.leaseTtl();
        switch (action) {
            case Action.Acquire a -> {
                if (tx != null && !leaseOperationsJoinTransactions()) {
                    return skip(worker, "has a transaction open", "acquire");
                }
                if (!inItsTransaction(tx, a.key())) {
                    return skip(worker, "has a transaction open on " + tx.keys().first(), "acquire of " + a.key());
                }
                UUID owner = owner(worker);
                return new Planned("acquire " + a.key() + (a.receiptLost() ? " (the answer is lost on the way back)" : ""),
                        new JobCommand.LeaseOperation(worker, new Command.Acquire(a.key(), worker, ttl)),
                        () -> new JobOutcome.Answered(s.lease.acquire(a.key(), owner, ttl)), a.receiptLost());
            }
            case Action.Renew r -> {
                if (tx != null && belief != null && !leaseOperationsJoinTransactions()) {
                    return skip(worker, "has a transaction open", "renew");
                }
                if (belief == null || !inItsTransaction(tx, belief.key())) {
                    return skip(worker, belief == null ? "holds no lease" : "has a transaction open on " + tx.keys().first(), "renew");
                }
                UUID owner = owner(worker);
                return new Planned("renew " + belief.key() + " token " + belief.token(), new JobCommand.LeaseOperation(worker,
                        new Command.Renew(belief.key(), worker, belief.token(), ttl)),
                        () -> new JobOutcome.Answered(s.lease.renew(belief.key(), owner, belief.token(), ttl)));
            }
            case Action.Release r -> {
                if (tx != null && belief != null && !leaseOperationsJoinTransactions()) {
                    return skip(worker, "has a transaction open", "release");
                }
                if (belief == null || !inItsTransaction(tx, belief.key())) {
                    return skip(worker, belief == null ? "holds no lease" : "has a transaction open on " + tx.keys().first(), "release");
                }
                UUID owner = owner(worker);
                return new Planned("release " + belief.key() + " token " + belief.token(), new JobCommand.LeaseOperation(worker,
                        new Command.Release(belief.key(), worker, belief.token())),
                        () -> new JobOutcome.Answered(s.lease.release(belief.key(), owner, belief.token())));
            }
            case Action.Write w -> {
                Long token = belief == null ? null : token(w.token(), belief);
                if (token == null) {
                    return skip(worker, "has no " + w.token().name().toLowerCase() + " token to write with", "write");
                }
                if (!inItsTransaction(tx, belief.key())) {
                    return skip(worker, "has a transaction open on " + tx.keys().first(), "write to " + belief.key());
                }
                Command.Write write = new Command.Write(w.sink(), belief.key(), token, w.resultId(), w.payload());
                knows = knows.wrote(worker, write);
                return new Planned(Describe.command(write) + (tx != null ? " (in its transaction)" : ""),
                        new JobCommand.Write(worker, write), () -> new JobOutcome.Answered(
                        s.lease.write(w.sink(), belief.key(), token, w.resultId(), w.payload())));
            }
            case Action.Retry r -> {
                return retry(worker, tx != null, s);
            }
            case Action.Begin b -> {
                if (tx != null) {
                    return skip(worker, "has a transaction open already", "begin");
                }
                return new Planned("begin", new JobCommand.Begin(worker), () -> {
                    s.jobs.begin();
                    return new JobOutcome.Begun();
                });
            }
            case Action.Claim c -> {
                if (tx == null || belief == null) {
                    return skip(worker, tx == null ? "has no transaction open" : "holds no lease", "claim");
                }
                if (!inItsTransaction(tx, belief.key())) {
                    return skip(worker, "has a transaction open on " + tx.keys().first(), "claim of " + belief.key());
                }
                return new Planned("claim " + belief.key() + " token " + belief.token(),
                        new JobCommand.Claim(worker, belief.key(), belief.token()), () -> s.jobs.claim(belief.key(), belief.token()));
            }
            case Action.BusinessRow b -> {
                if (tx == null) {
                    return skip(worker, "has no transaction open", "business row");
                }
                return new Planned("business row " + b.resultId() + " \"" + b.payload() + "\"",
                        new JobCommand.BusinessRow(worker, b.resultId(), b.payload()), () -> s.jobs.businessRow(b.resultId(), b.payload()));
            }
            case Action.OutboxRow o -> {
                if (tx == null) {
                    return skip(worker, "has no transaction open", "outbox row");
                }
                return new Planned("outbox row " + o.resultId() + " \"" + o.payload() + "\"",
                        new JobCommand.OutboxRow(worker, o.resultId(), o.payload()), () -> s.jobs.outboxRow(o.resultId(), o.payload()));
            }
            case Action.Commit c -> {
                if (tx == null) {
                    return skip(worker, "has no transaction open", "commit");
                }
                return new Planned("commit", new JobCommand.Commit(worker), s.jobs::commit);
            }
            case Action.Rollback r -> {
                if (tx == null) {
                    return skip(worker, "has no transaction open", "rollback");
                }
                return new Planned("rollback", new JobCommand.Rollback(worker), s.jobs::rollback);
            }
        }
    }

    /**
     * Whether a lease operation runs inside its worker's open transaction: only for an implementation with a job
     * transaction of its own (its {@code jobClient}), whose calls run in the transaction it controls. For a lease-only
     * implementation the transaction is the runner's frame around rolled-back writes, which a library that opens
     * transactions of its own (a lock library on Spring's transaction manager) cannot join.
     */
    private boolean leaseOperationsJoinTransactions() {
        return st.runner.protocol().hasJobTransaction();
    }

    /**
     * Whether a statement on {@code key} keeps the worker's transaction to one job key, as the model requires: no
     * transaction, one that touched nothing yet, or one that touched that key (an acquire inside a transaction may
     * hand the worker another key than the one it began with).
     */
    private static boolean inItsTransaction(Transaction tx, String key) {
        return tx == null || tx.keys().isEmpty() || tx.keys().contains(key);
    }

    private Planned skip(String worker, String why, String what) {
        st.noOp(worker, worker + " " + why + ": " + what + " skipped");
        return null;
    }

    /** The worker sends again, as the same owner, the statement on its own whose answer never came. */
    private Planned retry(String worker, boolean inTransaction, Session s) {
        JobCommand again = knows.unanswered().get(worker);
        if (again == null) {
            return skip(worker, "has no statement with an unknown outcome", "retry");
        }
        if (inTransaction && again instanceof JobCommand.LeaseOperation) {
            // a lease operation is a statement on its own: it waits until the worker's transaction is over
            return skip(worker, "has a transaction open", "retry of " + Describe.command(((JobCommand.LeaseOperation) again).command()));
        }
        knows = knows.unanswered(worker, null);
        UUID owner = owner(worker);
        long ttl = st.trace.leaseTtl();
        return switch (again) {
            case JobCommand.LeaseOperation op -> new Planned("retry: " + Describe.command(op.command()), op, switch (op.command()) {
                case Command.Acquire a -> () -> new JobOutcome.Answered(s.lease.acquire(a.key(), owner, ttl));
                case Command.Renew n -> () -> new JobOutcome.Answered(s.lease.renew(n.key(), owner, n.token(), ttl));
                case Command.Release n -> () -> new JobOutcome.Answered(s.lease.release(n.key(), owner, n.token()));
                default -> throw new IllegalStateException("not a lease operation: " + op.command());
            });
            case JobCommand.Write w -> {
                Command.Write write = w.write();
                String sent = st.runner.protocol().retryResultId(write.resultId());
                yield new Planned("retry: " + Describe.command(write) + (sent.equals(write.resultId()) ? ""
                        : " (the worker sends result id " + sent + ")"), w, () -> new JobOutcome.Answered(
                        s.lease.write(write.sink(), write.key(), write.token(), sent, write.payload())));
            }
            default -> skip(worker, "lost the answer to a statement inside a transaction, which is not retried", "retry");
        };
    }

    /** The token a write carries: the believed one, one above the key's latest grant, or another key's latest grant. */
    private Long token(TokenSource source, Belief belief) {
        return switch (source) {
            case HELD -> belief.token();
            case ABOVE_FENCE -> {
                Lease lease = st.state().committed().key(belief.key()).lease();
                yield (lease == null ? 0 : lease.token()) + 1;
            }
            case OTHER_KEY -> st.state().committed().keys().entrySet().stream()
                    .filter(e -> !e.getKey().equals(belief.key()) && e.getValue().lease() != null)
                    .map(e -> e.getValue().lease().token()).max(Long::compare).orElse(null);
        };
    }

    private UUID owner(String worker) {
        return owners.computeIfAbsent(worker, w -> {
            // the implementation is asked for the worker's role (w1), whichever incarnation (w1.2) now plays it
            UUID owner = st.runner.protocol().newOwner(w.replaceFirst("\\..*", ""));
            observer.reader().owner(owner, w);
            return owner;
        });
    }

    /** The key a statement touches: its own, the key of the session's transaction, or the key the worker believes it holds. */
    String keyOf(JobState seen, String session, JobCommand command) {
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
                Belief belief = knows.belief(session);
                yield belief == null ? null : belief.key();
            }
        };
    }
}
