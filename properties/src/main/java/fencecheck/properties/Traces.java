package fencecheck.properties;

import fencecheck.api.SinkKind;
import fencecheck.model.Micros;
import fencecheck.trace.Action;
import fencecheck.trace.Step;
import fencecheck.trace.TokenSource;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

import java.util.ArrayList;
import java.util.List;

/**
 * Generators of traces, biased toward what matters: takeovers of a paused
 * holder, clock moves that land on a lease boundary or one microsecond either
 * side, writes right after a takeover, duplicates right after a write, and
 * restarts while holding a lease. A trace is a list of short fragments, each
 * one to three steps, so shrinking can drop whole fragments and still keep
 * the pieces of a counterexample together.
 */
public final class Traces {

    static final List<String> KEYS = List.of("K1", "K2");
    /** Payloads carry markup characters and quotes so every report must escape them. */
    static final List<String> PAYLOADS = List.of("done", "<b>A&B</b>", "it's \"final\"", "x<y & y>z");

    private Traces() {
    }

    public static Arbitrary<List<Step>> interleavings() {
        return fragment().list().ofMinSize(2).ofMaxSize(16)
                .map(fragments -> fragments.stream().flatMap(List::stream).toList());
    }

    @SuppressWarnings("unchecked")
    static Arbitrary<List<Step>> fragment() {
        return Arbitraries.frequencyOf(
                Tuple.of(14, acquire().map(List::of)),
                Tuple.of(6, renew().map(List::of)),
                Tuple.of(2, release().map(List::of)),
                Tuple.of(14, write().map(List::of)),
                Tuple.of(7, rolledBackWrite()),
                Tuple.of(10, clockToBoundary().map(List::of)),
                Tuple.of(3, clockBy().map(List::of)),
                Tuple.of(2, pause().map(List::of)),
                Tuple.of(2, resume().map(List::of)),
                Tuple.of(3, restart().map(List::of)),
                Tuple.of(3, duplicate().map(List::of)),
                Tuple.of(2, zombieWakesUp()),
                Tuple.of(5, takeoverOfPausedHolder()),
                Tuple.of(6, takeoverAtTheBoundary()),
                Tuple.of(10, staleHolderWritesAfterTakeover()),
                Tuple.of(3, restartWhileHolding()),
                Tuple.of(3, lostReceiptOfANewGrant()),
                Tuple.of(4, writeRightAfterTakeover()),
                Tuple.of(8, duplicateRightAfterWrite()),
                Tuple.of(5, renewAtBoundary()),
                Tuple.of(8, splitOperation()));
    }

    // --- single steps --------------------------------------------------------------------------------------

    static Arbitrary<Integer> worker() {
        return Arbitraries.frequency(Tuple.of(5, 1), Tuple.of(5, 2), Tuple.of(2, 3), Tuple.of(1, 4));
    }

    static Arbitrary<String> key() {
        return Arbitraries.frequency(Tuple.of(4, "K1"), Tuple.of(1, "K2"));
    }

    static Arbitrary<Step> acquire() {
        return Combinators.combine(worker(), key(), Arbitraries.frequency(Tuple.of(9, false), Tuple.of(1, true)))
                .as((w, k, lost) -> Step.worker(w, new Action.Acquire(k, lost)));
    }

    static Arbitrary<Step> renew() {
        return worker().map(w -> Step.worker(w, new Action.Renew()));
    }

    static Arbitrary<Step> release() {
        return worker().map(w -> Step.worker(w, new Action.Release()));
    }

    static Arbitrary<Action.Write> writeAction() {
        Arbitrary<TokenSource> token = Arbitraries.frequency(
                Tuple.of(7, TokenSource.HELD), Tuple.of(2, TokenSource.ABOVE_FENCE), Tuple.of(2, TokenSource.OTHER_KEY));
        return Combinators.combine(sink(), token, resultId(), payload()).as(Action.Write::new);
    }

    static Arbitrary<Step> write() {
        return Combinators.combine(worker(), writeAction()).as(Step::worker);
    }

    /** A write inside a transaction that rolls back: begin, write with the believed token, rollback. */
    static Arbitrary<List<Step>> rolledBackWrite() {
        return Combinators.combine(worker(), sink(), resultId(), payload())
                .as((w, s, id, p) -> List.of(
                        Step.worker(w, new Action.Begin()),
                        Step.worker(w, new Action.Write(s, TokenSource.HELD, id, p)),
                        Step.worker(w, new Action.Rollback())));
    }

    /** What a woken zombie does: it still believes its old grant. */
    static Arbitrary<Action.WorkerStatement> zombieAction() {
        return Arbitraries.frequencyOf(
                Tuple.of(4, writeAction().map(w -> (Action.WorkerStatement) w)),
                Tuple.of(2, Arbitraries.just(new Action.Renew())),
                Tuple.of(1, Arbitraries.just(new Action.Release())),
                Tuple.of(1, key().map(k -> new Action.Acquire(k))));
    }

    /**
     * A worker is restarted while it holds a lease, but its old incarnation
     * was only stalled: sometimes after the lease ran out and another worker
     * took over, it wakes up and acts on its old owner id and token.
     */
    static Arbitrary<List<Step>> zombieWakesUp() {
        return Combinators.combine(holderAndOther(), key(), Arbitraries.of(true, false), zombieAction())
                .as((pair, k, takeover, act) -> {
                    List<Step> steps = new ArrayList<>(List.of(
                            Step.worker(pair[0], new Action.Acquire(k)),
                            Step.nemesis(new Action.Restart("w" + pair[0], true))));
                    if (takeover) {
                        steps.add(Step.clock(new Action.AdvanceToExpiry(k, 1)));
                        steps.add(Step.worker(pair[1], new Action.Acquire(k)));
                    }
                    steps.add(Step.nemesis(new Action.Resume("z" + pair[0])));
                    steps.add(Step.zombie(pair[0], act));
                    return steps;
                });
    }

    /** Exactly on the boundary, one microsecond either side, or well past it. */
    static Arbitrary<Step> clockToBoundary() {
        Arbitrary<Long> delta = Arbitraries.frequencyOf(
                Tuple.of(3, Arbitraries.of(-1L, 0L, 1L)),
                Tuple.of(1, Arbitraries.longs().between(2, 5 * Micros.SECOND)));
        return Combinators.combine(key(), delta).as((k, d) -> Step.clock(new Action.AdvanceToExpiry(k, d)));
    }

    static Arbitrary<Step> clockBy() {
        return Arbitraries.longs().between(1, 15 * Micros.SECOND).map(d -> Step.clock(new Action.AdvanceBy(d)));
    }

    static Arbitrary<Step> pause() {
        return worker().map(w -> Step.nemesis(new Action.Pause("w" + w)));
    }

    static Arbitrary<Step> resume() {
        return worker().map(w -> Step.nemesis(new Action.Resume("w" + w)));
    }

    static Arbitrary<Step> restart() {
        return Combinators.combine(worker(), Arbitraries.of(true, false))
                .as((w, zombie) -> Step.nemesis(new Action.Restart("w" + w, zombie)));
    }

    static Arbitrary<Step> duplicate() {
        return worker().map(w -> Step.nemesis(new Action.Duplicate("w" + w)));
    }

    static Arbitrary<SinkKind> sink() {
        return Arbitraries.of(SinkKind.class);
    }

    static Arbitrary<String> resultId() {
        return Arbitraries.of("r1", "r2");
    }

    static Arbitrary<String> payload() {
        return Arbitraries.of(PAYLOADS);
    }

    // --- fragments that put the interesting situations next to each other ---------------------------------

    /** Two different workers: the one holding a lease and the one that takes it over. */
    static Arbitrary<int[]> holderAndOther() {
        return Arbitraries.frequency(
                Tuple.of(6, new int[]{1, 2}), Tuple.of(6, new int[]{2, 1}),
                Tuple.of(2, new int[]{1, 3}), Tuple.of(2, new int[]{3, 2}), Tuple.of(1, new int[]{4, 1}));
    }

    /** A holder, then the clock exactly at its expiry or one microsecond past it, then another worker tries. */
    static Arbitrary<List<Step>> takeoverAtTheBoundary() {
        return Combinators.combine(holderAndOther(), key(), Arbitraries.of(0L, 1L))
                .as((pair, k, d) -> List.of(
                        Step.worker(pair[0], new Action.Acquire(k)),
                        Step.clock(new Action.AdvanceToExpiry(k, d)),
                        Step.worker(pair[1], new Action.Acquire(k))));
    }

    /**
     * Article A's case: the lease runs out, another worker takes over, the old
     * holder writes what it believed; sometimes the old holder is a zombie that
     * wakes up for it.
     */
    static Arbitrary<List<Step>> staleHolderWritesAfterTakeover() {
        return Combinators.combine(holderAndOther(), key(), writeAction(), Arbitraries.of(true, false))
                .as((pair, k, write, fromZombie) -> {
                    List<Step> steps = new ArrayList<>(List.of(
                            Step.clock(new Action.AdvanceToExpiry(k, 1)),
                            Step.worker(pair[1], new Action.Acquire(k))));
                    if (fromZombie) {
                        steps.add(Step.nemesis(new Action.Resume("z" + pair[0])));
                        steps.add(Step.zombie(pair[0], write));
                    } else {
                        steps.add(Step.worker(pair[0], write));
                    }
                    return steps;
                });
    }

    /**
     * The holder's lease runs out, it acquires again and gets a new token, but
     * the answer is lost: it still believes the old token, and renews or writes with it.
     */
    static Arbitrary<List<Step>> lostReceiptOfANewGrant() {
        return Combinators.combine(worker(), key(), Arbitraries.of(0L, 1L))
                .as((w, k, d) -> List.of(
                        Step.worker(w, new Action.Acquire(k)),
                        Step.clock(new Action.AdvanceToExpiry(k, d)),
                        Step.worker(w, new Action.Acquire(k, true)),
                        Step.worker(w, new Action.Renew())));
    }

    static Arbitrary<List<Step>> restartWhileHolding() {
        return Combinators.combine(worker(), key(), Arbitraries.of(true, false))
                .as((w, k, zombie) -> List.of(
                        Step.worker(w, new Action.Acquire(k)),
                        Step.nemesis(new Action.Restart("w" + w, zombie))));
    }

    /** The holder pauses, its lease runs out to (or just past) the boundary, and another worker acquires. */
    static Arbitrary<List<Step>> takeoverOfPausedHolder() {
        return Combinators.combine(worker(), worker(), key(), Arbitraries.of(0L, 1L))
                .as((holder, other, k, d) -> List.of(
                        Step.nemesis(new Action.Pause("w" + holder)),
                        Step.clock(new Action.AdvanceToExpiry(k, d)),
                        Step.worker(other, new Action.Acquire(k))));
    }

    static Arbitrary<List<Step>> writeRightAfterTakeover() {
        return Combinators.combine(worker(), key(), writeAction())
                .as((w, k, write) -> List.of(Step.worker(w, new Action.Acquire(k)), Step.worker(w, write)));
    }

    static Arbitrary<List<Step>> duplicateRightAfterWrite() {
        return Combinators.combine(worker(), writeAction())
                .as((w, write) -> List.of(Step.worker(w, write), Step.nemesis(new Action.Duplicate("w" + w))));
    }

    /**
     * A worker's lease operation stops after its first one to three statements (mostly one) while another
     * worker acts, often taking over the same key, sometimes after the clock moved; the stopped call goes on at
     * its worker's next step. A pack whose files hold one statement runs it through.
     */
    @SuppressWarnings("unchecked")
    static Arbitrary<List<Step>> splitOperation() {
        Arbitrary<Integer> after = Arbitraries.frequency(Tuple.of(6, 1), Tuple.of(3, 2), Tuple.of(1, 3));
        Arbitrary<Action.WorkerStatement> operation = Arbitraries.frequencyOf(
                Tuple.of(3, key().map(k -> (Action.WorkerStatement) new Action.Acquire(k))),
                Tuple.of(2, writeAction().map(w -> (Action.WorkerStatement) w)),
                Tuple.of(1, Arbitraries.just(new Action.Renew())),
                Tuple.of(1, Arbitraries.just(new Action.Release())));
        Arbitrary<List<Step>> between = Arbitraries.frequencyOf(
                Tuple.of(4, Combinators.combine(worker(), key()).as((w, k) -> List.of(Step.worker(w, new Action.Acquire(k))))),
                Tuple.of(2, takeoverAtTheBoundary().map(steps -> steps.subList(1, steps.size()))),
                Tuple.of(1, write().map(List::of)),
                Tuple.of(1, renew().map(List::of)));
        return Combinators.combine(holderAndOther(), after, operation, between).as((pair, k, op, others) -> {
            List<Step> steps = new ArrayList<>(List.of(
                    Step.nemesis(new Action.Split("w" + pair[0], k)),
                    Step.worker(pair[0], op)));
            // the other actor is another worker, whichever the generator drew
            others.forEach(step -> steps.add(step.actor().equals("w" + pair[0]) ? new Step("w" + pair[1], step.action()) : step));
            return steps;
        });
    }

    static Arbitrary<List<Step>> renewAtBoundary() {
        return Combinators.combine(worker(), key(), Arbitraries.of(-1L, 0L, 1L))
                .as((w, k, d) -> List.of(Step.clock(new Action.AdvanceToExpiry(k, d)), Step.worker(w, new Action.Renew())));
    }
}
