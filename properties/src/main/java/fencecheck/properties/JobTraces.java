package fencecheck.properties;

import fencecheck.api.SinkKind;
import fencecheck.trace.Action;
import fencecheck.trace.NetworkFault;
import fencecheck.trace.Step;
import fencecheck.trace.TokenSource;
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

    static Arbitrary<List<Step>> jobTraces() {
        return fragment().list().ofMinSize(1).ofMaxSize(10)
                .map(fragments -> fragments.stream().flatMap(List::stream).toList());
    }

    @SuppressWarnings("unchecked")
    static Arbitrary<List<Step>> fragment() {
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
                Tuple.of(4, grantThenRelease()),
                Tuple.of(3, Traces.splitOperation()));
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
    static Arbitrary<List<Step>> withNetworkFaults() {
        return Arbitraries.frequencyOf(Tuple.of(4, jobWithALostMessage()), Tuple.of(3, fragment()),
                        Tuple.of(4, writeHeldPastATakeover()), Tuple.of(4, lostAnswerThenRetry()), Tuple.of(5, resetInsideAJob()),
                        Tuple.of(4, duplicatedWrite()), Tuple.of(4, coordinatorRestartBeforeATakeover()),
                        Tuple.of(4, lostAnswerToACommit()))
                .list().ofMinSize(1).ofMaxSize(5)
                .map(fragments -> fragments.stream().flatMap(List::stream).toList());
    }

    /** The network holds a holder's write while its lease runs out and another worker takes over; then it arrives. */
    static Arbitrary<List<Step>> writeHeldPastATakeover() {
        return Combinators.combine(HOLDER_AND_OTHER, key(), writeInTransaction()).as((pair, k, w) -> List.of(
                new Step(Step.CLOCK, new Action.AdvanceToExpiry(k, 1)),
                new Step(pair.get(0), new Action.Acquire(k)),
                new Step(Step.NEMESIS, new Action.Network(pair.get(0), NetworkFault.DELAYED)),
                new Step(pair.get(0), w),
                new Step(Step.CLOCK, new Action.AdvanceToExpiry(k, 1)),
                new Step(pair.get(1), new Action.Acquire(k)),
                new Step(Step.NEMESIS, new Action.Deliver(pair.get(0)))));
    }

    /** A statement on its own (a grant or a write) loses its request or its answer, and the worker retries it. */
    static Arbitrary<List<Step>> lostAnswerThenRetry() {
        Arbitrary<NetworkFault> fault = Arbitraries.of(NetworkFault.REQUEST_LOST, NetworkFault.RESPONSE_LOST);
        Arbitrary<Boolean> grant = Arbitraries.of(true, false);
        return Combinators.combine(worker(), key(), fault, grant, writeInTransaction()).as((w, k, f, g, write) -> {
            List<Step> steps = new ArrayList<>(List.of(new Step(Step.CLOCK, new Action.AdvanceToExpiry(k, 1))));
            if (!g) {
                steps.add(new Step(w, new Action.Acquire(k)));
            }
            steps.add(new Step(Step.NEMESIS, new Action.Network(w, f)));
            steps.add(new Step(w, g ? new Action.Acquire(k) : write));
            steps.add(new Step(w, new Action.Retry()));
            return steps;
        });
    }

    /** The answer to a job's COMMIT is lost while a takeover waits for the job: the job committed all the same. */
    static Arbitrary<List<Step>> lostAnswerToACommit() {
        return Combinators.combine(HOLDER_AND_OTHER, key()).as((pair, k) -> List.of(
                new Step(Step.CLOCK, new Action.AdvanceToExpiry(k, 1)),
                new Step(pair.get(0), new Action.Acquire(k)),
                new Step(pair.get(0), new Action.Begin()),
                new Step(pair.get(0), new Action.Claim()),
                new Step(pair.get(0), new Action.BusinessRow("r1", "done")),
                new Step(Step.CLOCK, new Action.AdvanceToExpiry(k, 1)),
                new Step(pair.get(1), new Action.Acquire(k)),
                new Step(Step.NEMESIS, new Action.Network(pair.get(0), NetworkFault.RESPONSE_LOST)),
                new Step(pair.get(0), new Action.Commit())));
    }

    /** The connection is reset right after a statement of a job: the job's transaction is gone. */
    static Arbitrary<List<Step>> resetInsideAJob() {
        return Combinators.combine(worker(), key()).as((w, k) -> List.of(
                new Step(Step.CLOCK, new Action.AdvanceToExpiry(k, 1)),
                new Step(w, new Action.Acquire(k)),
                new Step(w, new Action.Begin()),
                new Step(w, new Action.Claim()),
                new Step(Step.NEMESIS, new Action.Network(w, NetworkFault.CONNECTION_RESET)),
                new Step(w, new Action.BusinessRow("r1", "done")),
                new Step(w, new Action.Commit())));
    }

    /** A holder's write, with the token it holds, reaches the database twice. */
    static Arbitrary<List<Step>> duplicatedWrite() {
        return Combinators.combine(worker(), key(), writeInTransaction()).as((w, k, write) -> List.of(
                new Step(Step.CLOCK, new Action.AdvanceToExpiry(k, 1)),
                new Step(w, new Action.Acquire(k)),
                new Step(w, write),
                new Step(Step.NEMESIS, new Action.Duplicate(w))));
    }

    /** The coordinator restarts between a grant and the next one: the token sequence must go on. */
    static Arbitrary<List<Step>> coordinatorRestartBeforeATakeover() {
        return Combinators.combine(HOLDER_AND_OTHER, key()).as((pair, k) -> List.of(
                new Step(pair.get(0), new Action.Acquire(k)),
                new Step(Step.NEMESIS, new Action.RestartCoordinator()),
                new Step(Step.CLOCK, new Action.AdvanceToExpiry(k, 1)),
                new Step(pair.get(1), new Action.Acquire(k))));
    }

    /**
     * A job one of whose statements (the claim, a row, the COMMIT) loses its
     * request or its answer, often while a takeover waits for the job: the
     * client drops its connection, so the job rolls back, unless it was the
     * COMMIT's answer that was lost and the job committed all the same.
     */
    static Arbitrary<List<Step>> jobWithALostMessage() {
        Arbitrary<NetworkFault> fault = Arbitraries.of(NetworkFault.REQUEST_LOST, NetworkFault.RESPONSE_LOST);
        Arbitrary<Integer> at = Arbitraries.integers().between(0, 3);
        Arbitrary<Boolean> takeoverWaits = Arbitraries.frequency(Tuple.of(2, true), Tuple.of(1, false));
        return Combinators.combine(HOLDER_AND_OTHER, key(), fault, at, takeoverWaits).as((pair, k, f, i, waits) -> {
            String holder = pair.get(0);
            List<Step> job = new ArrayList<>(List.of(
                    new Step(holder, new Action.Claim()),
                    new Step(holder, new Action.BusinessRow("r1", "done")),
                    new Step(holder, new Action.OutboxRow("r1", "done")),
                    new Step(holder, new Action.Commit())));
            job.add(i, new Step(Step.NEMESIS, new Action.Network(holder, f)));
            if (waits) {
                job.add(1 + (i == 0 ? 1 : 0), new Step(pair.get(1), new Action.Acquire(k)));
                job.add(1 + (i == 0 ? 1 : 0), new Step(Step.CLOCK, new Action.AdvanceToExpiry(k, 1)));
            }
            List<Step> steps = new ArrayList<>(List.of(
                    new Step(Step.CLOCK, new Action.AdvanceToExpiry(k, 1)),
                    new Step(holder, new Action.Acquire(k)),
                    new Step(holder, new Action.Begin())));
            steps.addAll(job);
            steps.add(new Step(Step.RELAY, new Action.Relay(false)));
            return steps;
        });
    }

    /**
     * Jobs and takeovers, then the database crashes while a job is open and
     * (often) a takeover waits for it, then more jobs: the open job's
     * transaction and the waiting statement vanish with the crash.
     */
    static Arbitrary<List<Step>> oneCrashAmidJobs() {
        Arbitrary<List<Step>> before = fragment().list().ofMaxSize(3).map(f -> f.stream().flatMap(List::stream).toList());
        Arbitrary<List<Step>> after = fragment().list().ofMaxSize(3).map(f -> f.stream().flatMap(List::stream).toList());
        Arbitrary<Boolean> takeoverWaits = Arbitraries.frequency(Tuple.of(3, true), Tuple.of(1, false));
        Arbitrary<List<String>> holderAndOther = Arbitraries.of(List.of("w1", "w2"), List.of("w2", "w1"), List.of("w1", "w3"),
                List.of("w3", "w2"));
        return Combinators.combine(before, holderAndOther, key(), takeoverWaits, after)
                .as((b, pair, k, waits, a) -> {
                    String holder = pair.get(0);
                    String other = pair.get(1);
                    List<Step> steps = new ArrayList<>(b);
                    steps.addAll(List.of(
                            new Step(Step.CLOCK, new Action.AdvanceToExpiry(k, 1)),
                            new Step(holder, new Action.Acquire(k)),
                            new Step(holder, new Action.Begin()),
                            new Step(holder, new Action.Claim()),
                            new Step(holder, new Action.BusinessRow("r1", "done"))));
                    if (waits) {
                        steps.add(new Step(Step.CLOCK, new Action.AdvanceToExpiry(k, 1)));
                        steps.add(new Step(other, new Action.Acquire(k)));
                    }
                    steps.add(new Step(Step.NEMESIS, new Action.CrashDatabase()));
                    steps.add(new Step(holder, new Action.Commit()));
                    steps.addAll(a);
                    return steps;
                });
    }

    /** Sometimes the grant's answer is lost on its way back: the worker keeps believing what it did. */
    static Arbitrary<Step> acquire() {
        return Combinators.combine(worker(), key(), Arbitraries.frequency(Tuple.of(2, false), Tuple.of(1, true)))
                .as((w, k, lost) -> new Step(w, new Action.Acquire(k, lost)));
    }

    static Arbitrary<Step> renew() {
        return worker().map(w -> new Step(w, new Action.Renew()));
    }

    /** Either sink; mostly with the believed token, sometimes a forged one (above the fence) or another key's. */
    static Arbitrary<Action.Write> writeAction() {
        Arbitrary<SinkKind> sink = Arbitraries.frequency(Tuple.of(2, SinkKind.CURRENT_FENCE), Tuple.of(1, SinkKind.LATEST_TOKEN_WINS));
        Arbitrary<TokenSource> token = Arbitraries.frequency(
                Tuple.of(7, TokenSource.HELD), Tuple.of(2, TokenSource.ABOVE_FENCE), Tuple.of(2, TokenSource.OTHER_KEY));
        return Combinators.combine(sink, token, resultId(), Arbitraries.of(Traces.PAYLOADS)).as(Action.Write::new);
    }

    static Arbitrary<Step> write() {
        return Combinators.combine(worker(), writeAction()).as(Step::new);
    }

    /** A worker that holds a grant writes with a token no grant gave it: one above the fence, or another key's. */
    static Arbitrary<List<Step>> forgedWriteAfterAGrant() {
        Arbitrary<TokenSource> forged = Arbitraries.of(TokenSource.ABOVE_FENCE, TokenSource.OTHER_KEY);
        Arbitrary<SinkKind> sink = Arbitraries.of(SinkKind.class);
        return Combinators.combine(worker(), key(), sink, forged, resultId()).as((w, k, s, t, r) -> List.of(
                new Step(w, new Action.Acquire(k)),
                new Step(w, new Action.Write(s, t, r, "forged"))));
    }

    private static final Arbitrary<List<String>> HOLDER_AND_OTHER = Arbitraries.of(List.of("w1", "w2"), List.of("w2", "w1"),
            List.of("w1", "w3"), List.of("w3", "w2"));

    /**
     * A worker restarts in the middle of its job. Its old incarnation is dead
     * (its transaction rolls back and the takeover goes through) or a zombie
     * that still holds the job open: the takeover waits, and the zombie may wake
     * up and finish what it began under its old token.
     */
    static Arbitrary<List<Step>> restartDuringAJob() {
        Arbitrary<Boolean> zombie = Arbitraries.frequency(Tuple.of(2, true), Tuple.of(1, false));
        Arbitrary<Boolean> commits = Arbitraries.frequency(Tuple.of(2, true), Tuple.of(1, false));
        return Combinators.combine(HOLDER_AND_OTHER, key(), zombie, commits).as((pair, k, z, commit) -> {
            String holder = pair.get(0);
            String zombieName = "z" + holder.substring(1);
            List<Step> steps = new ArrayList<>(List.of(
                    new Step(Step.CLOCK, new Action.AdvanceToExpiry(k, 1)),
                    new Step(holder, new Action.Acquire(k)),
                    new Step(holder, new Action.Begin()),
                    new Step(holder, new Action.Claim()),
                    new Step(Step.NEMESIS, new Action.Restart(holder, z)),
                    new Step(Step.CLOCK, new Action.AdvanceToExpiry(k, 1)),
                    new Step(pair.get(1), new Action.Acquire(k))));
            if (z) {
                steps.add(new Step(Step.NEMESIS, new Action.Resume(zombieName)));
                steps.add(new Step(zombieName, new Action.BusinessRow("r1", "late")));
                steps.add(new Step(zombieName, commit ? new Action.Commit() : new Action.Rollback()));
            }
            return steps;
        });
    }

    /** A worker pauses with its job open while its lease runs out and another worker tries to take over, then resumes. */
    static Arbitrary<List<Step>> pauseDuringAJob() {
        Arbitrary<Boolean> commits = Arbitraries.frequency(Tuple.of(2, true), Tuple.of(1, false));
        return Combinators.combine(HOLDER_AND_OTHER, key(), commits).as((pair, k, commit) -> List.of(
                new Step(Step.CLOCK, new Action.AdvanceToExpiry(k, 1)),
                new Step(pair.get(0), new Action.Acquire(k)),
                new Step(pair.get(0), new Action.Begin()),
                new Step(pair.get(0), new Action.Claim()),
                new Step(Step.NEMESIS, new Action.Pause(pair.get(0))),
                new Step(Step.CLOCK, new Action.AdvanceToExpiry(k, 1)),
                new Step(pair.get(1), new Action.Acquire(k)),
                new Step(pair.get(0), new Action.BusinessRow("r1", "done")),
                new Step(Step.NEMESIS, new Action.Resume(pair.get(0))),
                new Step(pair.get(0), commit ? new Action.Commit() : new Action.Rollback())));
    }

    /** The holder's lease runs out, it acquires again and gets a new token, but the answer is lost: it works on with the old one. */
    static Arbitrary<List<Step>> lostReceiptOfANewGrant() {
        return Combinators.combine(worker(), key()).as((w, k) -> List.of(
                new Step(w, new Action.Acquire(k)),
                new Step(Step.CLOCK, new Action.AdvanceToExpiry(k, 1)),
                new Step(w, new Action.Acquire(k, true)),
                new Step(w, new Action.Begin()),
                new Step(w, new Action.Claim()),
                new Step(w, new Action.Commit())));
    }

    static Arbitrary<List<Step>> grantThenRelease() {
        return Combinators.combine(worker(), key()).as((w, k) -> List.of(
                new Step(w, new Action.Acquire(k)),
                new Step(w, new Action.Release())));
    }

    static Arbitrary<Step> release() {
        return worker().map(w -> new Step(w, new Action.Release()));
    }

    static Arbitrary<Step> clockToExpiry() {
        return Combinators.combine(key(), Arbitraries.of(1L, 0L, -1L))
                .as((k, d) -> new Step(Step.CLOCK, new Action.AdvanceToExpiry(k, d)));
    }

    static Arbitrary<Step> relay() {
        return Arbitraries.frequency(
                Tuple.of(3, new Step(Step.RELAY, new Action.Relay(false))),
                Tuple.of(3, new Step(Step.RELAY, new Action.Relay(true))),
                Tuple.of(2, new Step(Step.RELAY, new Action.Redeliver())));
    }

    /** The lease expires and another worker takes the key over: what a waiting statement waits for, or races with. */
    static Arbitrary<List<Step>> takeover() {
        return Combinators.combine(worker(), key(), Arbitraries.of(1L, 0L))
                .as((w, k, d) -> List.of(new Step(Step.CLOCK, new Action.AdvanceToExpiry(k, d)),
                        new Step(w, new Action.Acquire(k))));
    }

    /** Another session's step placed inside an open transaction. */
    @SuppressWarnings("unchecked")
    static Arbitrary<List<Step>> interposed() {
        return Arbitraries.frequencyOf(
                Tuple.of(6, Arbitraries.just(List.<Step>of())),
                Tuple.of(4, takeover()),
                Tuple.of(2, acquire().map(List::of)),
                Tuple.of(1, renew().map(List::of)),
                Tuple.of(1, write().map(List::of)),
                Tuple.of(1, release().map(List::of)),
                Tuple.of(1, clockToExpiry().map(List::of)),
                Tuple.of(1, relay().map(List::of)));
    }

    /** Article A's job: claim, business row, outbox row, then commit or roll back; often after its own grant. */
    static Arbitrary<List<Step>> job() {
        Arbitrary<Boolean> grantFirst = Arbitraries.frequency(Tuple.of(3, true), Tuple.of(1, false));
        Arbitrary<Boolean> commits = Arbitraries.frequency(Tuple.of(2, true), Tuple.of(1, false));
        Arbitrary<Boolean> withBusinessRow = Arbitraries.frequency(Tuple.of(3, true), Tuple.of(1, false));
        return Combinators.combine(worker(), key(), resultId(), grantFirst, commits, withBusinessRow,
                        interposed().list().ofSize(4))
                .as((w, k, r, grant, commit, business, between) -> {
                    List<Step> steps = new ArrayList<>();
                    if (grant) {
                        steps.add(new Step(w, new Action.Acquire(k)));
                    }
                    steps.add(new Step(w, new Action.Begin()));
                    steps.addAll(between.get(0));
                    steps.add(new Step(w, new Action.Claim()));
                    steps.addAll(between.get(1));
                    if (business) {
                        steps.add(new Step(w, new Action.BusinessRow(r, "done")));
                    }
                    steps.addAll(between.get(2));
                    steps.add(new Step(w, new Action.OutboxRow(r, "done")));
                    steps.addAll(between.get(3));
                    steps.add(new Step(w, commit ? new Action.Commit() : new Action.Rollback()));
                    return steps;
                });
    }

    /**
     * A job ends while a takeover waits for its claim: the waiter goes on at the
     * commit or the rollback. It starts after any earlier lease of the key expired.
     */
    static Arbitrary<List<Step>> jobWithATakeoverWaiting(boolean commits) {
        return Combinators.combine(worker(), worker(), key()).as((holder, other, k) -> List.of(
                new Step(Step.CLOCK, new Action.AdvanceToExpiry(k, 1)),
                new Step(holder, new Action.Acquire(k)),
                new Step(holder, new Action.Begin()),
                new Step(holder, new Action.Claim()),
                new Step(Step.CLOCK, new Action.AdvanceToExpiry(k, 1)),
                new Step(other, new Action.Acquire(k)),
                new Step(holder, new Action.OutboxRow("r1", "done")),
                new Step(holder, commits ? new Action.Commit() : new Action.Rollback())));
    }

    /** A job that commits, then the relay: at least once, so sometimes twice. It starts after any earlier lease of the key expired. */
    static Arbitrary<List<Step>> deliveredJob() {
        Arbitrary<List<Step>> deliveries = relay().list().ofMinSize(2).ofMaxSize(3);
        return Combinators.combine(worker(), key(), resultId(), deliveries).as((w, k, r, relayed) -> {
            List<Step> steps = new ArrayList<>(List.of(
                    new Step(Step.CLOCK, new Action.AdvanceToExpiry(k, 1)),
                    new Step(w, new Action.Acquire(k)),
                    new Step(w, new Action.Begin()),
                    new Step(w, new Action.Claim()),
                    new Step(w, new Action.OutboxRow(r, "done")),
                    new Step(w, new Action.Commit())));
            steps.addAll(relayed);
            return steps;
        });
    }

    /**
     * A takeover comes while a fenced write's transaction is open: the write's
     * lock must hold the fence (the takeover waits), or the write must not
     * commit under the old token.
     */
    static Arbitrary<List<Step>> writeWithATakeover() {
        Arbitrary<Boolean> commits = Arbitraries.frequency(Tuple.of(3, true), Tuple.of(1, false));
        return Combinators.combine(worker(), worker(), key(), writeInTransaction(), commits).as((holder, other, k, w, commit) -> List.of(
                new Step(Step.CLOCK, new Action.AdvanceToExpiry(k, 1)),
                new Step(holder, new Action.Acquire(k)),
                new Step(holder, new Action.Begin()),
                new Step(holder, w),
                new Step(Step.CLOCK, new Action.AdvanceToExpiry(k, 1)),
                new Step(other, new Action.Acquire(k)),
                new Step(holder, commit ? new Action.Commit() : new Action.Rollback())));
    }

    /** A write with the believed token inside a transaction, to either sink: it holds the grant it read until the end. */
    static Arbitrary<Action.Write> writeInTransaction() {
        return Combinators.combine(Arbitraries.of(SinkKind.CURRENT_FENCE, SinkKind.LATEST_TOKEN_WINS),
                resultId()).as((sink, r) -> new Action.Write(sink, TokenSource.HELD, r, "done"));
    }

    /** A write inside a transaction: its FOR SHARE lock holds the grant until the end. */
    static Arbitrary<List<Step>> writeInTransactionThenEnd() {
        Arbitrary<Boolean> commits = Arbitraries.frequency(Tuple.of(3, true), Tuple.of(1, false));
        return Combinators.combine(worker(), key(), writeInTransaction(), commits, interposed().list().ofSize(2))
                .as((w, k, write, commit, between) -> {
                    List<Step> steps = new ArrayList<>();
                    steps.add(new Step(w, new Action.Acquire(k)));
                    steps.add(new Step(w, new Action.Begin()));
                    steps.addAll(between.get(0));
                    steps.add(new Step(w, write));
                    steps.addAll(between.get(1));
                    steps.add(new Step(w, commit ? new Action.Commit() : new Action.Rollback()));
                    return steps;
                });
    }
}
