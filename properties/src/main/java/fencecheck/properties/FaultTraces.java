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
 * Traces with faults from outside: lost requests and answers followed by
 * retries, statements held by the network while a takeover happens,
 * connections reset and workers crashed mid-transaction, coordinator
 * restarts, and database crashes. Built from the same fragments as
 * {@link Traces}, with fault fragments mixed in.
 */
public final class FaultTraces {

    private FaultTraces() {
    }

    /** Interleavings with network faults, worker crashes and coordinator restarts (no database crash). */
    public static Arbitrary<List<Step>> withNetworkFaults() {
        return Arbitraries.frequencyOf(
                        Tuple.of(3, Traces.fragment()),
                        Tuple.of(2, networkFaultOnNextStatement()),
                        Tuple.of(2, lostAnswerThenRetry()),
                        Tuple.of(2, lostRequestThenRetry()),
                        Tuple.of(4, heldPastTakeover()),
                        Tuple.of(2, crashMidWrite()),
                        Tuple.of(4, resetMidWrite()),
                        Tuple.of(2, coordinatorRestartBetweenGrants()))
                .list().ofMinSize(2).ofMaxSize(8)
                .map(FaultTraces::flatten);
    }

    /** Interleavings with exactly one database crash, placed right after an acknowledged grant or write. */
    public static Arbitrary<List<Step>> withOneDatabaseCrash() {
        Arbitrary<List<List<Step>>> before = Traces.fragment().list().ofMinSize(1).ofMaxSize(5);
        Arbitrary<List<List<Step>>> after = Traces.fragment().list().ofMaxSize(4);
        return Combinators.combine(before, crashRightAfterAcknowledgedWork(), after).as((b, crash, a) -> {
            List<Step> steps = new ArrayList<>(flatten(b));
            steps.addAll(crash);
            steps.addAll(flatten(a));
            return List.copyOf(steps);
        });
    }

    /**
     * Interleavings with exactly one failover of a replicated database, placed right after an acknowledged grant or
     * write, often followed by another worker's acquire of the same key: where asynchronous replication loses the
     * grant, that acquire gets its token again.
     */
    public static Arbitrary<List<Step>> withOneFailover() {
        Arbitrary<List<List<Step>>> before = Traces.fragment().list().ofMinSize(1).ofMaxSize(4);
        Arbitrary<List<List<Step>>> after = Traces.fragment().list().ofMaxSize(3);
        return Combinators.combine(before, failoverRightAfterAcknowledgedWork(), after).as((b, failover, a) -> {
            List<Step> steps = new ArrayList<>(flatten(b));
            steps.addAll(failover);
            steps.addAll(flatten(a));
            return List.copyOf(steps);
        });
    }

    static Arbitrary<List<Step>> failoverRightAfterAcknowledgedWork() {
        return Combinators.combine(Traces.holderAndOther(), Traces.key(), Traces.writeAction(), Arbitraries.of(true, false),
                        Arbitraries.frequency(Tuple.of(3, true), Tuple.of(1, false)))
                .as((pair, k, write, afterWrite, takeover) -> {
                    List<Step> steps = new ArrayList<>();
                    steps.add(Step.worker(pair[0], new Action.Acquire(k)));
                    if (afterWrite) {
                        steps.add(Step.worker(pair[0], write));
                    }
                    steps.add(Step.nemesis(new Action.Failover()));
                    if (takeover) {
                        steps.add(Step.worker(pair[1], new Action.Acquire(k)));
                    }
                    return List.copyOf(steps);
                });
    }

    private static List<Step> flatten(List<List<Step>> fragments) {
        return fragments.stream().flatMap(List::stream).toList();
    }

    static Arbitrary<Step> arm(int worker, NetworkFault fault) {
        return Arbitraries.just(Step.nemesis(new Action.Network("w" + worker, fault)));
    }

    /**
     * Any network fault on a worker's next call, whatever it is; a lost request or answer sometimes on the
     * call's second statement (a check and its write, an implementation's own COMMIT), which a call of one
     * statement never sends.
     */
    static Arbitrary<List<Step>> networkFaultOnNextStatement() {
        Arbitrary<Action.WorkerStatement> next = Arbitraries.oneOf(
                Traces.key().map(k -> (Action.WorkerStatement) new Action.Acquire(k)),
                Arbitraries.just(new Action.Renew()),
                Traces.writeAction().map(w -> (Action.WorkerStatement) w));
        Arbitrary<Integer> statement = Arbitraries.frequency(Tuple.of(3, 1), Tuple.of(1, 2));
        return Combinators.combine(Traces.worker(), Arbitraries.of(NetworkFault.class), statement, next)
                .as((w, fault, n, action) -> List.of(Step.nemesis(new Action.Network("w" + w, fault, aimable(fault) ? n : 1)),
                        Step.worker(w, action)));
    }

    /** Whether the fault is aimed at one statement of a call; a held statement and a reset are the call's as a whole. */
    private static boolean aimable(NetworkFault fault) {
        return fault == NetworkFault.REQUEST_LOST || fault == NetworkFault.RESPONSE_LOST;
    }

    /** The answer to a grant or a write is lost; the worker, not knowing, retries the same operation. */
    static Arbitrary<List<Step>> lostAnswerThenRetry() {
        return Combinators.combine(Traces.worker(), Traces.key(), Traces.writeAction(), Arbitraries.of(true, false))
                .as((w, k, write, lostGrant) -> lostGrant
                        ? List.of(
                        Step.nemesis(new Action.Network("w" + w, NetworkFault.RESPONSE_LOST)),
                        Step.worker(w, new Action.Acquire(k)),
                        Step.worker(w, new Action.Retry()))
                        : List.of(
                        Step.worker(w, new Action.Acquire(k)),
                        Step.nemesis(new Action.Network("w" + w, NetworkFault.RESPONSE_LOST)),
                        Step.worker(w, new Action.Write(SinkKind.CURRENT_FENCE, write.token(), write.resultId(), write.payload())),
                        Step.worker(w, new Action.Retry())));
    }

    static Arbitrary<List<Step>> lostRequestThenRetry() {
        return Combinators.combine(Traces.worker(), Traces.writeAction())
                .as((w, write) -> List.of(
                        Step.nemesis(new Action.Network("w" + w, NetworkFault.REQUEST_LOST)),
                        Step.worker(w, write),
                        Step.worker(w, new Action.Retry())));
    }

    /** The holder's write is held by the network past its lease while another worker takes over; then it arrives. */
    static Arbitrary<List<Step>> heldPastTakeover() {
        return Combinators.combine(Traces.holderAndOther(), Traces.key(), Traces.writeAction())
                .as((pair, k, write) -> List.of(
                        Step.worker(pair[0], new Action.Acquire(k)),
                        Step.nemesis(new Action.Network("w" + pair[0], NetworkFault.DELAYED)),
                        Step.worker(pair[0], write),
                        Step.clock(new Action.AdvanceToExpiry(k, 1)),
                        Step.worker(pair[1], new Action.Acquire(k)),
                        Step.nemesis(new Action.Deliver("w" + pair[0]))));
    }

    /** The worker writes inside a transaction and the connection is reset after its write, before it commits. */
    static Arbitrary<List<Step>> resetMidWrite() {
        return Combinators.combine(Traces.worker(), Traces.key(), Traces.writeAction())
                .as((w, k, write) -> List.of(
                        Step.worker(w, new Action.Acquire(k)),
                        Step.worker(w, new Action.Begin()),
                        Step.nemesis(new Action.Network("w" + w, NetworkFault.CONNECTION_RESET)),
                        Step.worker(w, write)));
    }

    /** The worker writes inside a transaction and crashes before committing: a restart drops its connection. */
    static Arbitrary<List<Step>> crashMidWrite() {
        return Combinators.combine(Traces.worker(), Traces.key(), Traces.sink(), Traces.resultId(), Traces.payload())
                .as((w, k, sink, id, payload) -> List.of(
                        Step.worker(w, new Action.Acquire(k)),
                        Step.worker(w, new Action.Begin()),
                        Step.worker(w, new Action.Write(sink, TokenSource.HELD, id, payload)),
                        Step.nemesis(new Action.Restart("w" + w, false))));
    }

    /** A grant, a coordinator restart, the lease runs out, and another worker takes over. */
    static Arbitrary<List<Step>> coordinatorRestartBetweenGrants() {
        return Combinators.combine(Traces.holderAndOther(), Traces.key())
                .as((pair, k) -> List.of(
                        Step.worker(pair[0], new Action.Acquire(k)),
                        Step.nemesis(new Action.RestartCoordinator()),
                        Step.clock(new Action.AdvanceToExpiry(k, 1)),
                        Step.worker(pair[1], new Action.Acquire(k))));
    }

    static Arbitrary<List<Step>> crashRightAfterAcknowledgedWork() {
        return Combinators.combine(Traces.worker(), Traces.key(), Traces.writeAction(), Arbitraries.of(true, false))
                .as((w, k, write, afterWrite) -> afterWrite
                        ? List.of(Step.worker(w, new Action.Acquire(k)), Step.worker(w, write), Step.nemesis(new Action.CrashDatabase()))
                        : List.of(Step.worker(w, new Action.Acquire(k)), Step.nemesis(new Action.CrashDatabase())));
    }
}
