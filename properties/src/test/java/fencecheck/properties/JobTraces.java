package fencecheck.properties;

import fencecheck.model.SinkKind;
import fencecheck.trace.JobAction;
import fencecheck.trace.NetworkFault;
import fencecheck.trace.TokenSource;
import fencecheck.trace.JobStep;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

import java.util.ArrayList;
import java.util.List;

/**
 * Generators of job traces: whole job transactions (begin, claim, business
 * row, outbox row, commit or rollback) and fenced writes inside transactions,
 * with other sessions' steps placed between any two of their statements,
 * biased toward what makes a statement wait: a takeover of the key while the
 * job is open. The relay delivers, crashes before marking, and delivers again.
 * Fragments keep a job's statements together so shrinking drops whole pieces.
 */
final class JobTraces {

    private JobTraces() {
    }

    static Arbitrary<List<JobStep>> jobTraces() {
        return fragment().list().ofMinSize(1).ofMaxSize(10)
                .map(fragments -> fragments.stream().flatMap(List::stream).toList());
    }

    @SuppressWarnings("unchecked")
    static Arbitrary<List<JobStep>> fragment() {
        return Arbitraries.frequencyOf(
                Tuple.of(4, acquire().map(List::of)),
                Tuple.of(10, job()),
                Tuple.of(8, deliveredJob()),
                Tuple.of(3, jobWithATakeoverWaiting(false)),
                Tuple.of(3, jobWithATakeoverWaiting(true)),
                Tuple.of(4, writeInTransactionThenEnd()),
                Tuple.of(3, writeWithATakeover()),
                Tuple.of(3, takeover()),
                Tuple.of(2, clockToExpiry().map(List::of)),
                Tuple.of(6, relay().map(List::of)),
                Tuple.of(3, write().map(List::of)),
                Tuple.of(2, renew().map(List::of)),
                Tuple.of(2, release().map(List::of)),
                Tuple.of(4, forgedWriteAfterAGrant()),
                Tuple.of(5, restartDuringAJob()),
                Tuple.of(4, pauseDuringAJob()),
                Tuple.of(2, lostReceiptOfANewGrant()),
                Tuple.of(4, grantThenRelease()));
    }

    static Arbitrary<String> worker() {
        return Arbitraries.frequency(Tuple.of(5, "w1"), Tuple.of(5, "w2"), Tuple.of(2, "w3"));
    }

    static Arbitrary<String> key() {
        return Arbitraries.frequency(Tuple.of(5, "K1"), Tuple.of(1, "K2"));
    }

    static Arbitrary<String> resultId() {
        return Arbitraries.of("r1", "r2");
    }

    /** Jobs and the other fragments, with requests and answers of job statements lost in the network. */
    @SuppressWarnings("unchecked")
    static Arbitrary<List<JobStep>> withNetworkFaults() {
        return Arbitraries.frequencyOf(Tuple.of(4, jobWithALostMessage()), Tuple.of(3, fragment()),
                        Tuple.of(4, writeHeldPastATakeover()), Tuple.of(4, lostAnswerThenRetry()), Tuple.of(3, resetInsideAJob()),
                        Tuple.of(4, duplicatedWrite()), Tuple.of(4, coordinatorRestartBeforeATakeover()),
                        Tuple.of(2, lostAnswerToACommit()))
                .list().ofMinSize(1).ofMaxSize(5)
                .map(fragments -> fragments.stream().flatMap(List::stream).toList());
    }

    /** The network holds a holder's write while its lease runs out and another worker takes over; then it arrives. */
    static Arbitrary<List<JobStep>> writeHeldPastATakeover() {
        return Combinators.combine(HOLDER_AND_OTHER, key(), writeInTransaction()).as((pair, k, w) -> List.of(
                new JobStep(JobStep.CLOCK, new JobAction.AdvanceToExpiry(k, 1)),
                new JobStep(pair.get(0), new JobAction.Acquire(k)),
                new JobStep(JobStep.NEMESIS, new JobAction.Network(pair.get(0), NetworkFault.DELAYED)),
                new JobStep(pair.get(0), w),
                new JobStep(JobStep.CLOCK, new JobAction.AdvanceToExpiry(k, 1)),
                new JobStep(pair.get(1), new JobAction.Acquire(k)),
                new JobStep(JobStep.NEMESIS, new JobAction.Deliver(pair.get(0)))));
    }

    /** A statement on its own (a grant or a write) loses its request or its answer, and the worker retries it. */
    static Arbitrary<List<JobStep>> lostAnswerThenRetry() {
        Arbitrary<NetworkFault> fault = Arbitraries.of(NetworkFault.REQUEST_LOST, NetworkFault.RESPONSE_LOST);
        Arbitrary<Boolean> grant = Arbitraries.of(true, false);
        return Combinators.combine(worker(), key(), fault, grant, writeInTransaction()).as((w, k, f, g, write) -> {
            List<JobStep> steps = new ArrayList<>(List.of(new JobStep(JobStep.CLOCK, new JobAction.AdvanceToExpiry(k, 1))));
            if (!g) {
                steps.add(new JobStep(w, new JobAction.Acquire(k)));
            }
            steps.add(new JobStep(JobStep.NEMESIS, new JobAction.Network(w, f)));
            steps.add(new JobStep(w, g ? new JobAction.Acquire(k) : write));
            steps.add(new JobStep(w, new JobAction.Retry()));
            return steps;
        });
    }

    /** The answer to a job's COMMIT is lost while a takeover waits for the job: the job committed all the same. */
    static Arbitrary<List<JobStep>> lostAnswerToACommit() {
        return Combinators.combine(HOLDER_AND_OTHER, key()).as((pair, k) -> List.of(
                new JobStep(JobStep.CLOCK, new JobAction.AdvanceToExpiry(k, 1)),
                new JobStep(pair.get(0), new JobAction.Acquire(k)),
                new JobStep(pair.get(0), new JobAction.Begin()),
                new JobStep(pair.get(0), new JobAction.Claim()),
                new JobStep(pair.get(0), new JobAction.BusinessRow("r1", "done")),
                new JobStep(JobStep.CLOCK, new JobAction.AdvanceToExpiry(k, 1)),
                new JobStep(pair.get(1), new JobAction.Acquire(k)),
                new JobStep(JobStep.NEMESIS, new JobAction.Network(pair.get(0), NetworkFault.RESPONSE_LOST)),
                new JobStep(pair.get(0), new JobAction.Commit())));
    }

    /** The connection is reset right after a statement of a job: the job's transaction is gone. */
    static Arbitrary<List<JobStep>> resetInsideAJob() {
        return Combinators.combine(worker(), key()).as((w, k) -> List.of(
                new JobStep(JobStep.CLOCK, new JobAction.AdvanceToExpiry(k, 1)),
                new JobStep(w, new JobAction.Acquire(k)),
                new JobStep(w, new JobAction.Begin()),
                new JobStep(w, new JobAction.Claim()),
                new JobStep(JobStep.NEMESIS, new JobAction.Network(w, NetworkFault.CONNECTION_RESET)),
                new JobStep(w, new JobAction.BusinessRow("r1", "done")),
                new JobStep(w, new JobAction.Commit())));
    }

    /** A holder's write, with the token it holds, reaches the database twice. */
    static Arbitrary<List<JobStep>> duplicatedWrite() {
        return Combinators.combine(worker(), key(), writeInTransaction()).as((w, k, write) -> List.of(
                new JobStep(JobStep.CLOCK, new JobAction.AdvanceToExpiry(k, 1)),
                new JobStep(w, new JobAction.Acquire(k)),
                new JobStep(w, write),
                new JobStep(JobStep.NEMESIS, new JobAction.Duplicate(w))));
    }

    /** The coordinator restarts between a grant and the next one: the token sequence must go on. */
    static Arbitrary<List<JobStep>> coordinatorRestartBeforeATakeover() {
        return Combinators.combine(HOLDER_AND_OTHER, key()).as((pair, k) -> List.of(
                new JobStep(pair.get(0), new JobAction.Acquire(k)),
                new JobStep(JobStep.NEMESIS, new JobAction.RestartCoordinator()),
                new JobStep(JobStep.CLOCK, new JobAction.AdvanceToExpiry(k, 1)),
                new JobStep(pair.get(1), new JobAction.Acquire(k))));
    }

    /**
     * A job one of whose statements (the claim, a row, the COMMIT) loses its
     * request or its answer, often while a takeover waits for the job: the
     * client drops its connection, so the job rolls back, unless it was the
     * COMMIT's answer that was lost and the job committed all the same.
     */
    static Arbitrary<List<JobStep>> jobWithALostMessage() {
        Arbitrary<NetworkFault> fault = Arbitraries.of(NetworkFault.REQUEST_LOST, NetworkFault.RESPONSE_LOST);
        Arbitrary<Integer> at = Arbitraries.integers().between(0, 3);
        Arbitrary<Boolean> takeoverWaits = Arbitraries.frequency(Tuple.of(2, true), Tuple.of(1, false));
        return Combinators.combine(HOLDER_AND_OTHER, key(), fault, at, takeoverWaits).as((pair, k, f, i, waits) -> {
            String holder = pair.get(0);
            List<JobStep> job = new ArrayList<>(List.of(
                    new JobStep(holder, new JobAction.Claim()),
                    new JobStep(holder, new JobAction.BusinessRow("r1", "done")),
                    new JobStep(holder, new JobAction.OutboxRow("r1", "done")),
                    new JobStep(holder, new JobAction.Commit())));
            job.add(i, new JobStep(JobStep.NEMESIS, new JobAction.Network(holder, f)));
            if (waits) {
                job.add(1 + (i == 0 ? 1 : 0), new JobStep(pair.get(1), new JobAction.Acquire(k)));
                job.add(1 + (i == 0 ? 1 : 0), new JobStep(JobStep.CLOCK, new JobAction.AdvanceToExpiry(k, 1)));
            }
            List<JobStep> steps = new ArrayList<>(List.of(
                    new JobStep(JobStep.CLOCK, new JobAction.AdvanceToExpiry(k, 1)),
                    new JobStep(holder, new JobAction.Acquire(k)),
                    new JobStep(holder, new JobAction.Begin())));
            steps.addAll(job);
            steps.add(new JobStep(JobStep.RELAY, new JobAction.Relay(false)));
            return steps;
        });
    }

    /**
     * Jobs and takeovers, then the database crashes while a job is open and
     * (often) a takeover waits for it, then more jobs: the open job's
     * transaction and the waiting statement vanish with the crash.
     */
    static Arbitrary<List<JobStep>> oneCrashAmidJobs() {
        Arbitrary<List<JobStep>> before = fragment().list().ofMaxSize(3).map(f -> f.stream().flatMap(List::stream).toList());
        Arbitrary<List<JobStep>> after = fragment().list().ofMaxSize(3).map(f -> f.stream().flatMap(List::stream).toList());
        Arbitrary<Boolean> takeoverWaits = Arbitraries.frequency(Tuple.of(3, true), Tuple.of(1, false));
        Arbitrary<List<String>> holderAndOther = Arbitraries.of(List.of("w1", "w2"), List.of("w2", "w1"), List.of("w1", "w3"),
                List.of("w3", "w2"));
        return Combinators.combine(before, holderAndOther, key(), takeoverWaits, after)
                .as((b, pair, k, waits, a) -> {
                    String holder = pair.get(0);
                    String other = pair.get(1);
                    List<JobStep> steps = new ArrayList<>(b);
                    steps.addAll(List.of(
                            new JobStep(JobStep.CLOCK, new JobAction.AdvanceToExpiry(k, 1)),
                            new JobStep(holder, new JobAction.Acquire(k)),
                            new JobStep(holder, new JobAction.Begin()),
                            new JobStep(holder, new JobAction.Claim()),
                            new JobStep(holder, new JobAction.BusinessRow("r1", "done"))));
                    if (waits) {
                        steps.add(new JobStep(JobStep.CLOCK, new JobAction.AdvanceToExpiry(k, 1)));
                        steps.add(new JobStep(other, new JobAction.Acquire(k)));
                    }
                    steps.add(new JobStep(JobStep.NEMESIS, new JobAction.CrashDatabase()));
                    steps.add(new JobStep(holder, new JobAction.Commit()));
                    steps.addAll(a);
                    return steps;
                });
    }

    /** Sometimes the grant's answer is lost on its way back: the worker keeps believing what it did. */
    static Arbitrary<JobStep> acquire() {
        return Combinators.combine(worker(), key(), Arbitraries.frequency(Tuple.of(2, false), Tuple.of(1, true)))
                .as((w, k, lost) -> new JobStep(w, new JobAction.Acquire(k, lost)));
    }

    static Arbitrary<JobStep> renew() {
        return worker().map(w -> new JobStep(w, new JobAction.Renew()));
    }

    /** Either sink; mostly with the believed token, sometimes a forged one (above the fence) or another key's. */
    static Arbitrary<JobAction.Write> writeAction() {
        Arbitrary<SinkKind> sink = Arbitraries.frequency(Tuple.of(2, SinkKind.CURRENT_FENCE), Tuple.of(1, SinkKind.LATEST_TOKEN_WINS));
        Arbitrary<TokenSource> token = Arbitraries.frequency(
                Tuple.of(7, TokenSource.HELD), Tuple.of(2, TokenSource.ABOVE_FENCE), Tuple.of(2, TokenSource.OTHER_KEY));
        return Combinators.combine(sink, token, resultId(), Arbitraries.of(Traces.PAYLOADS)).as(JobAction.Write::new);
    }

    static Arbitrary<JobStep> write() {
        return Combinators.combine(worker(), writeAction()).as(JobStep::new);
    }

    /** A worker that holds a grant writes with a token no grant gave it: one above the fence, or another key's. */
    static Arbitrary<List<JobStep>> forgedWriteAfterAGrant() {
        Arbitrary<TokenSource> forged = Arbitraries.of(TokenSource.ABOVE_FENCE, TokenSource.OTHER_KEY);
        Arbitrary<SinkKind> sink = Arbitraries.of(SinkKind.class);
        return Combinators.combine(worker(), key(), sink, forged, resultId()).as((w, k, s, t, r) -> List.of(
                new JobStep(w, new JobAction.Acquire(k)),
                new JobStep(w, new JobAction.Write(s, t, r, "forged"))));
    }

    private static final Arbitrary<List<String>> HOLDER_AND_OTHER = Arbitraries.of(List.of("w1", "w2"), List.of("w2", "w1"),
            List.of("w1", "w3"), List.of("w3", "w2"));

    /**
     * A worker restarts in the middle of its job. Its old incarnation is dead
     * (its transaction rolls back and the takeover goes through) or a zombie
     * that still holds the job open: the takeover waits, and the zombie may wake
     * up and finish what it began under its old token.
     */
    static Arbitrary<List<JobStep>> restartDuringAJob() {
        Arbitrary<Boolean> zombie = Arbitraries.frequency(Tuple.of(2, true), Tuple.of(1, false));
        Arbitrary<Boolean> commits = Arbitraries.frequency(Tuple.of(2, true), Tuple.of(1, false));
        return Combinators.combine(HOLDER_AND_OTHER, key(), zombie, commits).as((pair, k, z, commit) -> {
            String holder = pair.get(0);
            String zombieName = "z" + holder.substring(1);
            List<JobStep> steps = new ArrayList<>(List.of(
                    new JobStep(JobStep.CLOCK, new JobAction.AdvanceToExpiry(k, 1)),
                    new JobStep(holder, new JobAction.Acquire(k)),
                    new JobStep(holder, new JobAction.Begin()),
                    new JobStep(holder, new JobAction.Claim()),
                    new JobStep(JobStep.NEMESIS, new JobAction.Restart(holder, z)),
                    new JobStep(JobStep.CLOCK, new JobAction.AdvanceToExpiry(k, 1)),
                    new JobStep(pair.get(1), new JobAction.Acquire(k))));
            if (z) {
                steps.add(new JobStep(JobStep.NEMESIS, new JobAction.Resume(zombieName)));
                steps.add(new JobStep(zombieName, new JobAction.BusinessRow("r1", "late")));
                steps.add(new JobStep(zombieName, commit ? new JobAction.Commit() : new JobAction.Rollback()));
            }
            return steps;
        });
    }

    /** A worker pauses with its job open while its lease runs out and another worker tries to take over, then resumes. */
    static Arbitrary<List<JobStep>> pauseDuringAJob() {
        Arbitrary<Boolean> commits = Arbitraries.frequency(Tuple.of(2, true), Tuple.of(1, false));
        return Combinators.combine(HOLDER_AND_OTHER, key(), commits).as((pair, k, commit) -> List.of(
                new JobStep(JobStep.CLOCK, new JobAction.AdvanceToExpiry(k, 1)),
                new JobStep(pair.get(0), new JobAction.Acquire(k)),
                new JobStep(pair.get(0), new JobAction.Begin()),
                new JobStep(pair.get(0), new JobAction.Claim()),
                new JobStep(JobStep.NEMESIS, new JobAction.Pause(pair.get(0))),
                new JobStep(JobStep.CLOCK, new JobAction.AdvanceToExpiry(k, 1)),
                new JobStep(pair.get(1), new JobAction.Acquire(k)),
                new JobStep(pair.get(0), new JobAction.BusinessRow("r1", "done")),
                new JobStep(JobStep.NEMESIS, new JobAction.Resume(pair.get(0))),
                new JobStep(pair.get(0), commit ? new JobAction.Commit() : new JobAction.Rollback())));
    }

    /** The holder's lease runs out, it acquires again and gets a new token, but the answer is lost: it works on with the old one. */
    static Arbitrary<List<JobStep>> lostReceiptOfANewGrant() {
        return Combinators.combine(worker(), key()).as((w, k) -> List.of(
                new JobStep(w, new JobAction.Acquire(k)),
                new JobStep(JobStep.CLOCK, new JobAction.AdvanceToExpiry(k, 1)),
                new JobStep(w, new JobAction.Acquire(k, true)),
                new JobStep(w, new JobAction.Begin()),
                new JobStep(w, new JobAction.Claim()),
                new JobStep(w, new JobAction.Commit())));
    }

    static Arbitrary<List<JobStep>> grantThenRelease() {
        return Combinators.combine(worker(), key()).as((w, k) -> List.of(
                new JobStep(w, new JobAction.Acquire(k)),
                new JobStep(w, new JobAction.Release())));
    }

    static Arbitrary<JobStep> release() {
        return worker().map(w -> new JobStep(w, new JobAction.Release()));
    }

    static Arbitrary<JobStep> clockToExpiry() {
        return Combinators.combine(key(), Arbitraries.of(1L, 0L, -1L))
                .as((k, d) -> new JobStep(JobStep.CLOCK, new JobAction.AdvanceToExpiry(k, d)));
    }

    static Arbitrary<JobStep> relay() {
        return Arbitraries.frequency(
                Tuple.of(3, new JobStep(JobStep.RELAY, new JobAction.Relay(false))),
                Tuple.of(3, new JobStep(JobStep.RELAY, new JobAction.Relay(true))),
                Tuple.of(2, new JobStep(JobStep.RELAY, new JobAction.Redeliver())));
    }

    /** The lease expires and another worker takes the key over: what a waiting statement waits for, or races with. */
    static Arbitrary<List<JobStep>> takeover() {
        return Combinators.combine(worker(), key(), Arbitraries.of(1L, 0L))
                .as((w, k, d) -> List.of(new JobStep(JobStep.CLOCK, new JobAction.AdvanceToExpiry(k, d)),
                        new JobStep(w, new JobAction.Acquire(k))));
    }

    /** Another session's step placed inside an open transaction. */
    @SuppressWarnings("unchecked")
    static Arbitrary<List<JobStep>> interposed() {
        return Arbitraries.frequencyOf(
                Tuple.of(6, Arbitraries.just(List.<JobStep>of())),
                Tuple.of(4, takeover()),
                Tuple.of(2, acquire().map(List::of)),
                Tuple.of(1, renew().map(List::of)),
                Tuple.of(1, write().map(List::of)),
                Tuple.of(1, release().map(List::of)),
                Tuple.of(1, clockToExpiry().map(List::of)),
                Tuple.of(1, relay().map(List::of)));
    }

    /** Article A's job: claim, business row, outbox row, then commit or roll back; often after its own grant. */
    static Arbitrary<List<JobStep>> job() {
        Arbitrary<Boolean> grantFirst = Arbitraries.frequency(Tuple.of(3, true), Tuple.of(1, false));
        Arbitrary<Boolean> commits = Arbitraries.frequency(Tuple.of(2, true), Tuple.of(1, false));
        Arbitrary<Boolean> withBusinessRow = Arbitraries.frequency(Tuple.of(3, true), Tuple.of(1, false));
        return Combinators.combine(worker(), key(), resultId(), grantFirst, commits, withBusinessRow,
                        interposed().list().ofSize(4))
                .as((w, k, r, grant, commit, business, between) -> {
                    List<JobStep> steps = new ArrayList<>();
                    if (grant) {
                        steps.add(new JobStep(w, new JobAction.Acquire(k)));
                    }
                    steps.add(new JobStep(w, new JobAction.Begin()));
                    steps.addAll(between.get(0));
                    steps.add(new JobStep(w, new JobAction.Claim()));
                    steps.addAll(between.get(1));
                    if (business) {
                        steps.add(new JobStep(w, new JobAction.BusinessRow(r, "done")));
                    }
                    steps.addAll(between.get(2));
                    steps.add(new JobStep(w, new JobAction.OutboxRow(r, "done")));
                    steps.addAll(between.get(3));
                    steps.add(new JobStep(w, commit ? new JobAction.Commit() : new JobAction.Rollback()));
                    return steps;
                });
    }

    /**
     * A job ends while a takeover waits for its claim: the waiter goes on at the
     * commit or the rollback. It starts after any earlier lease of the key expired.
     */
    static Arbitrary<List<JobStep>> jobWithATakeoverWaiting(boolean commits) {
        return Combinators.combine(worker(), worker(), key()).as((holder, other, k) -> List.of(
                new JobStep(JobStep.CLOCK, new JobAction.AdvanceToExpiry(k, 1)),
                new JobStep(holder, new JobAction.Acquire(k)),
                new JobStep(holder, new JobAction.Begin()),
                new JobStep(holder, new JobAction.Claim()),
                new JobStep(JobStep.CLOCK, new JobAction.AdvanceToExpiry(k, 1)),
                new JobStep(other, new JobAction.Acquire(k)),
                new JobStep(holder, new JobAction.OutboxRow("r1", "done")),
                new JobStep(holder, commits ? new JobAction.Commit() : new JobAction.Rollback())));
    }

    /** A job that commits, then the relay: at least once, so sometimes twice. It starts after any earlier lease of the key expired. */
    static Arbitrary<List<JobStep>> deliveredJob() {
        Arbitrary<List<JobStep>> deliveries = relay().list().ofMinSize(2).ofMaxSize(3);
        return Combinators.combine(worker(), key(), resultId(), deliveries).as((w, k, r, relayed) -> {
            List<JobStep> steps = new ArrayList<>(List.of(
                    new JobStep(JobStep.CLOCK, new JobAction.AdvanceToExpiry(k, 1)),
                    new JobStep(w, new JobAction.Acquire(k)),
                    new JobStep(w, new JobAction.Begin()),
                    new JobStep(w, new JobAction.Claim()),
                    new JobStep(w, new JobAction.OutboxRow(r, "done")),
                    new JobStep(w, new JobAction.Commit())));
            steps.addAll(relayed);
            return steps;
        });
    }

    /**
     * A takeover comes while a fenced write's transaction is open: the write's
     * lock must hold the fence (the takeover waits), or the write must not
     * commit under the old token.
     */
    static Arbitrary<List<JobStep>> writeWithATakeover() {
        Arbitrary<Boolean> commits = Arbitraries.frequency(Tuple.of(3, true), Tuple.of(1, false));
        return Combinators.combine(worker(), worker(), key(), writeInTransaction(), commits).as((holder, other, k, w, commit) -> List.of(
                new JobStep(JobStep.CLOCK, new JobAction.AdvanceToExpiry(k, 1)),
                new JobStep(holder, new JobAction.Acquire(k)),
                new JobStep(holder, new JobAction.Begin()),
                new JobStep(holder, w),
                new JobStep(JobStep.CLOCK, new JobAction.AdvanceToExpiry(k, 1)),
                new JobStep(other, new JobAction.Acquire(k)),
                new JobStep(holder, commit ? new JobAction.Commit() : new JobAction.Rollback())));
    }

    /** A write with the believed token inside a transaction, to either sink: it holds the grant it read until the end. */
    static Arbitrary<JobAction.Write> writeInTransaction() {
        return Combinators.combine(Arbitraries.of(SinkKind.CURRENT_FENCE, SinkKind.LATEST_TOKEN_WINS),
                resultId()).as((sink, r) -> new JobAction.Write(sink, TokenSource.HELD, r, "done"));
    }

    /** A write inside a transaction: its FOR SHARE lock holds the grant until the end. */
    static Arbitrary<List<JobStep>> writeInTransactionThenEnd() {
        Arbitrary<Boolean> commits = Arbitraries.frequency(Tuple.of(3, true), Tuple.of(1, false));
        return Combinators.combine(worker(), key(), writeInTransaction(), commits, interposed().list().ofSize(2))
                .as((w, k, write, commit, between) -> {
                    List<JobStep> steps = new ArrayList<>();
                    steps.add(new JobStep(w, new JobAction.Acquire(k)));
                    steps.add(new JobStep(w, new JobAction.Begin()));
                    steps.addAll(between.get(0));
                    steps.add(new JobStep(w, write));
                    steps.addAll(between.get(1));
                    steps.add(new JobStep(w, commit ? new JobAction.Commit() : new JobAction.Rollback()));
                    return steps;
                });
    }
}
